/// The layout of a month view (seeds 000, 003, 004): rows of weeks, Monday first as in ISO 8601
/// and most of the world's paper calendars.
public enum MonthGrid {
    /// The weeks of a month, Monday first: each week has 7 cells, nil for the padding days before
    /// the 1st and after the last day, so a page can draw the grid without any date arithmetic.
    public static func weeks(of month: YearMonth) -> [[LocalDate?]] {
        let leading = month.firstDay.isoWeekday - 1
        var cells: [LocalDate?] = Array(repeating: nil, count: leading)
        cells += (1...month.dayCount).map { LocalDate(year: month.year, month: month.month, day: $0) }
        cells += Array(repeating: nil, count: (7 - cells.count % 7) % 7)
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }
}
