import Foundation

/// Text that may hold a little HTML (Daylio's rich notes): line breaks kept, tags dropped.
enum HTMLText {
    static func plain(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var text = html
        for tag in ["<br>", "<br/>", "<br />", "</p>", "</div>"] {
            text = text.replacingOccurrences(of: tag, with: "\n", options: .caseInsensitive)
        }
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [
            ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
