import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresTransferStore: TransferStore {
    let client: PostgresClient
    let logger: Logger

    func insert(_ job: TransferJob) async throws {
        try await client.execute(
            """
            INSERT INTO transfer_jobs (id, user_id, kind, format, status, done, total, file_name, bytes, preview,
                result, error, created_at, updated_at)
            VALUES (\(job.id), \(job.userID), \(job.kind.rawValue), \(job.format), \(job.status.rawValue),
                \(job.done), \(job.total), \(job.fileName), \(Int64(job.bytes)), \(job.preview.map(ByteBuffer.init)),
                \(job.result.map(ByteBuffer.init)), \(job.error), \(PGTime(job.createdAt)), \(PGTime(job.updatedAt)))
            """, logger: logger)
    }

    func job(id: UUID, userID: UUID) async throws -> TransferJob? {
        try await client.rows(
            "SELECT * FROM transfer_jobs WHERE id = \(id) AND user_id = \(userID)", logger: logger
        ).first.map(Self.job)
    }

    func update(_ job: TransferJob) async throws {
        try await client.execute(
            """
            UPDATE transfer_jobs SET status = \(job.status.rawValue), done = \(job.done), total = \(job.total),
                bytes = \(Int64(job.bytes)), preview = \(job.preview.map(ByteBuffer.init)),
                result = \(job.result.map(ByteBuffer.init)), error = \(job.error), updated_at = \(PGTime(job.updatedAt))
            WHERE id = \(job.id) AND user_id = \(job.userID)
            """, logger: logger)
    }

    func jobs(userID: UUID, kind: TransferJob.Kind, limit: Int) async throws -> [TransferJob] {
        try await client.rows(
            """
            SELECT * FROM transfer_jobs WHERE user_id = \(userID) AND kind = \(kind.rawValue)
            ORDER BY created_at DESC LIMIT \(limit)
            """, logger: logger
        ).map(Self.job)
    }

    func deleteJobs(updatedBefore before: Date) async throws -> [TransferJob] {
        try await client.rows(
            "DELETE FROM transfer_jobs WHERE updated_at < \(PGTime(before)) RETURNING *", logger: logger
        ).map(Self.job)
    }

    func imported(userID: UUID, marks: [String]) async throws -> Set<String> {
        guard !marks.isEmpty else { return [] }
        let rows = try await client.rows(
            "SELECT mark FROM import_marks WHERE user_id = \(userID) AND mark = ANY(\(marks)::text[])", logger: logger)
        return Set(try rows.map { try $0.value("mark", as: String.self) })
    }

    func apply(_ write: ImportWrite) async throws -> ImportWritten {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                try await Self.apply(write, on: connection, logger: logger)
            }
        }
    }

    static func apply(_ write: ImportWrite, on connection: PostgresConnection, logger: Logger) async throws
        -> ImportWritten
    {
        var written = ImportWritten()
        let user = write.userID
        // Every mark in one statement: those it inserts are the records not imported before.
        let marks =
            write.days.map(\.mark) + write.checkins.map(\.mark) + write.journal.map(\.mark)
            + write.closetItems.map(\.mark) + write.outfits.map(\.mark) + write.outfitDays.map(\.mark)
        var new: Set<String> = []
        for row in try await connection.rows(
            """
            INSERT INTO import_marks (user_id, mark) SELECT \(user), m FROM unnest(\(marks)::text[]) AS m
            ON CONFLICT DO NOTHING RETURNING mark
            """, logger: logger)
        {
            new.insert(try row.value("mark"))
        }
        /// Writes a marked record unless it was imported before; counts it either way.
        func each<Record>(
            _ records: [Marked<Record>], _ count: WritableKeyPath<ImportWritten, Int>,
            _ insert: (Record) async throws -> Bool
        ) async throws {
            for marked in records {
                if new.contains(marked.mark), try await insert(marked.record) {
                    written[keyPath: count] += 1
                } else {
                    written.skipped += 1
                    written.skippedMarks.insert(marked.mark)
                }
            }
        }
        try await PostgresVocabularyStore.insert(write.words, on: connection, logger: logger)
        written.words = write.words.count
        for person in write.people { try await PostgresVocabularyStore.insert(person, on: connection, logger: logger) }
        written.people = write.people.count
        try await each(write.days, \.days) {
            try await PostgresDayStore.insertIfNew($0, on: connection, logger: logger)
        }
        try await each(write.checkins, \.checkins) {
            try await PostgresCheckinStore.insert($0, on: connection, logger: logger)
            return true
        }
        try await each(write.journal, \.journal) {
            try await PostgresJournalStore.insert($0, on: connection, logger: logger)
            return true
        }
        for category in write.closetCategories {
            try await PostgresClosetStore.insert(category, on: connection, logger: logger)
        }
        try await each(write.closetItems, \.closetItems) {
            try await PostgresClosetStore.insert($0, on: connection, logger: logger)
            return true
        }
        try await each(write.outfits, \.outfits) {
            try await PostgresClosetStore.insert($0, on: connection, logger: logger)
            return true
        }
        try await each(write.outfitDays, \.outfitDays) {
            try await PostgresClosetStore.put($0, replacing: false, on: connection, logger: logger)
        }
        return written
    }

    static func job(_ row: PostgresRandomAccessRow) throws -> TransferJob {
        TransferJob(
            id: try row.value("id"), userID: try row.value("user_id"),
            kind: TransferJob.Kind(rawValue: try row.value("kind")) ?? .export, format: try row.value("format"),
            status: TransferJob.Status(rawValue: try row.value("status")) ?? .failed, done: try row.value("done"),
            total: try row.value("total"), fileName: try row.value("file_name"),
            bytes: Int(try row.value("bytes", as: Int64.self)),
            preview: try row.value("preview", as: ByteBuffer?.self).map { Data($0.readableBytesView) },
            result: try row.value("result", as: ByteBuffer?.self).map { Data($0.readableBytesView) },
            error: try row.value("error"), createdAt: try row.time("created_at"),
            updatedAt: try row.time("updated_at"))
    }
}
