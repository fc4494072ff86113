import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresDayStore: DayStore {
    let client: PostgresClient
    let logger: Logger

    func upsert(_ entry: DayEntry) async throws -> Bool {
        // `xmax` is 0 on a freshly inserted row and the updating transaction's id on a replaced one:
        // one atomic statement tells which happened.
        let rows = try await client.rows(
            Self.insert(
                entry,
                then: """
                    DO UPDATE SET
                        mood = excluded.mood, activity_ids = excluded.activity_ids, note = excluded.note,
                        thoughts = excluded.thoughts, gratitude = excluded.gratitude, question = excluded.question,
                        answer = excluded.answer, song_title = excluded.song_title, song_artist = excluded.song_artist,
                        song_link = excluded.song_link, photo_id = excluded.photo_id, updated_at = excluded.updated_at
                    RETURNING (xmax <> 0) AS replaced
                    """), logger: logger)
        return try rows.first?.value("replaced", as: Bool.self) ?? false
    }

    /// Inserting a day entry, then `tail`: what happens when the date has one (replace it when
    /// saving, `DO NOTHING RETURNING 1` when importing) and what it returns.
    static func insert(_ entry: DayEntry, then tail: String) -> PostgresQuery {
        """
        INSERT INTO day_entries (user_id, date, mood, activity_ids, note, thoughts, gratitude, question,
            answer, song_title, song_artist, song_link, photo_id, created_at, updated_at)
        VALUES (\(entry.userID), \(PGDate(entry.date)), \(entry.mood.rawValue), \(entry.activityIDs)::uuid[],
            \(entry.note), \(entry.thoughts), \(entry.gratitude)::text[], \(entry.question), \(entry.answer),
            \(entry.song?.title), \(entry.song?.artist), \(entry.song?.link), \(entry.photoID),
            \(PGTime(entry.createdAt)), \(PGTime(entry.updatedAt)))
        ON CONFLICT (user_id, date) \(unescaped: tail)
        """
    }

    func entry(userID: UUID, date: LocalDate) async throws -> DayEntry? {
        try await client.rows(DayEntryByDate.self, userID, PGDate(date), logger: logger).first.map(Self.entry)
    }

    func delete(userID: UUID, date: LocalDate) async throws -> Bool {
        try await client.execute(
            "DELETE FROM day_entries WHERE user_id = \(userID) AND date = \(PGDate(date)) RETURNING 1", logger: logger
        ) > 0
    }

    func entries(userID: UUID, before: LocalDate?, limit: Int) async throws -> [DayEntry] {
        try await client.rows(
            DayEntriesBefore.self, userID, PGDate(before ?? LocalDate.latest), limit,
            logger: logger
        ).map(Self.entry)
    }

    func entries(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [DayEntry] {
        try await client.rows(
            """
            SELECT * FROM day_entries
            WHERE user_id = \(userID) AND date BETWEEN \(PGDate(from)) AND \(PGDate(to))
            ORDER BY date
            """, logger: logger
        ).map(Self.entry)
    }

    func entries(userID: UUID, on dates: [LocalDate]) async throws -> [DayEntry] {
        guard !dates.isEmpty else { return [] }
        return try await client.rows(
            """
            SELECT * FROM day_entries WHERE user_id = \(userID) AND date = ANY(\(dates.map(\.description))::date[])
            ORDER BY date DESC
            """, logger: logger
        ).map(Self.entry)
    }

    static func entry(_ row: PostgresRandomAccessRow) throws -> DayEntry {
        let title: String? = try row.value("song_title")
        let artist: String? = try row.value("song_artist")
        let link: String? = try row.value("song_link")
        let song: Song? =
            (title == nil && artist == nil && link == nil)
            ? nil : Song(title: title ?? "", artist: artist ?? "", link: link ?? "")
        return DayEntry(
            userID: try row.value("user_id"), date: try row.localDate("date"),
            mood: Mood(rawValue: try row.value("mood")) ?? .meh, activityIDs: try row.value("activity_ids"),
            note: try row.value("note"), thoughts: try row.value("thoughts"), gratitude: try row.value("gratitude"),
            question: try row.value("question"), answer: try row.value("answer"), song: song,
            photoID: try row.value("photo_id"), createdAt: try row.time("created_at"),
            updatedAt: try row.time("updated_at"))
    }
}
