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
    public static let maxLength = 200

    /// Lower-cased words, in the order typed, each once.
    public let terms: [String]

    public init(terms: [String]) {
        self.terms = terms
    }

    /// Parses typed text; a field error on `field` when nothing searchable is left.
    public static func parse(_ text: String, field: String = "q") throws(ValidationError) -> SearchQuery {
        guard text.count <= maxLength else {
            throw ValidationError([
                FieldError(field: field, code: "too_long", message: "Search for at most \(maxLength) characters.")
            ])
        }
        let words = text.lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map { String($0.prefix(maxTermLength)) }
            .uniqued()
        guard !words.isEmpty else {
            throw ValidationError([
                FieldError(field: field, code: "required", message: "Type a word to search for.")
            ])
        }
        return SearchQuery(terms: Array(words.prefix(maxTerms)))
    }

    /// SQLite FTS5: every term as a quoted prefix (`"walk"* AND "park"*`).
    public var fts5Expression: String {
        terms.map { "\"\($0)\"*" }.joined(separator: " AND ")
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

    /// A snippet split into plain and highlighted runs, each run of white space (the line breaks
    /// between an entry's parts included) made one space, and none at either end.
    public static func segments(_ snippet: String) -> [(text: String, highlighted: Bool)] {
        var segments: [(String, Bool)] = []
        var current = ""
        var highlighted = false
        var previousWasSpace = true
        for character in snippet.trimmingCharacters(in: .whitespacesAndNewlines) {
            if character.isWhitespace {
                if !previousWasSpace { current.append(" ") }
                previousWasSpace = true
                continue
            }
            previousWasSpace = false
            if character == start || character == end {
                if !current.isEmpty { segments.append((current, highlighted)) }
                current = ""
                highlighted = character == start
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { segments.append((current, highlighted)) }
        return segments
    }
}
