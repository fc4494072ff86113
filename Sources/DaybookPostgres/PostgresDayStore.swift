import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresDayStore: DayStore {
    let client: PostgresClient
    let logger: Logger

    func upsert(_ entry: DayEntry) async throws -> ReplacedDay? {
        let rows = try await client.rows(DayEntryUpsert.self, bindings: Self.bindings(entry), logger: logger)
        guard let row = rows.first, try row.value("replaced", as: Bool.self) else { return nil }
        return ReplacedDay(
            createdAt: try row.time("created_at"), question: try row.value("previous_question"),
            photoID: try row.value("previous_photo_id"))
    }

    /// Inserts a day entry unless its date has one (an import): whether it was inserted.
    static func insertIfNew(_ entry: DayEntry, on db: some PostgresRowReading, logger: Logger) async throws -> Bool {
        try await !db.rows(DayEntryInsertIfNew.self, bindings: bindings(entry), logger: logger).isEmpty
    }

    /// The values of `DayEntryInsert.sql`, in its order.
    static func bindings(_ entry: DayEntry) -> PostgresBindings {
        var values = PostgresBindings(capacity: 15)
        values.append(entry.userID)
        values.append(PGDate(entry.date))
        values.append(entry.mood.rawValue)
        values.append(entry.activityIDs)
        values.append(entry.note)
        values.append(entry.thoughts)
        values.append(entry.gratitude)
        values.append(entry.question)
        values.append(entry.answer)
        values.append(entry.song?.title)
        values.append(entry.song?.artist)
        values.append(entry.song?.link)
        values.append(entry.photoID)
        values.append(PGTime(entry.createdAt))
        values.append(PGTime(entry.updatedAt))
        return values
    }

    func entry(userID: UUID, date: LocalDate) async throws -> DayEntry? {
        try await client.rows(DayEntryByDate.self, userID, PGDate(date), logger: logger, reading: Self.entry).first
    }

    func delete(userID: UUID, date: LocalDate) async throws -> Bool {
        try await client.execute(
            "DELETE FROM day_entries WHERE user_id = \(userID) AND date = \(PGDate(date)) RETURNING 1", logger: logger
        ) > 0
    }

    func entries(userID: UUID, before: LocalDate?, limit: Int) async throws -> [DayEntry] {
        try await page(
            DayEntriesBefore.self, Self.columns, userID: userID, before: before, limit: limit, reading: Self.entry)
    }

    func teasers(userID: UUID, before: LocalDate?, limit: Int) async throws -> [DayTeaser] {
        try await page(
            DayTeasersBefore.self, Self.teaserColumns, userID: userID, before: before, limit: limit, reading: Self.teaser)
    }

    /// `columns` of the user's entries newest first, before `before`: `statement` (the same select,
    /// prepared) for a page up to the API's largest, sent as it is for a longer one (an export's).
    private func page<Statement: PreparedSQL, Row>(
        _ statement: Statement.Type, _ columns: String, userID: UUID, before: LocalDate?, limit: Int,
        reading read: (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        let before = PGDate(before ?? LocalDate.latest)
        guard limit > ShortPage.rows else {
            return try await client.rows(statement, userID, before, limit, logger: logger, reading: read)
        }
        return try await client.rows(
            """
            SELECT \(unescaped: columns) FROM day_entries WHERE user_id = \(userID) AND date < \(before)
            ORDER BY date DESC LIMIT \(limit)
            """, logger: logger, reading: read)
    }

    func entries(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [DayEntry] {
        try await client.rows(
            """
            SELECT \(unescaped: Self.columns) FROM day_entries
            WHERE user_id = \(userID) AND date BETWEEN \(PGDate(from)) AND \(PGDate(to))
            ORDER BY date
            """, logger: logger, reading: Self.entry)
    }

    func entries(userID: UUID, on dates: [LocalDate]) async throws -> [DayEntry] {
        guard !dates.isEmpty else { return [] }
        return try await client.rows(
            """
            SELECT \(unescaped: Self.columns) FROM day_entries WHERE user_id = \(userID) AND date = ANY(\(dates.map(\.description))::date[])
            ORDER BY date DESC
            """, logger: logger, reading: Self.entry)
    }

    /// The columns a day entry is read from (`entry(_:)`): not the search vector.
    static let columns = """
        user_id, date, mood, activity_ids, note, thoughts, gratitude, question, answer, song_title, song_artist,
        song_link, photo_id, created_at, updated_at
        """

    /// The columns a teaser is read from (`teaser(_:)`).
    static let teaserColumns = "date, mood, note, activity_ids"

    static func teaser(_ row: PostgresRow) throws -> DayTeaser {
        var columns = PostgresColumns(row)
        return DayTeaser(
            date: try columns.localDate("date"), mood: Mood(rawValue: try columns.next("mood")) ?? .meh,
            note: try columns.next("note"), activityIDs: try columns.ids("activity_ids"))
    }

    static func entry(_ row: PostgresRow) throws -> DayEntry {
        var columns = PostgresColumns(row)
        let userID: UUID = try columns.next("user_id")
        let date = try columns.localDate("date")
        let mood = Mood(rawValue: try columns.next("mood")) ?? .meh
        let activityIDs = try columns.ids("activity_ids")
        let note: String = try columns.next("note")
        let thoughts: String = try columns.next("thoughts")
        let gratitude = try columns.strings("gratitude")
        let question: String = try columns.next("question")
        let answer: String = try columns.next("answer")
        let song = Song(
            storedTitle: try columns.next("song_title"), artist: try columns.next("song_artist"),
            link: try columns.next("song_link"))
        return DayEntry(
            userID: userID, date: date, mood: mood, activityIDs: activityIDs, note: note, thoughts: thoughts,
            gratitude: gratitude, question: question, answer: answer, song: song,
            photoID: try columns.next("photo_id"), createdAt: try columns.time("created_at"),
            updatedAt: try columns.time("updated_at"))
    }
}
