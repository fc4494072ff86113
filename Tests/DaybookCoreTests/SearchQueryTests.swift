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
}
