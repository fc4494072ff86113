import DaybookCore
import Foundation
import Testing

@testable import DaybookSQLite

/// The lists SQLite keeps as JSON text (tags, gratitude lines, ids) come back exactly as written,
/// whichever way `Stored` reads them (in place, or through a JSON decoder for the rare escaped text).
@Suite("SQLite lists as text")
struct StoredListsTests {
    @Test func stringsComeBackAsWritten() {
        let lists: [[String]] = [
            [], [""], ["a"], ["a", ""], ["", "b"], ["tea", "long walk", "ümlaut 🌧️"], ["a,b", "c\",\"d"],
            ["quote \" inside", "back\\slash"], ["\",\""], ["line\nbreak", "tab\there"], [",", "\"", "[", "]"],
        ]
        for list in lists {
            #expect(Stored.strings(from: Stored.strings(list)) == list, "\(list)")
        }
    }

    @Test func idsComeBackAsWritten() {
        for count in [0, 1, 2, 7] {
            let ids = (0..<count).map { _ in UUID() }
            #expect(Stored.ids(from: Stored.ids(ids)) == ids)
        }
        // Upper case (written by hand or by an older version) reads too; anything else is skipped.
        let id = UUID()
        #expect(Stored.ids(from: "[\"\(id.uuidString)\",\"not-an-id\"]") == [id])
    }
}
