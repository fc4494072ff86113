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
        for item in write.words {
            try await connection.execute(
                """
                INSERT INTO vocabulary (user_id, id, kind, name, emoji, archived, position, created_at)
                VALUES (\(user), \(item.id), \(item.kind.rawValue), \(item.name), \(item.emoji), \(item.archived),
                    \(item.position), \(PGTime(item.createdAt)))
                """, logger: logger)
            written.words += 1
        }
        for person in write.people {
            try await connection.execute(
                """
                INSERT INTO people (user_id, id, name, archived, created_at)
                VALUES (\(user), \(person.id), \(person.name), \(person.archived), \(PGTime(person.createdAt)))
                """, logger: logger)
            written.people += 1
        }
        for day in write.days {
            guard try await isNew(day.mark) else {
                written.skipped += 1
                continue
            }
            let entry = day.record
            let inserted = try await connection.execute(
                """
                INSERT INTO day_entries (user_id, date, mood, activity_ids, note, thoughts, gratitude, question,
                    answer, song_title, song_artist, song_link, photo_id, created_at, updated_at)
                VALUES (\(user), \(PGDate(entry.date)), \(entry.mood.rawValue), \(entry.activityIDs)::uuid[],
                    \(entry.note), \(entry.thoughts), \(entry.gratitude)::text[], \(entry.question), \(entry.answer),
                    \(entry.song?.title), \(entry.song?.artist), \(entry.song?.link), \(entry.photoID),
                    \(PGTime(entry.createdAt)), \(PGTime(entry.updatedAt)))
                ON CONFLICT (user_id, date) DO NOTHING RETURNING 1
                """, logger: logger)
            if inserted > 0 { written.days += 1 } else { written.skipped += 1 }
        }
        for marked in write.checkins {
            guard try await isNew(marked.mark) else {
                written.skipped += 1
                continue
            }
            let checkin = marked.record
            try await connection.execute(
                """
                INSERT INTO checkins (user_id, id, at, local_date, time_zone, feeling_id, activity_id, person_ids,
                    note, created_at, updated_at, local_hour)
                VALUES (\(user), \(checkin.id), \(PGTime(checkin.at)), \(PGDate(checkin.localDate)),
                    \(checkin.timeZone), \(checkin.feelingID), \(checkin.activityID), \(checkin.personIDs)::uuid[],
                    \(checkin.note), \(PGTime(checkin.createdAt)), \(PGTime(checkin.updatedAt)), \(checkin.localHour))
                """, logger: logger)
            written.checkins += 1
        }
        for marked in write.journal {
            guard try await isNew(marked.mark) else {
                written.skipped += 1
                written.skippedJournal.insert(marked.mark)
                continue
            }
            let entry = marked.record
            try await connection.execute(
                """
                INSERT INTO journal_entries (user_id, id, title, body, tags, location, latitude, longitude,
                    entry_date, is_public, friends_only, created_at, updated_at)
                VALUES (\(user), \(entry.id), \(entry.title), \(entry.body), \(entry.tags)::text[],
                    \(entry.location), \(entry.coordinates?.latitude)::float8, \(entry.coordinates?.longitude)::float8,
                    \(PGDate(entry.date)), \(entry.isPublic), \(entry.visibility == .friends),
                    \(PGTime(entry.createdAt)), \(PGTime(entry.updatedAt)))
                """, logger: logger)
            if !entry.photoIDs.isEmpty {
                try await connection.execute(
                    """
                    INSERT INTO journal_photos (user_id, entry_id, position, media_id)
                    SELECT \(user), \(entry.id), p.position - 1, p.media_id
                    FROM unnest(\(entry.photoIDs)::uuid[]) WITH ORDINALITY AS p(media_id, position)
                    """, logger: logger)
            }
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
