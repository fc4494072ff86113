import Foundation
import GRDB
import Testing

@testable import DaybookSQLite

/// `SQLiteCheckpointer`: the writer never checkpoints, and the WAL is still copied back and
/// reused, so it does not grow with every write.
@Suite("SQLite checkpoints beside the writer")
struct SQLiteCheckpointerTests {
    @Test func theWALStaysSmallWhileTheWriterNeverCheckpoints() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("test.sqlite").path
        let pool = try DatabasePool(path: path)
        try await pool.write { db in
            try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, note TEXT NOT NULL)")
        }
        let database = try SQLiteDatabase(pool: pool, beforeCommit: { _ in })

        let writerSetting = try await pool.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint")
        }
        #expect(writerSetting == 0, "the writer leaves checkpoints to the checkpointer")

        // Each write alone, so each is a commit of its own with its own pages (a row of 4 KiB
        // and the table's leaf): without checkpoints these ~25,000 pages would all stay in the
        // WAL (about 100 MiB); SQLite's restart needs a writer-side checkpoint to happen.
        let note = String(repeating: "a day worth writing down ", count: 160)
        let writes = SQLiteCheckpointer.writesPerCheckpoint * 40
        for index in 0..<writes {
            try await database.write { db in
                try db.execute(sql: "INSERT INTO notes (id, note) VALUES (?, ?)", arguments: [index, note])
            }
        }
        database.checkpointer.waitForRunning()

        let statistics = database.checkpointer.statistics
        #expect(statistics.checkpoints >= 20, "\(statistics)")
        #expect(statistics.writerCheckpoints >= 1, "\(statistics)")
        #expect(statistics.failures == 0, "\(statistics)")
        let wal = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0
        let limit = 2 * SQLiteCheckpointer.restartFrames * 4_120
        #expect(wal < limit, "WAL of \(wal) bytes after \(writes) writes")
        let stored = try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") }
        #expect(stored == writes)
    }
}
