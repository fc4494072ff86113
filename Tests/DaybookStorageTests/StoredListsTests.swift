import DaybookCore
import Foundation
import Testing

@testable import DaybookSQLite

/// The lists SQLite keeps as JSON text (tags, gratitude lines, ids) come back exactly as written,
/// whichever way `Stored` reads them (in place, or through a JSON decoder for the rare escaped text).
@Suite("SQLite lists as text")
struct StoredListsTests {
    /// The bytes of `text`, as a stepped row hands a column to `Stored`.
    func read<T>(_ text: String, _ reader: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var text = text
        return text.withUTF8(reader)
    }

    @Test func stringsComeBackAsWritten() {
        let lists: [[String]] = [
            [], [""], ["a"], ["a", ""], ["", "b"], ["tea", "long walk", "ümlaut 🌧️"], ["a,b", "c\",\"d"],
            ["quote \" inside", "back\\slash"], ["\",\""], ["line\nbreak", "tab\there"], [",", "\"", "[", "]"],
        ]
        for list in lists {
            #expect(read(Stored.strings(list), Stored.strings(from:)) == list, "\(list)")
        }
    }

    @Test func idsComeBackAsWritten() {
        for count in [0, 1, 2, 7] {
            let ids = (0..<count).map { _ in UUID() }
            #expect(read(Stored.ids(ids), Stored.ids(from:)) == ids)
        }
        // Upper case (written by hand or by an older version) reads too; anything else is skipped.
        let id = UUID()
        #expect(read("[\"\(id.uuidString)\",\"not-an-id\"]", Stored.ids(from:)) == [id])
    }
}
