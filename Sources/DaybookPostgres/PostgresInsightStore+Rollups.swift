import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

/// The long ranges on PostgreSQL (see `RolledUpInsights`): a range's kept rollup and the rows of
/// its partial months are added up by one statement, `sumsStatement`.
extension PostgresInsightStore {
    func rawSums(userID: UUID, span: DateSpan, parts: Set<InsightSums.Part>) async throws -> InsightSums {
        try await Self.sums(client, logger: logger, userID: userID, periods: [], edges: [span], parts: parts).sums
    }

    func rolledUp(userID: UUID, periods: [InsightPeriod], edges: [DateSpan], parts: Set<InsightSums.Part>)
        async throws -> (sums: InsightSums, kept: Set<String>)
    {
        try await Self.sums(client, logger: logger, userID: userID, periods: periods, edges: edges, parts: parts)
    }

    func rollUp(userID: UUID, periods missing: [InsightPeriod]) async throws {
        for period in missing {
            // The parts of a year or a run not kept are made first, each in its own transaction.
            let parts = period.parts
            if !parts.isEmpty {
                let kept = try await Self.kept(client, logger: logger, userID: userID, keys: parts.map(\.key))
                try await rollUp(userID: userID, periods: parts.filter { !kept.contains($0.key) })
            }
            try await storeErrors {
                try await client.withTransaction(logger: logger) { connection in
                    try await Self.keep(connection, logger: logger, userID: userID, period: period)
                }
            }
        }
    }

