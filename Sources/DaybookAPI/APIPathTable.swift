import HTTPTypes

/// The contract's paths and the methods each allows, read from the document itself, so that a
/// known path asked with another method is `405` with `Allow`, not `404`.
struct APIPathTable: Sendable {
    struct Entry: Sendable {
        var segments: [Substring]
        var methods: [String]

        var literalCount: Int { segments.filter { !$0.hasPrefix("{") }.count }
    }

    let prefix: String
    let entries: [Entry]

    /// Reads the `paths:` section of the (block-style) YAML document: keys indented two spaces,
    /// operations four.
    init(document: String, prefix: String) {
        self.prefix = prefix
        var entries: [Entry] = []
        var inPaths = false
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" "), !line.isEmpty {
                inPaths = line.hasPrefix("paths:")
                continue
            }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                let path = line.dropFirst(2).dropLast()
                entries.append(Entry(segments: path.split(separator: "/"), methods: []))
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), let colon = line.firstIndex(of: ":"),
                !entries.isEmpty
            {
                let key = line[line.index(line.startIndex, offsetBy: 4)..<colon]
                if ["get", "put", "post", "delete", "patch", "head", "options", "trace"].contains(key) {
                    entries[entries.count - 1].methods.append(key.uppercased())
                }
            }
        }
        self.entries = entries
    }

    /// The methods the contract allows on a request path, or nil when it names no path of ours.
    func allowedMethods(for path: String) -> [String]? {
        guard path.hasPrefix(prefix + "/") else { return nil }
        let segments = path.dropFirst(prefix.count).split(separator: "/")
        let matches = entries.filter { entry in
            entry.segments.count == segments.count
                && zip(entry.segments, segments).allSatisfy { template, actual in
                    template.hasPrefix("{") || template == actual
                }
        }
        // As the router does, a path's own words win over a parameter: `/journal/public` is not
        // `/journal/{entryId}`, whichever the document lists first.
        return matches.max { $0.literalCount < $1.literalCount }?.methods
    }
}
