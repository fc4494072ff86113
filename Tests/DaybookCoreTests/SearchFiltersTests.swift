import DaybookCore
import Testing

@Suite struct SearchFiltersTests {
    @Test func parsesWhatAFormSends() throws {
        let filters = try SearchFilters.parse(
            kind: "journal", tag: "#Travel", mood: "5", from: "2026-01-01", to: "2026-01-31", hasPhotos: "true")
        #expect(
            filters
                == SearchFilters(
                    kind: .journal, tag: "travel", mood: .rad, from: LocalDate("2026-01-01"),
                    to: LocalDate("2026-01-31"),
                    hasPhotos: true))
        #expect(try SearchFilters.parse(kind: "", tag: " ", mood: nil, from: "", to: nil, hasPhotos: "").isEmpty)
    }

    @Test func everyBadFilterIsNamed() {
        do {
            _ = try SearchFilters.parse(
                kind: "photo", tag: "a/b", mood: "6", from: "yesterday", to: "2026-13-01", hasPhotos: "maybe")
            Issue.record("expected errors")
        } catch {
            #expect(Set(error.errors.map(\.field)) == ["kind", "tag", "mood", "from", "to", "hasPhotos"])
        }
        do {
            _ = try SearchFilters.parse(
                kind: nil, tag: nil, mood: nil, from: "2026-02-01", to: "2026-01-01", hasPhotos: nil)
            Issue.record("expected an error")
        } catch {
            #expect(error.errors.map(\.field) == ["to"])
        }
    }

    @Test func eachFilterKeepsOnlyTheKindsItSpeaksOf() {
        #expect(SearchKind.allCases.filter(SearchFilters(tag: "x").admits) == [.journal, .item])
        #expect(SearchKind.allCases.filter(SearchFilters(mood: .bad).admits) == [.day, .checkin, .journal])
        #expect(SearchKind.allCases.filter(SearchFilters(hasPhotos: true).admits) == [.day, .journal, .item])
        #expect(SearchKind.allCases.filter(SearchFilters(hasPhotos: false).admits) == SearchKind.allCases)
        #expect(SearchKind.allCases.filter(SearchFilters(kind: .checkin, tag: "x").admits).isEmpty)
    }

    @Test func wordsOrAFilterAreNeededAndHostileTextIsJustWords() throws {
        #expect(try SearchQuery.parse("  \"*((  ") == nil)
        #expect(throws: ValidationError.self) { try SearchQuery.parse("  ") }
        #expect(try SearchQuery.parse("", filters: SearchFilters(mood: .good))?.terms == [])
        #expect(try SearchQuery.parse("a AND -b ((c))")?.terms == ["a", "and", "b", "c"])
        #expect(try SearchQuery.parse(String(repeating: "word ", count: 200))?.terms == ["word"])
        #expect(throws: ValidationError.self) { try SearchQuery.parse(String(repeating: "a", count: 1_001)) }
    }
}
