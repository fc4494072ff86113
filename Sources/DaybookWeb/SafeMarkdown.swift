import Foundation
import DaybookCore
import Ink

/// A journal entry's Markdown as HTML a page can show (issue 17): headings, emphasis, lists,
/// quotes, links, code and tables, and nothing executable, ever.
///
/// Ink does the parsing; what it would let through is closed off in two layers. Modifiers turn raw
/// HTML and images into escaped text, rebuild links (only `http`, `https` and `mailto`, with
/// `rel="nofollow noopener"`) and code blocks (no attributes). Then every tag of the result must be
/// one of a short allowlist, written exactly as this type writes it, or it is escaped into text:
/// whatever a parser quirk lets through comes out as letters, not markup.
enum SafeMarkdown {
    static func html(_ markdown: String) -> String {
        // A body opening with `---` would be read as front matter and vanish: a space keeps it text.
        let source = markdown.hasPrefix("---") ? " " + markdown : markdown
        return allowlisted(parser.html(from: hardLineBreaks(source)))
    }

    /// A diary keeps the line breaks its writer typed: a line followed by another line of the same
    /// paragraph ends in a Markdown hard break (two spaces). Code blocks, headings and the lines
    /// before a new block (a list item, quote, heading, fence, table row) are left alone.
    static func hardLineBreaks(_ markdown: String) -> String {
        let lines = markdown.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        func startsBlock(_ line: Substring) -> Bool {
            let text = line.drop { $0 == " " }
            guard let first = text.first else { return true }
            if "#>|`~".contains(first) || text.hasPrefix("---") || text.hasPrefix("***") { return true }
            if ["- ", "* ", "+ "].contains(where: text.hasPrefix) { return true }
            let digits = text.prefix { $0.isNumber }
            return !digits.isEmpty && text.dropFirst(digits.count).hasPrefix(". ")
        }
        var out: [Substring] = []
        var inFence = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            if !inFence, !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("```"),
                !trimmed.hasPrefix("~~~"), !startsBlock(next)
            {
                out.append(line + "  ")
            } else {
                out.append(line)
            }
        }
        return out.joined(separator: "\n")
    }

    /// Built per use: a parser holds closures, so it cannot be shared between threads.
    private static var parser: MarkdownParser {
        MarkdownParser(modifiers: [
            Modifier(target: .html) { escape(String($0.markdown)) },
            Modifier(target: .images) { input in
                // The alt text, as text: a photo belongs in the entry's photos, not in a link.
                escape(String(input.markdown.dropFirst(2).prefix { $0 != "]" }))
            },
            Modifier(target: .links) { link($0.html, markdown: $0.markdown) },
            Modifier(target: .codeBlocks) { input in
                // Ink escapes the code but not the language after the fence: keep only the code.
                let body = input.html.dropLast("</code></pre>".count)
                let code = body.lastIndex(of: ">").map { body[body.index(after: $0)...] } ?? ""
                return "<pre><code>\(code)</code></pre>"
            },
        ])
    }

    /// Tags that may stand in the output, exactly so (no attributes), besides `linkOpening`.
    static let allowedTags: Set<String> = Set(
        [
            "p", "h1", "h2", "h3", "h4", "h5", "h6", "em", "strong", "del", "ul", "ol", "li", "blockquote", "pre",
            "code", "table", "thead", "tbody", "tr", "th", "td", "a",
        ].flatMap { ["<\($0)>", "</\($0)>"] }
            + ["<br>", "<br/>", "<hr>", "<hr/>"])

    static let linkOpening = try! NSRegularExpression(
        pattern: #"^<a href="(https?://|mailto:)[^"<>\s]+" rel="nofollow noopener">$"#)

    /// Rebuilds a link from its Markdown: the target must be an absolute `http(s)` or `mailto`
    /// address, or the link is only its text.
    static func link(_ html: String, markdown: Substring) -> String {
        let text = html.firstIndex(of: ">").flatMap { start in
            html.range(of: "</a>", options: .backwards).map { html[html.index(after: start)..<$0.lowerBound] }
        }
        let inner = text.map(String.init) ?? escape(String(markdown))
        guard markdown.hasSuffix(")"), let open = markdown.range(of: "](", options: .backwards) else { return inner }
        let target = markdown[open.upperBound..<markdown.index(before: markdown.endIndex)]
            .trimmingCharacters(in: .whitespaces)
        let lower = target.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:"),
            !target.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" }),
            URL(string: target) != nil
        else { return inner }
        return
            "<a href=\"\(target.replacingOccurrences(of: "&", with: "&amp;"))\" rel=\"nofollow noopener\">\(inner)</a>"
    }

    /// Every `<…>` of `html` that is not an allowed tag becomes text.
    static func allowlisted(_ html: String) -> String {
        var out = ""
        out.reserveCapacity(html.utf8.count)
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else {
                out += escape(String(rest[open...]))
                return out
            }
            let tag = String(rest[open...close])
            let range = NSRange(tag.startIndex..., in: tag)
            if allowedTags.contains(tag) || linkOpening.firstMatch(in: tag, range: range) != nil {
                out += tag
            } else {
                out += escape(tag)
            }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    static func escape(_ text: String) -> String { text.markupEscaped }
}
