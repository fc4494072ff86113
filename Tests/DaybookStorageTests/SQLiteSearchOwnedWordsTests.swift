import DaybookCore
import DaybookStorage
import Foundation
import GRDB
import Testing

@testable import DaybookSQLite

/// Every word in SQLite's search index is its owner's (migration 25, `SQLiteSearchSchema.ownedWords`):
/// indexed as the owner's number and the word, so a search reads only the user's own terms. A
/// database written before the migration is indexed again; every document written after is
/// indexed under its owner's number.
@Suite("SQLite search: words owned by their writer")
struct SQLiteSearchOwnedWordsTests {
    /// A stored body without its mark, cut after a number of characters (Unicode scalars).
    @Test func unmarkedBodies() {
        func unmarked(_ body: String, _ characters: Int? = nil) -> String {
            Array(body.utf8).withUnsafeBufferPointer { SQLiteSearchSchema.unmarked($0, characters: characters) }
        }
        #expect(unmarked("\u{1}12\u{1}walk home") == "walk home")
        #expect(unmarked("\u{1}12\u{1}é🙂 tea", 2) == "é🙂")
        #expect(unmarked("no mark", 20) == "no mark")
        #expect(unmarked("") == "")
        #expect(unmarked("\u{1}") == "\u{1}")  // a mark not closed is text
    }

    func checkin(_ user: User, _ note: String, at seconds: Double) -> Checkin {
        Checkin(
            userID: user.id, at: time(seconds), localDate: date("2025-06-01"), timeZone: "UTC", feelingID: UUID(),
            note: note, createdAt: baseTime, updatedAt: baseTime)
    }

    func find(_ store: SQLiteStore, _ user: User, _ text: String) async throws -> Set<String> {
        Set(
            try await store.search.search(
                userID: user.id, query: try #require(try SearchQuery.parse(text)), limit: 50, offset: 0
            ).map { $0.id.map(\.uuidString) ?? "day \($0.date)" })
    }

    /// Indexed words not under their document's owner (from FTS5's own list of terms and the
    /// documents holding each), FTS rows without a document and the reverse, documents without a
    /// length: all zero on a healthy index.
    func strays(_ store: SQLiteStore) throws -> [Int] {
        try store.database.read { db in
            try db.execute(
                sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_terms USING fts5vocab(main, search_index, instance)")
            return [
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM temp.search_terms t
                        JOIN search_docs d ON d.id = t.doc LEFT JOIN search_owners o ON o.user_id = d.user_id
                        WHERE o.number IS NULL OR t.term NOT LIKE o.number || char(31) || '%'
                        """)!,
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM search_index WHERE rowid NOT IN (SELECT id FROM search_docs)")!,
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM search_docs WHERE id NOT IN (SELECT rowid FROM search_index)")!,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM search_docs WHERE length IS NULL")!,
            ]
        }
    }

    @Test func anOlderDatabaseIsIndexedAgainAndNewWordsAreTheirWritersOwn() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-test-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(path: directory.appendingPathComponent("daybook.sqlite").path)
        try SQLiteMigrations.migrator.migrate(store.database.pool, upTo: "024 one index of check-ins by date")

        // Written before migration 25, as the code of then did (not through today's refresh of
        // the index, which needs the migration's table): the records and `search_docs`.
        let anna = try await addUser(store, "anna")
        let bob = try await addUser(store, "bob")
        let quiet = try await addUser(store, "quiet")
        var annas: [Checkin] = []
        for index in 0..<6 {
            annas.append(checkin(anna, "walk in the park \(index)", at: Double(index)))
        }
        let bobs = (0..<6).map { checkin(bob, "walking to work \($0)", at: Double($0)) }
        try await store.database.pool.write { [annas] db in
            for checkin in annas + bobs { try SQLiteCheckinStore.insert(checkin, in: db) }
        }

        try await store.migrate()
        #expect(try strays(store) == [0, 0, 0, 0])
        _ = try await store.days.upsert(
            DayEntry(
                userID: anna.id, date: date("2025-06-02"), mood: .good, note: "A long walk", createdAt: baseTime,
                updatedAt: baseTime))
        #expect(try await find(store, anna, "walk") == Set(annas.map(\.id.uuidString) + ["day 2025-06-02"]))
        #expect(try await find(store, bob, "park").isEmpty)
        #expect(try await find(store, bob, "walk work").count == 6)
        #expect(try await find(store, quiet, "walk").isEmpty)  // no number yet: nothing matches

        // Written after: a user's first document gives them a number; snippets lose the mark.
        let later = checkin(anna, "walk home", at: 100)
        try await store.checkins.insert(later)
        try await store.checkins.insert(checkin(quiet, "a walk at last", at: 100))
        #expect(try strays(store) == [0, 0, 0, 0])
        #expect(try await find(store, quiet, "walk").count == 1)
        #expect(try await find(store, anna, "home") == [later.id.uuidString])
        let last = try #require(try SearchQuery.parse("last"))
        let hit = try #require(
            try await store.search.search(userID: quiet.id, query: last, limit: 5, offset: 0).first)
        #expect(hit.snippet == "a walk at \(SearchHighlight.start)last\(SearchHighlight.end)")
        let opening = try #require(
            try await store.search.search(
                userID: quiet.id, query: SearchQuery(terms: [], filters: SearchFilters()), limit: 5, offset: 0
            ).first)
        #expect(opening.snippet == "a walk at last")
        // Without words a hit shows its text's first 300 characters, counted after the mark.
        let long = String(repeating: "é🙂", count: 200)
        try await store.checkins.insert(checkin(quiet, long, at: 200))
        let openings = try await store.search.search(
            userID: quiet.id, query: SearchQuery(terms: [], filters: SearchFilters()), limit: 5, offset: 0)
        #expect(openings.map(\.snippet).contains(String(long.unicodeScalars.prefix(300))))

        // A deleted account takes its number and its words with it.
        try await store.users.delete(id: bob.id)
        let owners = try store.database.read { db in
            try String.fetchAll(db, sql: "SELECT user_id FROM search_owners")
        }
        #expect(Set(owners) == Set([anna, quiet].map { Stored.id($0.id) }))
        #expect(try strays(store) == [0, 0, 0, 0])
    }
}
