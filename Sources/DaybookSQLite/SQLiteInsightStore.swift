import DaybookCore
import DaybookStorage
import Foundation
import GRDB

/// Insights on SQLite: each answer is one aggregate over the user's rows in a date range, through
/// the `(user_id, date)` key of `day_entries` and the `checkins_for_patterns` index; the long-range
/// ones add up month rollups (`insight_rollups`) and read only the partial months row by row.
struct SQLiteInsightStore: RolledUpInsights {
    let database: SQLiteDatabase

    func moods(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [DayMood] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT date, mood FROM day_entries WHERE user_id = ? AND date BETWEEN ? AND ? ORDER BY date"),
                arguments: [Stored.id(userID), from.description, to.description]
            ).compactMap { row in Mood(rawValue: row[1]).map { DayMood(date: row.localDate(0), mood: $0) } }
        }
    }

    func firstEntryDate(userID: UUID) async throws -> LocalDate? {
        try database.read { db in
            try String.fetchOne(
                db.cachedStatement(sql: "SELECT min(date) FROM day_entries WHERE user_id = ?"),
                arguments: [Stored.id(userID)]
            ).flatMap(LocalDate.init)
        }
    }

    func yearsWithEntries(userID: UUID) async throws -> [Int] {
        try database.read { db in
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
        try database.read { db in
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

    func dataSpan(userID: UUID) async throws -> DateSpan? {
        try database.read { db in
            // Four index lookups, each the first or last of its index for the user.
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT min(d), max(d) FROM (
                            SELECT min(date) AS d FROM day_entries WHERE user_id = ?1
                            UNION ALL SELECT max(date) FROM day_entries WHERE user_id = ?1
                            UNION ALL SELECT min(local_date) FROM checkins WHERE user_id = ?1
                            UNION ALL SELECT max(local_date) FROM checkins WHERE user_id = ?1
                        )
                        """),
                arguments: [Stored.id(userID)])
            guard let row, let first = LocalDate(row[0] as String? ?? ""), let last = LocalDate(row[1] as String? ?? "")
            else { return nil }
            return DateSpan(from: first, to: last)
        }
    }

    // MARK: Long ranges, from month rollups (see `RolledUpInsights`)

    func rawSums(userID: UUID, span: DateSpan, parts: Set<InsightSums.Part>) async throws -> InsightSums {
        try database.read { db in try Self.sums(db, userID: userID, span: span, parts: parts) }
    }

    func rollUp(userID: UUID, periods missing: [InsightPeriod]) async throws {
        // In the write transaction: no day entry or check-in changes between the reading and the
        // keeping, and the triggers forget a period that changes after.
        try await database.write { db in
            for period in missing { try Self.keep(db, userID: userID, period: period) }
        }
    }

    /// Computes and keeps the rollup of `period`: a month from its rows, a year or a run of months
    /// as the sum of its parts (those not kept are made first).
    private static func keep(_ db: Database, userID: UUID, period: InsightPeriod) throws {
        let parts = period.parts
        guard !parts.isEmpty else {
            let insert = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO insight_rollups (user_id, kind, period, a, b, slot, days, mood_sum)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            let sums = try sums(db, userID: userID, span: period.span, parts: Set(InsightSums.Part.allCases))
            for row in sums.rows {
                try insert.execute(arguments: [
                    Stored.id(userID), row.kind, period.key, row.a, row.b, row.slot, row.days, row.moodSum,
                ])
            }
            return
        }
        let partKeys = parts.map(\.key)
        let keptParts = try kept(db, userID: userID, keys: partKeys)
        for part in parts where !keptParts.contains(part.key) {
            try keep(db, userID: userID, period: part)
        }
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO insight_rollups (user_id, kind, period, a, b, slot, days, mood_sum)
                SELECT user_id, kind, ?, a, b, slot, sum(days), sum(mood_sum) FROM insight_rollups
                WHERE user_id = ? AND period IN (SELECT value FROM json_each(?))
                GROUP BY kind, a, b, slot
                """
        ).execute(arguments: [period.key, Stored.id(userID), json(partKeys)])
        if case .months(let run) = period {
            // See `InsightPeriod.staleRuns`.
            try db.cachedStatement(
                sql: "DELETE FROM insight_rollups WHERE user_id = ? AND period >= '~' AND period < ?"
            )
            .execute(arguments: [Stored.id(userID), InsightPeriod.staleRuns(before: run)])
        }
    }

    func rolledUp(userID: UUID, periods: [InsightPeriod], edges: [DateSpan], parts: Set<InsightSums.Part>)
        async throws -> (sums: InsightSums, kept: Set<String>)
    {
        try database.read { db in
            var rows: [InsightSums.Row] = []
            for kind in parts.flatMap(\.kinds) {
                rows += try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT a, b, slot, sum(days), sum(mood_sum) FROM insight_rollups
                            WHERE user_id = ? AND kind = ? AND period IN (SELECT value FROM json_each(?))
                            GROUP BY a, b, slot
                            """),
                    arguments: [Stored.id(userID), kind, Self.json(periods.map(\.key))]
                ).map { InsightSums.Row(kind: kind, a: $0[0], b: $0[1], slot: $0[2], days: $0[3], moodSum: $0[4]) }
            }
            let sums = try edges.reduce(InsightSums(rows: rows)) {
                $0 + (try Self.sums(db, userID: userID, span: $1, parts: parts))
            }
            return (sums, try Self.kept(db, userID: userID, keys: periods.map(\.key)))
        }
    }

    /// Which of the periods named by `keys` have a rollup.
    static func kept(_ db: Database, userID: UUID, keys: [String]) throws -> Set<String> {
        try String.fetchSet(
            db.cachedStatement(
                sql: """
                    SELECT period FROM insight_rollups
                    WHERE user_id = ? AND kind = 'all' AND period IN (SELECT value FROM json_each(?))
                    """),
            arguments: [Stored.id(userID), json(keys)])
    }

    /// Period keys as a JSON array, for `IN (SELECT value FROM json_each(?))` in one cached statement.
    static func json(_ keys: [String]) -> String {
        "[" + keys.map { "\"\($0)\"" }.joined(separator: ",") + "]"
    }

    /// The sums of a span from the rows themselves.
    static func sums(_ db: Database, userID: UUID, span: DateSpan, parts: Set<InsightSums.Part>) throws -> InsightSums {
        let arguments: StatementArguments = [Stored.id(userID), span.from.description, span.to.description]
        var sums = InsightSums()
        if parts.contains(.tags) {
            sums.all =
                try Row.fetchOne(
                    db.cachedStatement(
                        sql:
                            "SELECT count(*), coalesce(sum(mood), 0) FROM day_entries WHERE user_id = ? AND date BETWEEN ? AND ?"
                    ),
                    arguments: arguments
                ).map { MoodTally(days: $0[0], moodSum: $0[1]) } ?? MoodTally()
            // Each (date, kind, id) once (UNION), joined to the day's mood.
            sums.tags = try Row.fetchAll(
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
                arguments: arguments
            ).compactMap { row -> TagTally? in
                guard let kind = InsightTagKind(rawValue: row[0]), let id = row.optionalUUID(1) else { return nil }
                return TagTally(id: id, kind: kind, with: MoodTally(days: row[2], moodSum: row[3]))
            }
        }
        if parts.contains(.pairs) {
            sums.pairs = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        WITH acts AS MATERIALIZED (
                            SELECT d.date, j.value AS id FROM day_entries d, json_each(d.activity_ids) j
                                WHERE d.user_id = ?1 AND d.date BETWEEN ?2 AND ?3
                            UNION SELECT local_date, activity_id FROM checkins
                                WHERE user_id = ?1 AND local_date BETWEEN ?2 AND ?3 AND activity_id IS NOT NULL
                        )
                        SELECT a.id, b.id, count(*) FROM acts a JOIN acts b ON a.date = b.date AND a.id < b.id
                        GROUP BY a.id, b.id
                        """),
                arguments: arguments
            ).map { ActivityPair(first: $0.uuid(0), second: $0.uuid(1), days: $0[2]) }
        }
        if parts.contains(.feelings) {
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
            sums.byHour = try counts("local_hour")
            sums.byWeekday = try counts("CAST(strftime('%w', local_date) AS INTEGER)").map {
                var count = $0
                if count.slot == 0 { count.slot = 7 }  // Sunday, in ISO
                return count
            }
        }
        if parts.contains(.days) {
            // A bit per day of the month (day 1 is bit 0); each date once, so the sum is their OR.
            func days(_ sql: String) throws -> [MonthDays] {
                try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).compactMap { row in
                    YearMonth(row[0] as String).map { MonthDays(month: $0, bits: row[1]) }
                }
            }
            sums.entryDays = try days(
                """
                SELECT substr(date, 1, 7) AS month, sum(1 << (CAST(substr(date, 9, 2) AS INTEGER) - 1))
                FROM day_entries WHERE user_id = ? AND date BETWEEN ? AND ? GROUP BY month
                """)
            sums.checkinDays = try days(
                """
                SELECT month, sum(bit) FROM (
                    SELECT DISTINCT substr(local_date, 1, 7) AS month,
                        1 << (CAST(substr(local_date, 9, 2) AS INTEGER) - 1) AS bit
                    FROM checkins WHERE user_id = ? AND local_date BETWEEN ? AND ?
                ) GROUP BY month
                """)
        }
        return sums
    }

    func diary(userID: UUID, gratitude: Bool, before: LocalDate?, limit: Int) async throws -> [DiaryLine] {
        try database.read { db in
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
