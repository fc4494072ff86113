import Foundation

/// What a person typed into search, reduced to what both databases' full-text engines read the
/// same way: up to `maxTerms` words of letters and digits, lower-cased, each matched as the start
/// of a word ("walk" finds "walked"), all of them required.
///
/// Keeping queries this plain is what lets SQLite's FTS5 and PostgreSQL's `tsvector` (both with no
/// stemming) give the same results: no operators, no quotes, nothing either engine would read
/// differently or could be made to fail on.
public struct SearchQuery: Sendable, Hashable {
    public static let maxTerms = 8
    public static let maxTermLength = 40
    /// Longer text is refused; up to here, words past `maxTerms` are dropped.
    public static let maxLength = 1_000

    /// Lower-cased words, in the order typed, each once; empty when only filters were given.
    public let terms: [String]
    public let filters: SearchFilters

    public init(terms: [String], filters: SearchFilters = SearchFilters()) {
        self.terms = terms
        self.filters = filters
    }

    /// Parses typed text. Nil when something was typed but none of it is a word (`"*"`, `((`, an
    /// emoji): nothing can match, and that is an empty answer, not an error. A field error on
    /// `field` when nothing was typed and no filter was given, or the text is too long.
    public static func parse(
        _ text: String, filters: SearchFilters = SearchFilters(), field: String = "q"
    ) throws(ValidationError) -> SearchQuery? {
        guard text.count <= maxLength else {
            throw ValidationError([
                FieldError(field: field, code: "too_long", message: "Search for at most \(maxLength) characters.")
            ])
        }
        let words = text.lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map { String($0.prefix(maxTermLength)) }
            .uniqued()
        if words.isEmpty {
            if !text.allSatisfy(\.isWhitespace) { return nil }
            guard !filters.isEmpty else {
                throw ValidationError([
                    FieldError(
                        field: field, code: "required", message: "Type a word to search for, or choose a filter.")
                ])
            }
        }
        return SearchQuery(terms: Array(words.prefix(maxTerms)), filters: filters)
    }

    /// SQLite FTS5: every term as a quoted prefix (`"walk"* AND "park"*`), with `mark` before each
    /// word inside its quotes (how SQLite's search names the words' owner to its tokenizer).
    public func fts5Expression(eachWordAfter mark: String = "") -> String {
        terms.map { "\"\(mark)\($0)\"*" }.joined(separator: " AND ")
    }

    /// PostgreSQL `to_tsquery('simple', …)`: every term as a prefix (`walk:* & park:*`).
    public var tsqueryExpression: String {
        terms.map { "\($0):*" }.joined(separator: " & ")
    }
}

/// Where a highlighted word starts and ends in a search snippet. Private-use characters, which
/// nobody types, so the store can mark words without the snippet's text ever being taken for
/// markup; pages and the API turn them into their own highlighting.
public enum SearchHighlight {
    public static let start: Character = "\u{E000}"
    public static let end: Character = "\u{E001}"

    /// The opening words of a text, as the snippet of a search without words: white space made
    /// single spaces, cut after about `length` characters at a word, with `…` when cut.
    public static func opening(_ text: String, length: Int = 160) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        var result = ""
        for word in words {
            if result.count + word.count > length {
                return result.isEmpty ? String(word.prefix(length)) + "…" : result + " …"
            }
            result += result.isEmpty ? String(word) : " " + word
        }
        return result
    }

    /// A snippet split into plain and highlighted runs, each run of white space (the line breaks
    /// between an entry's parts included) made one space, and none at either end.
    ///
    /// Walks the UTF-8 bytes, not `Character`s or `String.Index`es: a page of twenty hits is
    /// thousands of scalars, and grapheme breaking plus Foundation's trimming were most of a
    /// search's own time. A run of printable ASCII (most of a snippet: a word) is found with a
    /// tight loop and copied at once; a byte at a time, the copying was 2 % of a search.
    public static func segments(_ snippet: String) -> [(text: String, highlighted: Bool)] {
        var snippet = snippet
        return snippet.withUTF8 { bytes in
            var segments: [(text: String, highlighted: Bool)] = []
            var current: [UInt8] = []
            current.reserveCapacity(bytes.count)
            var highlighted = false
            var started = false
            var spacePending = false
            var index = 0
            while index < bytes.count {
                // The next piece: a run of printable ASCII (neither white space nor a mark), or one scalar.
                let start = index
                var mark: UInt32?
                if isPrintableASCII(bytes[index]) {
                    repeat { index += 1 } while index < bytes.count && isPrintableASCII(bytes[index])
                } else {
                    let (scalar, length) = bytes.scalar(at: index)
                    index += length
                    if isWhitespace(scalar) {
                        spacePending = started
                        continue
                    }
                    if scalar == startScalar || scalar == endScalar { mark = scalar }
                }
                if spacePending { current.append(UInt8(ascii: " ")) }
                spacePending = false
                started = true
                if let mark {
                    if !current.isEmpty { segments.append((String(decoding: current, as: UTF8.self), highlighted)) }
                    current.removeAll(keepingCapacity: true)
                    highlighted = mark == startScalar
                } else {
                    current.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                }
            }
            if !current.isEmpty { segments.append((String(decoding: current, as: UTF8.self), highlighted)) }
            return segments
        }
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }

    private static let startScalar = start.unicodeScalars.first!.value
    private static let endScalar = end.unicodeScalars.first!.value

    private static func isWhitespace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20, 0x09...0x0D: true
        case 0..<0x80, 0xE000...0xF8FF: false  // private use, the marks among them: no table lookup
        default: Unicode.Scalar(scalar)?.properties.isWhitespace ?? false
        }
    }
}
