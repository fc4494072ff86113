/// The triggers that forget a user's insight rollups (`insight_rollups`, made by
/// `SQLiteInsightStore` when first asked for) when a day entry or a check-in of their period is
/// written: every way of writing one, deletes too.
///
/// A change on the day D of month M forgets M's and D's year's rollups, and the runs of whole
/// months (`InsightPeriod.months`, key `~LAST/FIRST`) with LAST >= M and FIRST <= M, found as one
/// range of the period index.
enum SQLiteInsightRollupTriggers {
    /// The tables whose rows rollups add up, with the column that dates a row.
    static let sources = [("day_entries", "date"), ("checkins", "local_date")]

    /// The three triggers of `table` (`<table>_forget_insights_insert`, `_update`, `_delete`), in
    /// place of the ones it has. Migration 020 wrote them unguarded with the same statements; a
    /// change to what they forget is a new migration that writes them all again.
    ///
    /// `guarded` (migration 026): each trigger first asks whether there is anything to forget
    /// (`WHEN`, `anythingToForget`). Its `DELETE`s do nothing when there is not, but each still
    /// opened a temporary b-tree for its keys, and one for its `IN` list: a replaced day's four
    /// cost ~8 µs of SQLite's time, 3 % of a save, though most saves find nothing to forget (the
    /// bench's user never asked for insights, and a user who did has had the month forgotten by
    /// the first save after). The guard is three lookups of the period index.
    static func replacing(_ table: String, datedBy column: String, guarded: Bool) -> String {
        func when(_ rows: String...) -> String {
            guarded ? "WHEN " + rows.map { anythingToForget($0, column) }.joined(separator: " OR ") : ""
        }
        return """
            DROP TRIGGER \(table)_forget_insights_insert;
            DROP TRIGGER \(table)_forget_insights_update;
            DROP TRIGGER \(table)_forget_insights_delete;
            CREATE TRIGGER \(table)_forget_insights_insert AFTER INSERT ON \(table) \(when("NEW")) BEGIN
                \(forget("NEW", column))
            END;
            CREATE TRIGGER \(table)_forget_insights_update AFTER UPDATE ON \(table) \(when("OLD", "NEW")) BEGIN
                \(forget("OLD", column))
                \(forget("NEW", column))
            END;
            CREATE TRIGGER \(table)_forget_insights_delete AFTER DELETE ON \(table) \(when("OLD")) BEGIN
                \(forget("OLD", column))
            END;
            """
    }

    /// The rollups a change of `row` (`NEW` or `OLD`) makes stale, deleted.
    private static func forget(_ row: String, _ column: String) -> String {
        let (month, year) = monthAndYear(row, column)
        return """
            DELETE FROM insight_rollups WHERE user_id = \(row).user_id
                AND period IN (\(month), \(year));
            DELETE FROM insight_rollups WHERE user_id = \(row).user_id
                AND \(runsHolding(month));
            """
    }

    /// Whether `forget` would delete anything: the same conditions, each as its own lookup (an
    /// `IN` list or an `OR` would cost the temporary b-tree or the scan the guard is for).
    private static func anythingToForget(_ row: String, _ column: String) -> String {
        let (month, year) = monthAndYear(row, column)
        let rollups = "SELECT 1 FROM insight_rollups WHERE user_id = \(row).user_id AND"
        return """
            (EXISTS (\(rollups) period = \(month))
                OR EXISTS (\(rollups) period = \(year))
                OR EXISTS (\(rollups) \(runsHolding(month))))
            """
    }

    /// The month (`YYYY-MM`) and year of `row`'s date, as SQL expressions.
    private static func monthAndYear(_ row: String, _ column: String) -> (month: String, year: String) {
        ("substr(\(row).\(column), 1, 7)", "substr(\(row).\(column), 1, 4)")
    }

    /// The runs of whole months (`~LAST/FIRST`) that hold `month`: one range of the period index.
    private static func runsHolding(_ month: String) -> String {
        "period >= '~' || \(month) AND period < '~~' AND substr(period, 10, 7) <= \(month)"
    }
}
