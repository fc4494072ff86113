import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

/// Insights on PostgreSQL: the same aggregates as SQLite's, with `unnest` for the id arrays and
/// `isodow` for weekdays.
struct PostgresInsightStore: RolledUpInsights {
    let client: PostgresClient
    let logger: Logger

    func moods(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [DayMood] {
        // Two arrays in one row, not a row per day: ten years are 3,650 rows, whose decoding by
        // column name took longer than the query.
        guard
            let row = try await client.rows(
                """
                SELECT array_agg(date - DATE '2000-01-01' ORDER BY date) AS days,
                    array_agg(mood::integer ORDER BY date) AS moods
                FROM day_entries WHERE user_id = \(userID) AND date BETWEEN \(PGDate(from)) AND \(PGDate(to))
                """, logger: logger
            ).first,
            let days = try row.value("days", as: [Int32]?.self), let moods = try row.value("moods", as: [Int32]?.self)
        else { return [] }
        return zip(days, moods).compactMap { day, mood in
            Mood(rawValue: Int(mood)).map {
                DayMood(date: LocalDate(dayNumber: Int(day) + PGDate.epochOffset), mood: $0)
            }
        }
    }

    func firstEntryDate(userID: UUID) async throws -> LocalDate? {
        try await client.rows("SELECT min(date) AS first FROM day_entries WHERE user_id = \(userID)", logger: logger)
            .first.flatMap { try $0.value("first", as: PGDate?.self)?.date }
    }

    func yearsWithEntries(userID: UUID) async throws -> [Int] {
        try await client.rows(
            """
            SELECT DISTINCT extract(year FROM date)::integer AS year FROM day_entries
            WHERE user_id = \(userID) ORDER BY year DESC
            """, logger: logger
        ).map { try $0.value("year") }
    }

    func monthTallies(userID: UUID, year: Int) async throws -> [Int: MoodTally] {
        let span = DateSpan.year(year)
        return try await tallies(
            userID: userID, from: span.from, to: span.to, slot: "extract(month FROM date)::integer")
    }

    func weekdayTallies(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [Int: MoodTally] {
        try await tallies(userID: userID, from: from, to: to, slot: "extract(isodow FROM date)::integer")
    }

    func moodCounts(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [Mood: Int] {
        var counts: [Mood: Int] = [:]
        for (level, tally) in try await tallies(userID: userID, from: from, to: to, slot: "mood") {
            if let mood = Mood(rawValue: level) { counts[mood] = tally.days }
        }
        return counts
    }

    /// Days and mood sums of the entries from `from` to `to`, grouped by the SQL expression `slot` (one of
    /// this file's constants, never input).
    private func tallies(userID: UUID, from: LocalDate, to: LocalDate, slot: String) async throws -> [Int: MoodTally] {
        var query = PostgresQuery(
            unsafeSQL: "SELECT \(slot) AS slot, count(*)::integer AS days, sum(mood)::integer AS total")
        query.sql += " FROM day_entries WHERE user_id = $1 AND date BETWEEN $2 AND $3 GROUP BY slot"
        query.binds.append(userID)
        query.binds.append(PGDate(from))
        query.binds.append(PGDate(to))
        let rows = try await client.rows(query, logger: logger)
        return Dictionary(
            uniqueKeysWithValues: try rows.map {
                (
                    try $0.value("slot", as: Int.self),
                    MoodTally(days: try $0.value("days"), moodSum: try $0.value("total"))
                )
            })
    }

    func dataSpan(userID: UUID) async throws -> DateSpan? {
        // Four index lookups, each the first or last of its index for the user.
        let row = try await client.rows(
            """
            SELECT min(d) AS first, max(d) AS last FROM (
                SELECT min(date) AS d FROM day_entries WHERE user_id = \(userID)
                UNION ALL SELECT max(date) FROM day_entries WHERE user_id = \(userID)
                UNION ALL SELECT min(local_date) FROM checkins WHERE user_id = \(userID)
                UNION ALL SELECT max(local_date) FROM checkins WHERE user_id = \(userID)
            ) d
            """, logger: logger
        ).first
        guard let row, let first = try row["first"].decode(PGDate?.self),
            let last = try row["last"].decode(PGDate?.self)
        else { return nil }
        return DateSpan(from: first.date, to: last.date)
    }

    func diary(userID: UUID, gratitude: Bool, before: LocalDate?, limit: Int) async throws -> [DiaryLine] {
        let before = PGDate(before ?? LocalDate.latest)
        let rows =
            gratitude
            ? try await client.rows(
                """
                SELECT date, mood, gratitude AS lines FROM day_entries
                WHERE user_id = \(userID) AND gratitude <> '{}' AND date < \(before) ORDER BY date DESC LIMIT \(limit)
                """, logger: logger)
            : try await client.rows(
                """
                SELECT date, mood, ARRAY[thoughts] AS lines FROM day_entries
                WHERE user_id = \(userID) AND thoughts <> '' AND date < \(before) ORDER BY date DESC LIMIT \(limit)
                """, logger: logger)
        return try rows.map {
            DiaryLine(
                date: try $0.localDate("date"), mood: Mood(rawValue: try $0.value("mood")) ?? .meh,
                lines: try $0.value("lines"))
        }
    }
}
