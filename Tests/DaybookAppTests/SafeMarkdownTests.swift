import Foundation
import Testing

@testable import DaybookWeb

@Suite("Markdown: what a journal entry may show")
struct SafeMarkdownTests {
    /// Every tag of the output, as written.
    func tags(_ html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "<[^>]*>")
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range, in: html)!])
        }
    }

    /// No tag outside the allowlist, no attribute but a checked `href`, nothing executable.
    func expectSafe(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for tag in tags(html) {
            let allowed =
                SafeMarkdown.allowedTags.contains(tag)
                || tag.range(
                    of: #"^<a href="(https?://|mailto:)[^"<>\s]+" rel="nofollow noopener">$"#,
                    options: .regularExpression) != nil
            #expect(allowed, "tag \(tag) in \(html)", sourceLocation: sourceLocation)
        }
        // Outside those tags, no `<` at all: everything else is text.
        let text = tags(html).reduce(html) { $0.replacingOccurrences(of: $1, with: "") }
        #expect(!text.contains("<"), "raw < in \(html)", sourceLocation: sourceLocation)
    }

    @Test func rendersTheEverydayMarkdown() {
        let html = SafeMarkdown.html(
            """
            # Lisbon

            A *warm* day, **very** warm. [The tram](https://example.org/tram?a=1&b=2) and `code`.

            - pastéis
            - sardines

            > Saudade.

            ```swift
            let x = 1 < 2
            ```
            """)
        #expect(html.contains("<h1>Lisbon</h1>"))
        #expect(html.contains("<em>warm</em>") && html.contains("<strong>very</strong>"))
        #expect(
            html.contains(#"<a href="https://example.org/tram?a=1&amp;b=2" rel="nofollow noopener">The tram</a>"#),
            "\(html)")
        #expect(html.contains("<ul><li>pastéis</li><li>sardines</li></ul>"), "\(html)")
        #expect(html.contains("<blockquote>"))
        #expect(html.contains("<pre><code>let x = 1 &lt; 2"), "\(html)")
        expectSafe(html)
    }

    @Test(arguments: [
        "<script>alert(1)</script>",
        "<style>body{display:none}</style>",
        "<img src=x onerror=alert(1)>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "[click](javascript:alert(1))",
        "[click](JaVaScRiPt:alert(1))",
        "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[x](http://a\" onmouseover=\"alert(1))",
        "[x](https://ok.example/\"><script>alert(1)</script>)",
        "![x](javascript:alert(1))",
        "![alt\" onerror=\"alert(1)](https://example.org/a.png)",
        "```\"><script>alert(1)</script>\nx\n```",
        "<div onclick=\"alert(1)\">*hi*</div>",
        "<b><i>broken</b></i> <p><p><p>",
        "&lt;script&gt;alert(1)&lt;/script&gt;",
        "&#60;script&#62;alert(1)&#60;/script&#62;",
        "<svg/onload=alert(1)>",
        "<<script>script>alert(1)<</script>/script>",
        "<iframe src=\"https://evil.example\"></iframe>",
        "[a](<javascript:alert(1)>)",
        "<https://example.org>",
        "---\ntitle: x\n---\nbody",
        "| a | b |\n|---|---|\n| <script> | [x](javascript:1) |",
    ])
    func hostileInputComesOutAsText(_ markdown: String) {
        let html = SafeMarkdown.html(markdown)
        expectSafe(html)
        let lower = html.lowercased()
        for tag in tags(lower) {
            for needle in ["javascript:", "data:", "on", "style", "src"] where tag.hasPrefix("<a ") {
                #expect(!tag.contains(needle + "=") && !tag.contains("href=\"\(needle)"), "\(tag)")
            }
            #expect(!["<script", "<style", "<img", "<svg", "<iframe", "<div"].contains { tag.hasPrefix($0) })
        }
    }

    @Test func rawHTMLShowsAsText() {
        #expect(SafeMarkdown.html("<b>bold?</b>").contains("&lt;b&gt;bold?&lt;/b&gt;"))
        #expect(SafeMarkdown.html("[x](javascript:alert(1))").contains("x"))
        #expect(!SafeMarkdown.html("[x](javascript:alert(1))").contains("href"))
        #expect(SafeMarkdown.html("mail [me](mailto:me@example.org)").contains(#"href="mailto:me@example.org""#))
        #expect(SafeMarkdown.html("---\ntitle: x\n---\nbody").contains("body"))
    }

    @Test func aLineBreakIsKeptAsADiaryWouldKeepIt() {
        #expect(
            SafeMarkdown.html("line one\nline two\n\n- a\n- b\n\n# Head\nafter\n```\ncode\nmore\n```")
                == "<p>line one<br>line two</p><ul><li>a</li><li>b</li></ul><h1>Head</h1><p>after</p>"
                + "<pre><code>code\nmore\n</code></pre>")
    }
}

@Suite struct MarkdownPlainTextTests {
    @Test func marksGoWordsStay() {
        #expect(MarkdownPlainText.plain("A **windy** day by the *harbour*.") == "A windy day by the harbour.")
        #expect(MarkdownPlainText.plain("# Trip\n> quoted\n- gulls\n1. first") == "Trip\nquoted\ngulls\nfirst")
        #expect(MarkdownPlainText.plain("see [the map](https://example.org) and `code`") == "see the map and code")
        #expect(MarkdownPlainText.plain("2 * 3 * 4 and snake_case_name") == "2 * 3 * 4 and snake_case_name")
        #expect(MarkdownPlainText.snippet("by the *harbour*. - gulls - ") == "by the harbour. gulls ")
    }
}
