import DaybookCore
import Foundation
import GRDB
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

    /// What `strings(_:)` writes is JSON that a JSON decoder and SQLite's `json_each` read as
    /// the same strings (control characters, quotes, `/` and non-ASCII text included; not NUL,
    /// which SQLite hands back as the end of its text whoever wrote the JSON).
    @Test func stringsAreJSON() throws {
        let alphabet: [Character] = ["a", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{1}", "\u{1F}", "é", "🌧️", ",", "["]
        var generator = SystemRandomNumberGenerator()
        let database = try DatabaseQueue()
        for _ in 0..<300 {
            let list = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }
            let json = Stored.strings(list)
            #expect(try JSONDecoder().decode([String].self, from: Data(json.utf8)) == list, "\(json)")
            let fromSQLite = try database.read { db in
                try String.fetchAll(db, sql: "SELECT value FROM json_each(?) ORDER BY key", arguments: [json])
            }
            #expect(fromSQLite == list, "\(json)")
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
