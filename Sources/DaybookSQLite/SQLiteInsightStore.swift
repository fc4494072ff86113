import DaybookCore
import DaybookStorage
import Foundation
import GRDB

/// Insights on SQLite: each answer is one aggregate over the user's rows in a date range, through
/// the `(user_id, date)` key of `day_entries` and the `checkins_for_patterns` index.
struct SQLiteInsightStore: InsightStore {
    let pool: DatabasePool

    func moods(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [DayMood] {
        try pool.readInline { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT date, mood FROM day_entries WHERE user_id = ? AND date BETWEEN ? AND ? ORDER BY date"),
                arguments: [Stored.id(userID), from.description, to.description]
            ).compactMap { row in Mood(rawValue: row[1]).map { DayMood(date: row.localDate(0), mood: $0) } }
        }
    }

    func firstEntryDate(userID: UUID) async throws -> LocalDate? {
        try pool.readInline { db in
            try String.fetchOne(
                db.cachedStatement(sql: "SELECT min(date) FROM day_entries WHERE user_id = ?"),
                arguments: [Stored.id(userID)]
            ).flatMap(LocalDate.init)
        }
    }

    func yearsWithEntries(userID: UUID) async throws -> [Int] {
        try pool.readInline { db in
            try Int.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT DISTINCT CAST(substr(date, 1, 4) AS INTEGER) AS year FROM day_entries
                        WHERE user_id = ? ORDER BY year DESC
                        """),
                arguments: [Stored.id(userID)])
        }
    }

    func monthTallies(userID: UUID, year: Int) async throws -> [Int: MoodTally] {
        let span = DateSpan.year(year)
        return try tallies(userID: userID, from: span.from, to: span.to, slot: "CAST(substr(date, 6, 2) AS INTEGER)")
    }

    func weekdayTallies(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [Int: MoodTally] {
        // strftime's %w is 0 for Sunday; ISO calls it 7.
        let sundayFirst = try tallies(
            userID: userID, from: from, to: to, slot: "CAST(strftime('%w', date) AS INTEGER)")
        return Dictionary(uniqueKeysWithValues: sundayFirst.map { ($0.key == 0 ? 7 : $0.key, $0.value) })
    }

    func moodCounts(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [Mood: Int] {
        var counts: [Mood: Int] = [:]
        for (level, tally) in try tallies(userID: userID, from: from, to: to, slot: "mood") {
            if let mood = Mood(rawValue: level) { counts[mood] = tally.days }
        }
        return counts
    }

    /// Days and mood sums of the entries from `from` to `to`, grouped by the SQL expression `slot`.
    private func tallies(userID: UUID, from: LocalDate, to: LocalDate, slot: String) throws -> [Int: MoodTally] {
        try pool.readInline { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(slot) AS slot, count(*), sum(mood) FROM day_entries
                        WHERE user_id = ? AND date BETWEEN ? AND ? GROUP BY slot
                        """),
                arguments: [Stored.id(userID), from.description, to.description])
            return Dictionary(uniqueKeysWithValues: rows.map { ($0[0], MoodTally(days: $0[1], moodSum: $0[2])) })
        }
    }

    func entryRuns(userID: UUID) async throws -> [DateRun] {
        try runs(of: "SELECT date FROM day_entries WHERE user_id = ? ORDER BY date", userID: userID)
    }

    func checkinRuns(userID: UUID) async throws -> [DateRun] {
        // DISTINCT over the (user_id, local_date) index, in its order.
        try runs(of: "SELECT DISTINCT local_date FROM checkins WHERE user_id = ? ORDER BY local_date", userID: userID)
    }

    /// The runs among the dates `sql` selects, walked in Swift: cheaper here than SQLite's window
    /// function over the same rows (1 ms against 3 for ten years of days).
    private func runs(of sql: String, userID: UUID) throws -> [DateRun] {
        let dates = try pool.readInline { db in
            try String.fetchAll(db.cachedStatement(sql: sql), arguments: [Stored.id(userID)]).compactMap(LocalDate.init)
        }
        return DateRun.runs(of: dates)
    }

    func tagTallies(userID: UUID, from: LocalDate, to: LocalDate) async throws -> (all: MoodTally, tags: [TagTally]) {
        try pool.readInline { db in
            let arguments: StatementArguments = [Stored.id(userID), from.description, to.description]
            let all =
                try Row.fetchOne(
                    db.cachedStatement(
                        sql:
                            "SELECT count(*), coalesce(sum(mood), 0) FROM day_entries WHERE user_id = ? AND date BETWEEN ? AND ?"
                    ),
                    arguments: arguments
                ).map { MoodTally(days: $0[0], moodSum: $0[1]) } ?? MoodTally()
            // Each (date, kind, id) once (UNION), joined to the day's mood.
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        WITH tags AS (
                            SELECT d.date, 'activity' AS kind, j.value AS id
                                FROM day_entries d, json_each(d.activity_ids) j
                                WHERE d.user_id = ?1 AND d.date BETWEEN ?2 AND ?3
                            UNION SELECT local_date, 'activity', activity_id FROM checkins
                                WHERE user_id = ?1 AND local_date BETWEEN ?2 AND ?3 AND activity_id IS NOT NULL
                            UNION SELECT local_date, 'feeling', feeling_id FROM checkins
                                WHERE user_id = ?1 AND local_date BETWEEN ?2 AND ?3
                            UNION SELECT c.local_date, 'person', j.value FROM checkins c, json_each(c.person_ids) j
                                WHERE c.user_id = ?1 AND c.local_date BETWEEN ?2 AND ?3 AND c.person_ids <> '[]'
                        )
                        SELECT t.kind, t.id, count(*), sum(d.mood) FROM tags t
                        JOIN day_entries d ON d.user_id = ?1 AND d.date = t.date
                        GROUP BY t.kind, t.id
                        """),
                arguments: arguments)
            let tags = rows.compactMap { row -> TagTally? in
                guard let kind = InsightTagKind(rawValue: row[0]), let id = row.optionalUUID(1) else { return nil }
                return TagTally(id: id, kind: kind, with: MoodTally(days: row[2], moodSum: row[3]))
            }
            return (all, tags)
        }
    }

    func activityPairs(userID: UUID, from: LocalDate, to: LocalDate, limit: Int) async throws -> [ActivityPair] {
        try pool.readInline { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        WITH acts AS MATERIALIZED (
                            SELECT d.date, j.value AS id FROM day_entries d, json_each(d.activity_ids) j
                                WHERE d.user_id = ?1 AND d.date BETWEEN ?2 AND ?3
                            UNION SELECT local_date, activity_id FROM checkins
                                WHERE user_id = ?1 AND local_date BETWEEN ?2 AND ?3 AND activity_id IS NOT NULL
                        )
                        SELECT a.id, b.id, count(*) AS days FROM acts a JOIN acts b ON a.date = b.date AND a.id < b.id
                        GROUP BY a.id, b.id ORDER BY days DESC, a.id, b.id LIMIT ?4
                        """),
                arguments: [Stored.id(userID), from.description, to.description, limit]
            ).map { ActivityPair(first: $0.uuid(0), second: $0.uuid(1), days: $0[2]) }
        }
    }

    func feelingCounts(userID: UUID, from: LocalDate, to: LocalDate) async throws
        -> (byHour: [FeelingCount], byWeekday: [FeelingCount])
    {
        try pool.readInline { db in
            let arguments: StatementArguments = [Stored.id(userID), from.description, to.description]
            func counts(_ slot: String) throws -> [FeelingCount] {
                try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT feeling_id, \(slot) AS slot, count(*) FROM checkins
                            WHERE user_id = ? AND local_date BETWEEN ? AND ? GROUP BY feeling_id, slot
                            """),
                    arguments: arguments
                ).map { FeelingCount(feelingID: $0.uuid(0), slot: $0[1], count: $0[2]) }
            }
            let byWeekday = try counts("CAST(strftime('%w', local_date) AS INTEGER)").map {
                var count = $0
                if count.slot == 0 { count.slot = 7 }  // Sunday, in ISO
                return count
            }
            return (try counts("local_hour"), byWeekday)
        }
    }

    func diary(userID: UUID, gratitude: Bool, before: LocalDate?, limit: Int) async throws -> [DiaryLine] {
        try pool.readInline { db in
            let column = gratitude ? "gratitude" : "thoughts"
            let empty = gratitude ? "'[]'" : "''"
            return try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT date, mood, \(column) FROM day_entries
                        WHERE user_id = ? AND \(column) <> \(empty) AND date < ? ORDER BY date DESC LIMIT ?
                        """),
                arguments: [Stored.id(userID), before?.description ?? "9999-99-99", limit]
            ).map { row in
                DiaryLine(
                    date: row.localDate(0), mood: Mood(rawValue: row[1]) ?? .meh,
                    lines: gratitude ? row.strings(2) : [row[2] as String])
            }
        }
    }
}