    /// Computes and keeps the rollup of `period` in a transaction holding the user's rollup lock
    /// exclusively; the triggers take it shared before they forget anything (so writers do not
    /// wait for each other): a writer waits for the maker, or the maker for every writer in
    /// flight, so a rollup never outlives a change it did not see. A month is summed from its
    /// rows; a year or a run from its parts, and only if every part is still kept (a write may
    /// have forgotten one since; the reader then finds the period missing and sums it anew).
    private static func keep(
        _ connection: PostgresConnection, logger: Logger, userID: UUID, period: InsightPeriod
    ) async throws {
        try await connection.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(\(userID.lowercasedString), 17))", logger: logger)
        let partKeys = period.parts.map(\.key)
        guard !partKeys.isEmpty else {
            let rows = try await sums(
                connection, logger: logger, userID: userID, periods: [], edges: [period.span],
                parts: Set(InsightSums.Part.allCases)
            ).sums.rows
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

    /// Which of the periods named by `keys` have a rollup.
    private static func kept(_ db: some PostgresRowReading, logger: Logger, userID: UUID, keys: [String])
        async throws -> Set<String>
    {
        Set(
            try await db.rows(
                """
                SELECT period FROM insight_rollups WHERE user_id = \(userID) AND kind = 'all' AND period = ANY(\(keys))
                """, logger: logger
            ).map { try $0.value("period", as: String.self) })
    }

    /// The kept rollups of `parts` over `periods` and the rows' own sums over `edges`, added up,
    /// and which periods are kept: one statement on the pool or in a transaction.
    private static func sums(
        _ db: some PostgresRowReading, logger: Logger, userID: UUID, periods: [InsightPeriod], edges: [DateSpan],
        parts: Set<InsightSums.Part>
    ) async throws -> (sums: InsightSums, kept: Set<String>) {
        // A range has at most two ends (`DateSpan.monthSplit`); a missing one is an empty range
        // (its first day after its last).
        precondition(edges.count <= 2, "at most two edges")
        var ends = edges.map { ($0.from, $0.to) }
        while ends.count < 2 { ends.append((LocalDate(dayNumber: 1), LocalDate(dayNumber: 0))) }
        var query = PostgresQuery(unsafeSQL: sumsStatement(parts))
        query.binds.append(userID)
        for (first, last) in ends {
            query.binds.append(PGDate(first))
            query.binds.append(PGDate(last))
        }
        query.binds.append(parts.flatMap(\.kinds))
        query.binds.append(periods.map(\.key))
        var rows: [InsightSums.Row] = []
        var kept: Set<String> = []
        for row in try await db.rows(query, logger: logger) {
            let kind = try row[0].decode(String.self)
            if kind == "~kept" {
                kept.insert(try row[1].decode(String.self))
                continue
            }
            rows.append(
                InsightSums.Row(
                    kind: kind, a: try row[1].decode(String.self), b: try row[2].decode(String.self),
                    slot: try row[3].decode(Int.self), days: try row[4].decode(Int.self),
                    moodSum: try row[5].decode(Int.self)))
        }
        return (InsightSums(rows: rows), kept)
    }

    /// Rows in the rollups' shape (`InsightSums.Row`: kind, a, b, slot, days, mood sum), from the
    /// kept rollups of the kinds `$6` over the periods `$7` and, for each part asked for, from the
    /// day entries and check-ins of the two edges (`$2`…`$3` and `$4`…`$5`), grouped so that a tag
    /// of a rollup and of an edge comes as one row; then one `~kept` row per kept period. `$1` is
    /// the user. The SQL is made of this file's constants only.
    static func sumsStatement(_ parts: Set<InsightSums.Part>) -> String {
        var branches = [
            "SELECT kind, a, b, slot, days, mood_sum FROM insight_rollups WHERE user_id = $1 AND kind = ANY($6) AND period = ANY($7)"
        ]
        if parts.contains(.tags) {
            branches.append("SELECT 'all', '', '', 0, count(*), coalesce(sum(mood), 0) FROM edge_entries")
            // Each (date, kind, id) once (UNION), joined to the day's mood.
            branches.append(
                """
                SELECT t.kind, t.id::text, '', 0, count(*), sum(e.mood) FROM (
                    SELECT date, 'activity' AS kind, id FROM edge_activities
                    UNION SELECT date, 'feeling', feeling_id FROM edge_checkins
                    UNION SELECT date, 'person', unnest(person_ids) FROM edge_checkins WHERE person_ids <> '{}'
                ) t JOIN edge_entries e ON e.date = t.date GROUP BY t.kind, t.id
                """)
        }
        if parts.contains(.pairs) {
            branches.append(
                """
                SELECT 'pair', a.id::text, b.id::text, 0, count(*), 0
                FROM edge_activities a JOIN edge_activities b ON a.date = b.date AND a.id::text < b.id::text
                GROUP BY a.id, b.id
                """)
        }
        if parts.contains(.feelings) {
            branches.append(
                "SELECT 'hour', feeling_id::text, '', local_hour, count(*), 0 FROM edge_checkins GROUP BY feeling_id, local_hour"
            )
            branches.append(
                """
                SELECT 'weekday', feeling_id::text, '', extract(isodow FROM date)::integer AS dow, count(*), 0
                FROM edge_checkins GROUP BY feeling_id, dow
                """)
        }
        if parts.contains(.days) {
            // A bit per day of the month (day 1 is bit 0).
            for (kind, table) in [("entry_days", "edge_entries"), ("checkin_days", "edge_checkins")] {
                branches.append(
                    """
                    SELECT '\(kind)', to_char(date, 'YYYY-MM') AS month, '', bit_or(1 << (extract(day FROM date)::integer - 1)),
                        count(DISTINCT date), 0 FROM \(table) GROUP BY month
                    """)
            }
        }
        // A WITH query no branch names is not run. Each end is read by a range scan of the
        // user's rows by date (`day_entries_pkey`, `checkins_for_patterns`) joined laterally to
        // `edges`, and kept a subquery (`OFFSET 0`), so the planner cannot see the dates: given
        // them, it estimates a month's share from the whole table's dates, and once half of the
        // table's check-ins were of one day (`make bench`'s writes) it read all of an account's
        // 73,000 check-ins through the search index for 560 (20 ms, where the range is 0.3 ms).
        return """
            WITH edges (first, last) AS (VALUES ($2::date, $3::date), ($4::date, $5::date)),
            edge_entries AS MATERIALIZED (
                SELECT e.* FROM edges CROSS JOIN LATERAL (
                    SELECT date, mood, activity_ids FROM day_entries
                    WHERE user_id = $1 AND date BETWEEN edges.first AND edges.last OFFSET 0
                ) e
            ),
            edge_checkins AS MATERIALIZED (
                SELECT c.* FROM edges CROSS JOIN LATERAL (
                    SELECT local_date AS date, local_hour, feeling_id, activity_id, person_ids FROM checkins
                    WHERE user_id = $1 AND local_date BETWEEN edges.first AND edges.last OFFSET 0
                ) c
            ),
            edge_activities AS MATERIALIZED (
                SELECT date, unnest(activity_ids) AS id FROM edge_entries
                UNION SELECT date, activity_id FROM edge_checkins WHERE activity_id IS NOT NULL
            )
            SELECT kind, a, b, slot, sum(days)::integer AS days, sum(mood_sum)::integer AS mood_sum FROM (
                \(branches.joined(separator: "\nUNION ALL "))
            ) s GROUP BY kind, a, b, slot
            UNION ALL
            SELECT '~kept', period, '', 0, 0, 0 FROM insight_rollups WHERE user_id = $1 AND kind = 'all' AND period = ANY($7)
            """
    }
}
