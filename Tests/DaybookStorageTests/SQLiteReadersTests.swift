import Foundation
import GRDB
import Testing

@testable import DaybookSQLite

/// `SQLiteReaders`: the read-only connections reads run on, reused, and opened anew after the
/// schema changed.
@Suite("SQLite's readers")
struct SQLiteReadersTests {
    @Test func readsSeeCommittedWritesReuseConnectionsAndCannotWrite() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readers-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try DatabasePool(path: directory.appendingPathComponent("test.sqlite").path)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)") }
        let database = try SQLiteDatabase(pool: pool, beforeCommit: { _ in })

        func count() throws -> Int {
            try database.read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM notes"))! }
        }
        #expect(try count() == 0)
        try await database.write { db in try db.execute(sql: "INSERT INTO notes (id) VALUES (1)") }
        #expect(try count() == 1, "a reader opened before the write sees it")

        // Many reads at once: each runs on its calling thread, so no more connections than threads.
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<500 { group.addTask { try count() } }
            for try await found in group { #expect(found == 1) }
        }
        let opened = database.readers.openedCount
        #expect(opened >= 1 && opened <= 2 * ProcessInfo.processInfo.activeProcessorCount + 2, "\(opened)")

        #expect(throws: DatabaseError.self) {
            try database.read { db in try db.execute(sql: "INSERT INTO notes (id) VALUES (2)") }
        }
        #expect(try database.readSnapshot { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") } == 1)

        // A snapshot whose reading fails is ended: its connection goes back outside a transaction,
        // so the next snapshot on it (one idle connection after the reopen below) begins its own.
        database.readers.reopen()
        struct Failed: Error {}
        for _ in 0..<3 {
            #expect(throws: Failed.self) {
                try database.readSnapshot { db in
                    _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM notes")
                    throw Failed()
                }
            }
            #expect(try database.read { db in db.isInsideTransaction } == false)
        }
        #expect(try database.readSnapshot { db in db.isInsideTransaction })
        #expect(try database.read { db in db.isInsideTransaction } == false)

        // After a change of schema every read opens a new connection.
        try await pool.write { db in try db.execute(sql: "CREATE TABLE tags (name TEXT)") }
        database.readers.reopen()
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tags") } == 0)
        #expect(database.readers.openedCount == opened + 2)
    }
}
