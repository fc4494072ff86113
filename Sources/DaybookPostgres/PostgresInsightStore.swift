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

    // MARK: Long ranges, from month rollups (see `RolledUpInsights`)

    func rawSums(userID: UUID, span: DateSpan, parts: Set<InsightSums.Part>) async throws -> InsightSums {
        try await Self.sums(client, logger: logger, userID: userID, span: span, parts: parts)
    }

    func rollUp(userID: UUID, periods missing: [InsightPeriod]) async throws {
        for period in missing {
            // The parts of a year or a run not kept are made first, each in its own transaction.
            if !period.parts.isEmpty {
                let kept = try await Self.kept(client, logger: logger, userID: userID, keys: period.parts.map(\.key))
                try await rollUp(userID: userID, periods: period.parts.filter { !kept.contains($0.key) })
            }
            try await storeErrors {
                try await client.withTransaction(logger: logger) { connection in
                    try await Self.keep(connection, logger: logger, userID: userID, period: period)
                }
            }
        }
    }

    /// Computes and keeps the rollup of `period` in a transaction holding the user's rollup lock,
    /// which the triggers take before they forget anything: a writer waits for it, or it for the
    /// writer, so a rollup never outlives a change it did not see. A month is summed from its
    /// rows; a year or a run from its parts, and only if every part is still kept (a write may
    /// have forgotten one since; the reader then finds the period missing and sums it anew).
    private static func keep(
        _ connection: PostgresConnection, logger: Logger, userID: UUID, period: InsightPeriod
    ) async throws {
        try await connection.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(\(userID.lowercasedString), 17))", logger: logger)
        guard !period.parts.isEmpty else {
            let rows = try await sums(
                connection, logger: logger, userID: userID, span: period.span, parts: Set(InsightSums.Part.allCases)
            ).rows
            try await connection.execute(
                """
                INSERT INTO insight_rollups (user_id, kind, period, a, b, slot, days, mood_sum)
                SELECT \(userID), k, \(period.key), a, b, s, d, m
                FROM unnest(\(rows.map(\.kind)), \(rows.map(\.a)), \(rows.map(\.b)), \(rows.map(\.slot)),
                    \(rows.map(\.days)), \(rows.map(\.moodSum))) AS t(k, a, b, s, d, m)
                ON CONFLICT (user_id, kind, period, a, b, slot)
                DO UPDATE SET days = EXCLUDED.days, mood_sum = EXCLUDED.mood_sum
                """, logger: logger)
            return
        }
        let partKeys = period.parts.map(\.key)
        guard try await kept(connection, logger: logger, userID: userID, keys: partKeys).count == partKeys.count
        else { return }
        try await connection.execute(
            """
            INSERT INTO insight_rollups (user_id, kind, period, a, b, slot, days, mood_sum)
            SELECT user_id, kind, \(period.key), a, b, slot, sum(days), sum(mood_sum) FROM insight_rollups
            WHERE user_id = \(userID) AND period = ANY(\(partKeys)) GROUP BY user_id, kind, a, b, slot
            ON CONFLICT (user_id, kind, period, a, b, slot)
            DO UPDATE SET days = EXCLUDED.days, mood_sum = EXCLUDED.mood_sum
            """, logger: logger)
        if case .months(let run) = period {
            // See `InsightPeriod.staleRuns`.
            try await connection.execute(
                """
                DELETE FROM insight_rollups WHERE user_id = \(userID) AND period >= '~'
                AND period < \(InsightPeriod.staleRuns(before: run))
                """, logger: logger)
        }
    }

    func rolledUp(userID: UUID, periods: [InsightPeriod], parts: Set<InsightSums.Part>) async throws
        -> (sums: InsightSums, kept: Set<String>)
    {
        let keys = periods.map(\.key)
        // The kept periods come as rows of their own (kind `~kept`, the period in `a`): one round trip.
        let rows = try await client.rows(
            """
            SELECT kind, a, b, slot, sum(days)::integer AS days, sum(mood_sum)::integer AS mood_sum
            FROM insight_rollups WHERE user_id = \(userID) AND kind = ANY(\(parts.flatMap(\.kinds)))
            AND period = ANY(\(keys)) GROUP BY kind, a, b, slot
            UNION ALL
            SELECT '~kept', period, '', 0, 0, 0 FROM insight_rollups
            WHERE user_id = \(userID) AND kind = 'all' AND period = ANY(\(keys))
            """, logger: logger)
        var sums: [InsightSums.Row] = []
        var kept: Set<String> = []
        for row in rows {
            let kind: String = try row.value("kind")
            if kind == "~kept" {
                kept.insert(try row.value("a"))
                continue
            }
            sums.append(
                InsightSums.Row(
                    kind: kind, a: try row.value("a"), b: try row.value("b"), slot: try row.value("slot"),
                    days: try row.value("days"), moodSum: try row.value("mood_sum")))
        }
        return (InsightSums(rows: sums), kept)
    }

    /// Which of the periods named by `keys` have a rollup.
    static func kept(_ db: some PostgresRowReading, logger: Logger, userID: UUID, keys: [String]) async throws
        -> Set<String>
    {
        Set(
            try await db.rows(
                """
                SELECT period FROM insight_rollups WHERE user_id = \(userID) AND kind = 'all' AND period = ANY(\(keys))
                """, logger: logger
            ).map { try $0.value("period", as: String.self) })
    }

    /// The sums of a span from the rows themselves, on the pool or in a transaction.
    static func sums(
        _ db: some PostgresRowReading, logger: Logger, userID: UUID, span: DateSpan, parts: Set<InsightSums.Part>
    ) async throws -> InsightSums {
        let (first, last) = (PGDate(span.from), PGDate(span.to))
        // Each part its own query, all sent at once.
        async let all: MoodTally =
            parts.contains(.tags)
            ? try await db.rows(
                """
                SELECT count(*)::integer AS days, coalesce(sum(mood), 0)::integer AS total FROM day_entries
                WHERE user_id = \(userID) AND date BETWEEN \(first) AND \(last)
                """, logger: logger
            ).first.map { MoodTally(days: try $0.value("days"), moodSum: try $0.value("total")) } ?? MoodTally()
            : MoodTally()
        // Each (date, kind, id) once (UNION), joined to the day's mood.
        async let tags: [TagTally] =
            parts.contains(.tags)
            ? try await db.rows(
                """
                WITH tags AS (
                    SELECT date, 'activity' AS kind, unnest(activity_ids) AS id FROM day_entries
                        WHERE user_id = \(userID) AND date BETWEEN \(first) AND \(last)
                    UNION SELECT local_date, 'activity', activity_id FROM checkins
                        WHERE user_id = \(userID) AND local_date BETWEEN \(first) AND \(last) AND activity_id IS NOT NULL
                    UNION SELECT local_date, 'feeling', feeling_id FROM checkins
                        WHERE user_id = \(userID) AND local_date BETWEEN \(first) AND \(last)
                    UNION SELECT local_date, 'person', unnest(person_ids) FROM checkins
                        WHERE user_id = \(userID) AND local_date BETWEEN \(first) AND \(last) AND person_ids <> '{}'
                )
                SELECT t.kind, t.id, count(*)::integer AS days, sum(d.mood)::integer AS total FROM tags t
                JOIN day_entries d ON d.user_id = \(userID) AND d.date = t.date
                    AND d.date BETWEEN \(first) AND \(last)  -- else the planner reads every day of the user
                GROUP BY t.kind, t.id
                """, logger: logger
            ).compactMap { row -> TagTally? in
                guard let kind = InsightTagKind(rawValue: try row.value("kind")) else { return nil }
                return TagTally(
                    id: try row.value("id"), kind: kind,
                    with: MoodTally(days: try row.value("days"), moodSum: try row.value("total")))
            } : []
        async let pairs: [ActivityPair] =
            parts.contains(.pairs)
            ? try await db.rows(
                """
                WITH acts AS MATERIALIZED (
                    SELECT date, unnest(activity_ids) AS id FROM day_entries
                        WHERE user_id = \(userID) AND date BETWEEN \(first) AND \(last)
                    UNION SELECT local_date, activity_id FROM checkins
                        WHERE user_id = \(userID) AND local_date BETWEEN \(first) AND \(last) AND activity_id IS NOT NULL
                )
                SELECT a.id AS first, b.id AS second, count(*)::integer AS days
                FROM acts a JOIN acts b ON a.date = b.date AND a.id::text < b.id::text
                GROUP BY a.id, b.id
                """, logger: logger
            ).map {
                ActivityPair(first: try $0.value("first"), second: try $0.value("second"), days: try $0.value("days"))
            } : []
        // By hour and by weekday in one pass (two grouping sets).
        async let feelings: (byHour: [FeelingCount], byWeekday: [FeelingCount]) =
            parts.contains(.feelings)
            ? Self.feelingCounts(
                try await db.rows(
                    """
                    SELECT feeling_id, hour, dow, GROUPING(hour) AS by_weekday, count(*)::integer AS n FROM (
                        SELECT feeling_id, local_hour AS hour, extract(isodow FROM local_date)::integer AS dow
                        FROM checkins WHERE user_id = \(userID) AND local_date BETWEEN \(first) AND \(last)
                    ) c GROUP BY GROUPING SETS ((feeling_id, hour), (feeling_id, dow))
                    """, logger: logger)) : ([], [])
        // A bit per day of the month (day 1 is bit 0), both kinds in one statement.
        async let days: [PostgresRandomAccessRow] =
            parts.contains(.days)
            ? try await db.rows(
                """
                SELECT 'entry_days' AS kind, to_char(date, 'YYYY-MM') AS month,
                    bit_or(1 << (extract(day FROM date)::integer - 1)) AS bits
                FROM day_entries WHERE user_id = \(userID) AND date BETWEEN \(first) AND \(last) GROUP BY month
                UNION ALL
                SELECT 'checkin_days', to_char(local_date, 'YYYY-MM') AS month,
                    bit_or(1 << (extract(day FROM local_date)::integer - 1))
                FROM checkins WHERE user_id = \(userID) AND local_date BETWEEN \(first) AND \(last) GROUP BY month
                """, logger: logger) : []
        let (byHour, byWeekday) = try await feelings
        var sums = InsightSums(
            all: try await all, tags: try await tags, pairs: try await pairs, byHour: byHour, byWeekday: byWeekday)
        for row in try await days {
            guard let month = YearMonth(try row.value("month", as: String.self)) else { continue }
            let monthDays = MonthDays(month: month, bits: try row.value("bits"))
            if try row.value("kind", as: String.self) == "entry_days" {
                sums.entryDays.append(monthDays)
            } else {
                sums.checkinDays.append(monthDays)
            }
        }
        return sums
    }

    /// Rows of the two grouping sets: by hour (`by_weekday` 0) and by ISO weekday (1).
    private static func feelingCounts(_ rows: [PostgresRandomAccessRow]) throws
        -> (byHour: [FeelingCount], byWeekday: [FeelingCount])
    {
        var byHour: [FeelingCount] = []
        var byWeekday: [FeelingCount] = []
        for row in rows {
            let feeling: UUID = try row.value("feeling_id")
            let count: Int = try row.value("n")
            if try row.value("by_weekday", as: Int.self) == 1 {
                byWeekday.append(FeelingCount(feelingID: feeling, slot: try row.value("dow"), count: count))
            } else {
                byHour.append(FeelingCount(feelingID: feeling, slot: try row.value("hour"), count: count))
            }
        }
        return (byHour, byWeekday)
    }

    func diary(userID: UUID, gratitude: Bool, before: LocalDate?, limit: Int) async throws -> [DiaryLine] {
        let before = PGDate(before ?? LocalDate(year: 9999, month: 12, day: 31)!)
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
