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
        /// Keeps the mark; false when it was kept already (the record was imported before).
        func isNew(_ mark: String) async throws -> Bool {
            try await connection.execute(
                "INSERT INTO import_marks (user_id, mark) VALUES (\(user), \(mark)) ON CONFLICT DO NOTHING RETURNING 1",
                logger: logger) > 0
        }
        try await PostgresVocabularyStore.insert(write.words, on: connection, logger: logger)
        written.words = write.words.count
        for person in write.people { try await PostgresVocabularyStore.insert(person, on: connection, logger: logger) }
        written.people = write.people.count
        for day in write.days {
            guard try await isNew(day.mark) else {
                written.skipped += 1
                continue
            }
            let inserted = try await connection.execute(
                PostgresDayStore.insert(day.record, then: "DO NOTHING RETURNING 1"), logger: logger)
            if inserted > 0 { written.days += 1 } else { written.skipped += 1 }
        }
        for checkin in write.checkins {
            guard try await isNew(checkin.mark) else {
                written.skipped += 1
                continue
            }
            try await PostgresCheckinStore.insert(checkin.record, on: connection, logger: logger)
            written.checkins += 1
        }
        for entry in write.journal {
            guard try await isNew(entry.mark) else {
                written.skipped += 1
                written.skippedJournal.insert(entry.mark)
                continue
            }
            try await PostgresJournalStore.insert(entry.record, on: connection, logger: logger)
            written.journal += 1
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
