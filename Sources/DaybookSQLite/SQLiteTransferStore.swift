import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteTransferStore: TransferStore {
    let database: SQLiteDatabase

    func insert(_ job: TransferJob) async throws {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO transfer_jobs (id, user_id, kind, format, status, done, total, file_name, bytes,
                        preview, result, error, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                Stored.id(job.id), Stored.id(job.userID), job.kind.rawValue, job.format, job.status.rawValue,
                job.done, job.total, job.fileName, job.bytes, job.preview, job.result, job.error,
                Stored.time(job.createdAt), Stored.time(job.updatedAt),
            ])
        }
    }

    func job(id: UUID, userID: UUID) async throws -> TransferJob? {
        try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM transfer_jobs WHERE id = ? AND user_id = ?"),
                arguments: [Stored.id(id), Stored.id(userID)]
            ).map(Self.job)
        }
    }

    func update(_ job: TransferJob) async throws {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    UPDATE transfer_jobs SET status = ?, done = ?, total = ?, bytes = ?, preview = ?, result = ?,
                        error = ?, updated_at = ?
                    WHERE id = ? AND user_id = ?
                    """
            ).execute(arguments: [
                job.status.rawValue, job.done, job.total, job.bytes, job.preview, job.result, job.error,
                Stored.time(job.updatedAt), Stored.id(job.id), Stored.id(job.userID),
            ])
        }
    }

    func jobs(userID: UUID, kind: TransferJob.Kind, limit: Int) async throws -> [TransferJob] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.columns) FROM transfer_jobs WHERE user_id = ? AND kind = ?
                        ORDER BY created_at DESC LIMIT ?
                        """),
                arguments: [Stored.id(userID), kind.rawValue, limit]
            ).map(Self.job)
        }
    }

    func deleteJobs(updatedBefore before: Date) async throws -> [TransferJob] {
        try await database.write { db in
            let jobs = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM transfer_jobs WHERE updated_at < ?"),
                arguments: [Stored.time(before)]
            ).map(Self.job)
            try db.cachedStatement(sql: "DELETE FROM transfer_jobs WHERE updated_at < ?").execute(arguments: [
                Stored.time(before)
            ])
            return jobs
        }
    }

    func imported(userID: UUID, marks: [String]) async throws -> Set<String> {
        try database.read { db in
            var found: Set<String> = []
            let statement = try db.cachedStatement(sql: "SELECT 1 FROM import_marks WHERE user_id = ? AND mark = ?")
            for mark in marks where try Bool.fetchOne(statement, arguments: [Stored.id(userID), mark]) ?? false {
                found.insert(mark)
            }
            return found
        }
    }

    func apply(_ write: ImportWrite) async throws -> ImportWritten {
        try await mapConflicts {
            try await database.write { db in
                var written = ImportWritten()
                let user = Stored.id(write.userID)
                let mark = try db.cachedStatement(
                    sql: "INSERT INTO import_marks (user_id, mark) VALUES (?, ?) ON CONFLICT DO NOTHING")
                /// Keeps the mark; false when it was kept already (the record was imported before).
                func isNew(_ text: String) throws -> Bool {
                    try mark.execute(arguments: [user, text])
                    return db.changesCount > 0
                }
                /// Writes a marked record unless it was imported before; counts it either way.
                func each<Record>(
                    _ records: [Marked<Record>], _ count: WritableKeyPath<ImportWritten, Int>,
                    _ insert: (Record) throws -> Bool
                ) throws {
                    for marked in records {
                        if try isNew(marked.mark), try insert(marked.record) {
                            written[keyPath: count] += 1
                        } else {
                            written.skipped += 1
                            written.skippedMarks.insert(marked.mark)
                        }
                    }
                }
                try SQLiteVocabularyStore.insert(write.words, in: db)
                written.words = write.words.count
                for person in write.people { try SQLiteVocabularyStore.insert(person, in: db) }
                written.people = write.people.count
                try each(write.days, \.days) { try SQLiteDayStore.insert($0, onConflict: "DO NOTHING", in: db) }
                try each(write.checkins, \.checkins) {
                    try SQLiteCheckinStore.insert($0, in: db)
                    return true
                }
                try each(write.journal, \.journal) {
                    try SQLiteJournalStore.insert($0, in: db)
                    return true
                }
                for category in write.closetCategories { try SQLiteClosetStore.insert(category, in: db) }
                try each(write.closetItems, \.closetItems) {
                    try SQLiteClosetStore.insert($0, in: db)
                    return true
                }
                try each(write.outfits, \.outfits) {
                    try SQLiteClosetStore.insert($0, in: db)
                    return true
                }
                try each(write.outfitDays, \.outfitDays) { try SQLiteClosetStore.put($0, replacing: false, in: db) }
                return written
            }
        }
    }

    static let columns = """
        id, user_id, kind, format, status, done, total, file_name, bytes, preview, result, error, created_at,
        updated_at
        """

    static func job(_ row: Row) -> TransferJob {
        TransferJob(
            id: row.uuid(0), userID: row.uuid(1), kind: TransferJob.Kind(rawValue: row[2]) ?? .export, format: row[3],
            status: TransferJob.Status(rawValue: row[4]) ?? .failed, done: row[5], total: row[6], fileName: row[7],
            bytes: row[8], preview: row[9], result: row[10], error: row[11], createdAt: row.time(12),
            updatedAt: row.time(13))
    }
}
