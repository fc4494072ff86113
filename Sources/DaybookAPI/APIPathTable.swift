import HTTPTypes

/// The contract's paths and the operations of each (read by `APIContract`): a known path asked
/// with another method is `405` with `Allow`, not `404`, and a request's operation is known before
/// the generated server decodes it.
struct APIPathTable: Sendable {
    struct Entry: Sendable {
        var segments: [Substring]
        /// In the document's order.
        var operations: [Operation]

        var literalCount: Int { segments.filter { !$0.hasPrefix("{") }.count }
    }

    struct Operation: Sendable {
        /// Upper case, as in `Allow`.
        var method: String
        var id: String
    }

    let prefix: String
    let entries: [Entry]

    /// The methods the contract allows on a request path, or nil when it names no path of ours.
    /// HEAD is there wherever GET is: the router answers it for every GET route.
    func allowedMethods(for path: String) -> [String]? {
        guard let methods = entry(for: path)?.operations.map(\.method) else { return nil }
        return methods.contains("GET") && !methods.contains("HEAD") ? methods + ["HEAD"] : methods
    }

    /// The id of the operation a request asks for, if the contract has it.
    func operationID(for path: String, method: HTTPRequest.Method) -> String? {
        entry(for: path)?.operations.first { $0.method == method.rawValue }?.id
    }

    private func entry(for path: String) -> Entry? {
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
        return matches.max { $0.literalCount < $1.literalCount }
    }
}
