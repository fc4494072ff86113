import DaybookCore
import Testing

@Suite("Search queries")
struct SearchQueryTests {
    @Test func wordsAreLowerCasedDeduplicatedAndCapped() throws {
        let query = try #require(try SearchQuery.parse("  Walk, PARK! walk \"quoted\" AND-or*  "))
        #expect(query.terms == ["walk", "park", "quoted", "and", "or"])
        #expect(query.fts5Expression() == #""walk"* AND "park"* AND "quoted"* AND "and"* AND "or"*"#)
        #expect(query.tsqueryExpression == "walk:* & park:* & quoted:* & and:* & or:*")
        let many = try #require(try SearchQuery.parse((1...20).map { "w\($0)" }.joined(separator: " ")))
        #expect(many.terms.count == SearchQuery.maxTerms)
        #expect(try SearchQuery.parse("café 2024")?.terms == ["café", "2024"])
    }

    @Test func nothingSearchableIsAFieldError() throws {
        for text in ["", "   "] {
            #expect(throws: ValidationError.self) { try SearchQuery.parse(text) }
        }
        // Typed, but no word: an empty answer, not an error.
        for text in ["!!! --- ***", "\"\"", "\"", "*", "-", "((", "🙂"] {
            #expect(try SearchQuery.parse(text) == nil)
        }
        do {
            _ = try SearchQuery.parse(String(repeating: "a", count: 1_001))
            Issue.record("expected too_long")
        } catch {
            #expect(error.errors.first?.code == "too_long" && error.errors.first?.field == "q")
        }
    }

    @Test func snippetsSplitIntoHighlightedRuns() {
        let snippet = "a \u{E000}walk\u{E001} in the \u{E000}park\u{E001}"
        let segments = SearchHighlight.segments(snippet)
        #expect(segments.map(\.text) == ["a ", "walk", " in the ", "park"])
        #expect(segments.map(\.highlighted) == [false, true, false, true])
        let spaced = SearchHighlight.segments("\n\n  a  \n\u{E000}walk\u{E001}\n\n\n b \n")
        #expect(spaced.map(\.text) == ["a ", "walk", " b"])
        // Spaces beyond ASCII count as spaces too; one right after a mark stays inside the run.
        let wide = SearchHighlight.segments("\u{2003}\u{E000} café\u{00A0}\u{00A0}noir\u{E001}\u{0085}é\t")
        #expect(wide.map(\.text) == [" café noir", " é"])
        #expect(wide.map(\.highlighted) == [true, false])
    }

    /// The byte walk agrees with the rule read scalar by scalar: white space (Unicode's) made one
    /// space, none at either end, a space before a mark kept in the run it ends.
    @Test func snippetsSplitAsTheRuleReadsOnRandomText() {
        let pieces = [
            "walk", "a", "Café", "é", " ", "  ", "\n", "\t", "\u{2003}", "\u{00A0}", "\u{0085}", "\u{E000}", "\u{E001}",
            "🇫🇷", "e\u{301}", "\u{7F}", "x.y", "—", "日本",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
            let segments = SearchHighlight.segments(text)
            let expected = Self.segmentsByScalar(text)
            #expect(segments.map(\.text) == expected.map(\.text), "\(text.debugDescription)")
            #expect(segments.map(\.highlighted) == expected.map(\.highlighted), "\(text.debugDescription)")
        }
    }

    private static func segmentsByScalar(_ text: String) -> [(text: String, highlighted: Bool)] {
        var segments: [(text: String, highlighted: Bool)] = []
        var current = ""
        var highlighted = false
        var started = false
        var spacePending = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                spacePending = started
                continue
            }
            if spacePending { current += " " }
            spacePending = false
            started = true
            if scalar == "\u{E000}" || scalar == "\u{E001}" {
                if !current.isEmpty { segments.append((current, highlighted)) }
                current = ""
                highlighted = scalar == "\u{E000}"
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { segments.append((current, highlighted)) }
        return segments
    }
}
