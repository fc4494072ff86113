import Foundation

/// Markdown read as plain text, for the places that show a few words of an entry rather than the
/// entry (feed cards, search snippets): `**windy**` reads "windy", `[map](https://…)` reads "map",
/// list markers, heading marks and quote marks go. Never HTML: the result is escaped like any text.
enum MarkdownPlainText {
    private static let rules: [(NSRegularExpression, String)] = [
        (#"!?\[([^\]]*)\]\([^)]*\)"#, "$1"),  // links and images: their text
        (#"(?m)^\s{0,3}(#{1,6}|>+|[-*+]|\d{1,9}[.)])\s+"#, ""),  // headings, quotes, list items
        (#"(\*\*|\*|~~|`+)(?=\S)(.+?)(?<=\S)\1"#, "$2"),  // emphasis and code spans
        (#"(?<!\w)(__|_)(?=\S)(.+?)(?<=\S)\1(?!\w)"#, "$2"),  // emphasis with _, never inside a word
        (#"(?m)^\s{0,3}([-*_]\s*){3,}$"#, ""),  // rules
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

    static func plain(_ markdown: String) -> String {
        var text = markdown
        for (pattern, template) in rules {
            text = pattern.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return text
    }

    /// A piece of a search snippet: the same, and a lone marker left by a cut (`- `, `**`) dropped.
    static func snippet(_ piece: String) -> String {
        plain(piece).replacingOccurrences(
            of: #"(^|\s)([-*+>#]|\*\*|__)(?=\s|$)"#, with: "$1", options: .regularExpression
        )
        .replacingOccurrences(of: #"\*\*|__|`"#, with: "", options: .regularExpression)
        .replacingOccurrences(of: #" {2,}"#, with: " ", options: .regularExpression)
    }
}
