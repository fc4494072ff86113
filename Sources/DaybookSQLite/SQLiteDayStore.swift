import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteDayStore: DayStore {
    let database: SQLiteDatabase

    func upsert(_ entry: DayEntry) async throws -> ReplacedDay? {
        try await database.write { db in
            // In the write's transaction: nothing can change the row between the two statements.
            let replaced = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT created_at, question, photo_id FROM day_entries WHERE user_id = ? AND date = ?"),
                arguments: [Stored.id(entry.userID), entry.date.description]
            ).map { row in
                ReplacedDay(createdAt: row.time(0), question: row.text(1), photoID: row.optionalUUID(2))
            }
            try Self.insert(
                entry,
                onConflict: """
                    DO UPDATE SET
                        mood = excluded.mood, activity_ids = excluded.activity_ids, note = excluded.note,
                        thoughts = excluded.thoughts, gratitude = excluded.gratitude, answer = excluded.answer,
                        question = CASE WHEN day_entries.question <> '' THEN day_entries.question ELSE excluded.question END,
                        song_title = excluded.song_title, song_artist = excluded.song_artist,
                        song_link = excluded.song_link, photo_id = excluded.photo_id,
                        updated_at = excluded.updated_at
                    """, in: db)
            return replaced
        }
    }

    /// Inserts a day entry; `onConflict` says what happens when the date has one (replace it when
    /// saving, `DO NOTHING` when importing). Returns whether a row was written.
    @discardableResult
    static func insert(_ entry: DayEntry, onConflict: String, in db: Database) throws -> Bool {
        try db.cachedStatement(
            sql: """
                INSERT INTO day_entries (user_id, date, mood, activity_ids, note, thoughts, gratitude, question,
                    answer, song_title, song_artist, song_link, photo_id, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id, date) \(onConflict)
                """
        ).execute(arguments: [
            Stored.id(entry.userID), entry.date.description, entry.mood.rawValue, Stored.ids(entry.activityIDs),
            entry.note, entry.thoughts, Stored.strings(entry.gratitude), entry.question, entry.answer,
            entry.song?.title, entry.song?.artist, entry.song?.link, Stored.optionalID(entry.photoID),
            Stored.time(entry.createdAt), Stored.time(entry.updatedAt),
        ])
        return db.changesCount > 0
    }

    func entry(userID: UUID, date: LocalDate) async throws -> DayEntry? {
        try database.read { db in
            try Row.first(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM day_entries WHERE user_id = ? AND date = ?"),
                arguments: [Stored.id(userID), date.description], as: Self.entry
            )
        }
    }

    func delete(userID: UUID, date: LocalDate) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM day_entries WHERE user_id = ? AND date = ?").execute(arguments: [
                Stored.id(userID), date.description,
            ])
            return db.changesCount > 0
        }
    }

    func entries(userID: UUID, before: LocalDate?, limit: Int) async throws -> [DayEntry] {
        try page(Self.columns, userID: userID, before: before, limit: limit, reading: Self.entry)
    }

    func teasers(userID: UUID, before: LocalDate?, limit: Int) async throws -> [DayTeaser] {
        try page("date, mood, note, activity_ids", userID: userID, before: before, limit: limit) { row in
            DayTeaser(
                date: row.localDate(0), mood: Mood(rawValue: row.int(1)) ?? .meh, note: row.text(2),
                activityIDs: row.uuids(3))
        }
    }

    /// `columns` of the user's entries newest first, before `before`.
    private func page<Value>(
        _ columns: String, userID: UUID, before: LocalDate?, limit: Int, reading read: (SteppedRow) throws -> Value
    ) throws -> [Value] {
        try database.read { db in
            try Row.all(
                db.cachedStatement(
                    sql: "SELECT \(columns) FROM day_entries WHERE user_id = ? AND date < ? ORDER BY date DESC LIMIT ?"),
                arguments: [Stored.id(userID), before?.description ?? "9999-99-99", limit], as: read)
        }
    }

    func entries(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [DayEntry] {
        try database.read { db in
            try Row.all(
                db.cachedStatement(
                    sql:
                        "SELECT \(Self.columns) FROM day_entries WHERE user_id = ? AND date BETWEEN ? AND ? ORDER BY date"
                ),
                arguments: [Stored.id(userID), from.description, to.description], as: Self.entry)
        }
    }

    func entries(userID: UUID, on dates: [LocalDate]) async throws -> [DayEntry] {
        guard !dates.isEmpty else { return [] }
        return try database.read { db in
            let marks = Array(repeating: "?", count: dates.count).joined(separator: ", ")
            return try Row.all(
                db.cachedStatement(
                    sql:
                        "SELECT \(Self.columns) FROM day_entries WHERE user_id = ? AND date IN (\(marks)) ORDER BY date DESC"
                ),
                arguments: StatementArguments([Stored.id(userID)] + dates.map(\.description)), as: Self.entry)
        }
    }

    /// What `entry(_:)` reads, in its order.
    static let columns = """
        user_id, date, mood, activity_ids, note, thoughts, gratitude, question, answer, song_title, song_artist,
        song_link, photo_id, created_at, updated_at
        """

    static func entry(_ row: some StoredColumns) -> DayEntry {
        let song = Song(storedTitle: row.optionalText(9), artist: row.optionalText(10), link: row.optionalText(11))
        return DayEntry(
            userID: row.uuid(0), date: row.localDate(1), mood: Mood(rawValue: row.int(2)) ?? .meh,
            activityIDs: row.uuids(3), note: row.text(4), thoughts: row.text(5), gratitude: row.strings(6),
            question: row.text(7), answer: row.text(8), song: song, photoID: row.optionalUUID(12),
            createdAt: row.time(13),
            updatedAt: row.time(14))
    }
}
