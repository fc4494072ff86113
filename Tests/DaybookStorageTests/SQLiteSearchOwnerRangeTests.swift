import DaybookCore
import DaybookStorage
import Foundation
import GRDB
import Testing

@testable import DaybookSQLite

/// Each user's search documents are numbered in a range of ids of their own (migration 25,
/// `SQLiteSearchSchema.ownerRanges`), which the search hands FTS5: a database written before the
/// migration is renumbered and indexed again, and every document written after lands in its
/// owner's range.
@Suite("SQLite search: each owner's range of ids")
struct SQLiteSearchOwnerRangeTests {
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

    /// Documents whose id is outside their owner's range, FTS rows without a document and the
    /// reverse, and documents without a length: all zero on a healthy index.
    func strays(_ store: SQLiteStore) throws -> [Int] {
        try store.database.read { db in
            [
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM search_docs d LEFT JOIN search_owners o ON o.user_id = d.user_id
                        WHERE o.number IS NULL OR d.id >> 32 <> o.number
                        """)!,
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM search_index WHERE rowid NOT IN (SELECT id FROM search_docs)")!,
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM search_docs WHERE id NOT IN (SELECT rowid FROM search_index)")!,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM search_docs WHERE length IS NULL")!,
            ]
        }
    }

    @Test func anOlderDatabaseIsRenumberedAndNewDocumentsLandInTheirOwnersRange() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-test-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(path: directory.appendingPathComponent("daybook.sqlite").path)
        try SQLiteMigrations.migrator.migrate(store.database.pool, upTo: "024 one index of check-ins by date")

        // Written before migration 25: the two users' documents interleave.
        let anna = try await addUser(store, "anna")
        let bob = try await addUser(store, "bob")
        let quiet = try await addUser(store, "quiet")
        var annas: [Checkin] = []
        for index in 0..<6 {
            let mine = checkin(anna, "walk in the park \(index)", at: Double(index))
            try await store.checkins.insert(mine)
            annas.append(mine)
            try await store.checkins.insert(checkin(bob, "walk to work \(index)", at: Double(index)))
        }
        _ = try await store.days.upsert(
            DayEntry(
                userID: anna.id, date: date("2025-06-02"), mood: .good, note: "A long walk", createdAt: baseTime,
                updatedAt: baseTime))

        try await store.migrate()
        #expect(try strays(store) == [0, 0, 0, 0])
        #expect(try await find(store, anna, "walk") == Set(annas.map(\.id.uuidString) + ["day 2025-06-02"]))
        #expect(try await find(store, bob, "park").isEmpty)
        #expect(try await find(store, bob, "walk work").count == 6)
        #expect(try await find(store, quiet, "walk").isEmpty)  // no range yet: nothing matches

        // Written after: in the owner's range, one past their last; a user's first gets a range.
        let before = try store.database.read { db in
            try Int64.fetchOne(db, sql: "SELECT max(id) FROM search_docs WHERE user_id = ?", arguments: [Stored.id(anna.id)])
        }
        let later = checkin(anna, "walk home", at: 100)
        try await store.checkins.insert(later)
        try await store.checkins.insert(checkin(quiet, "a walk at last", at: 100))
        let after = try store.database.read { db in
            try Int64.fetchOne(
                db, sql: "SELECT id FROM search_docs WHERE ref = ?", arguments: [Stored.id(later.id)])
        }
        #expect(after == before.map { $0 + 1 })
        #expect(try strays(store) == [0, 0, 0, 0])
        #expect(try await find(store, quiet, "walk").count == 1)
        #expect(try await find(store, anna, "home") == [later.id.uuidString])

        // A deleted account takes its range's number and documents with it.
        try await store.users.delete(id: bob.id)
        let owners = try store.database.read { db in
            try String.fetchAll(db, sql: "SELECT user_id FROM search_owners")
        }
        #expect(Set(owners) == Set([anna, quiet].map { Stored.id($0.id) }))
        #expect(try strays(store) == [0, 0, 0, 0])
    }
}
