/// The trigger functions that forget a user's insight rollups (`insight_rollups`, kept by
/// `PostgresInsightStore.keep` when first asked for) when a day entry or a check-in of their
/// period is written: every way of writing one, deletes too. PostgreSQL's sibling of
/// `SQLiteInsightRollupTriggers`.
///
/// A change on a day of month M forgets M's and M's year's rollups, and the runs of whole months
/// (`InsightPeriod.months`, key `~LAST/FIRST`) with LAST >= M and FIRST <= M. An update that moves
/// a row to another month forgets both months and every run from the first to the last (a few
/// more runs than needed: the rollups are a cache, and forgetting loses nothing).
///
/// Each function first takes the user's rollup lock shared: writers do not wait for each other,
/// only for a rollup being made, which holds it exclusively (migration 25). Then it asks whether
/// the user has any rollups, and deletes only then: most users never asked for insights, and a
/// `DELETE` costs its executor start even when it finds nothing. (Asking for the month's own
/// rollups and runs, two lookups in one statement, cost as much as the `DELETE`.) Both are inline,
/// and the lock is taken as an assignment: PL/pgSQL evaluates a simple expression without the
/// executor, where `PERFORM` and the nested function of migration 25 each ran one more statement.
/// Upserting a day in `pgbench` with nothing to forget: 12.1-12.8k a second with the old
/// function, 14.0-14.1k with this one, 16.9k with an empty one.
enum PostgresInsightRollupTriggers {
    /// The tables whose rows rollups add up, with the column that dates a row.
    static let sources = [("day_entries", "date"), ("checkins", "local_date")]

    /// `daybook_<table>_forget_insights()`, the function of `<table>_forget_insights` (an `AFTER
    /// INSERT OR UPDATE OR DELETE` row trigger since migration 17), written anew. Migration 26
    /// wrote both with it; a database that has 26 does not run it again, so a change to what they
    /// forget is a new migration that writes them again.
    static func function(_ table: String, datedBy column: String) -> String {
        let periods = "period IN (first_month, last_month, substr(first_month, 1, 4), substr(last_month, 1, 4))"
        let runs = """
            period >= ('~' || first_month) COLLATE "C" AND period < '~~'
                        AND substr(period, 10, 7) <= last_month COLLATE "C"
            """
        return """
            CREATE OR REPLACE FUNCTION daybook_\(table)_forget_insights() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                owner uuid;
                first_month text;
                last_month text;
                locked text;
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    owner := NEW.user_id;
                    first_month := to_char(NEW.\(column), 'YYYY-MM');
                    last_month := first_month;
                ELSIF TG_OP = 'DELETE' THEN
                    owner := OLD.user_id;
                    first_month := to_char(OLD.\(column), 'YYYY-MM');
                    last_month := first_month;
                ELSE
                    owner := OLD.user_id;
                    first_month := to_char(least(OLD.\(column), NEW.\(column)), 'YYYY-MM');
                    last_month := to_char(greatest(OLD.\(column), NEW.\(column)), 'YYYY-MM');
                END IF;
                locked := pg_advisory_xact_lock_shared(hashtextextended(owner::text, 17))::text;
                IF EXISTS (SELECT FROM insight_rollups WHERE user_id = owner) THEN
                    DELETE FROM insight_rollups WHERE user_id = owner AND (\(periods) OR (\(runs)));
                END IF;
                RETURN NULL;
            END
            $$
            """
    }
}
