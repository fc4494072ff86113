import DaybookCore
import Foundation

/// The charts of the Insights page and of `GET /api/v1/insights/charts/{name}.svg|png`.
public enum InsightChartName: String, Sendable, CaseIterable {
    case week, year, trend, distribution, pixels, streaks, correlations, weekdays
    case checkinHours = "checkin-hours"
    case checkinWeekdays = "checkin-weekdays"
}

/// Statistics drawn as charts. Labels name activities, feelings and people through `names`
/// (escaped when drawn: they are the user's own words).
public enum InsightCharts {

    static func longDate(_ date: LocalDate) -> String { "\(date.day) \(Months.name(date.month)) \(date.year)" }
    static func shortDate(_ date: LocalDate) -> String { "\(date.day) \(Months.shortName(date.month))" }

    /// A note drawn in the middle of a chart that has nothing to show yet.
    static func emptyNote(_ text: String, height: Int) -> String {
        SVG.text(text, x: Double(Chart.width) / 2, y: Double(height) / 2, anchor: "middle", size: 12)
    }

    public static func week(_ week: MoodWeek) -> Chart {
        let bars = week.days.map { day in
            ChartKinds.Bar(
                label: "\(Weekdays.shortName(day.date.isoWeekday)) \(day.date.day)",
                value: day.mood.map { Double($0.rawValue) }, color: day.mood?.color ?? Chart.empty,
                tip: "\(Weekdays.name(day.date.isoWeekday)) \(longDate(day.date)): \(day.mood?.name ?? "no entry")")
        }
        let logged = week.days.compactMap(\.mood)
        let summary =
            logged.isEmpty
            ? "No day logged this week yet."
            : "\(logged.count) of 7 days logged this week, average mood \(ChartNumber.text(week.average)) of 5."
        var body = ChartKinds.bars(bars, scale: 0...5, ticks: [1, 2, 3, 4, 5])
        if logged.isEmpty { body += emptyNote("No entries this week yet", height: 190) }
        return Chart(name: "week", title: "This week", summary: summary, height: 190, body: body)
    }

    public static func year(_ year: MoodYear) -> Chart {
        let bars = year.months.map { month in
            ChartKinds.Bar(
                label: String(Months.name(month.month.month).prefix(1)), value: month.tally.average,
                color: month.tally.average.map { Mood(nearest: $0).color } ?? Chart.empty,
                tip: "\(Months.name(month.month.month)) \(year.year): "
                    + (month.tally.days == 0
                        ? "no entries" : "\(ChartNumber.text(month.tally.average)) over \(month.tally.days) days"))
        }
        let total = year.total
        let summary =
            total.days == 0
            ? "No entries in \(year.year)."
            : "Average mood of each month of \(year.year); the year's is \(ChartNumber.text(total.average)) over \(total.days) days."
        var body = ChartKinds.bars(bars, scale: 0...5, ticks: [1, 2, 3, 4, 5])
        if total.days == 0 { body += emptyNote("No entries in \(year.year)", height: 190) }
        return Chart(name: "year", title: "\(year.year), month by month", summary: summary, height: 190, body: body)
    }

    public static func trend(_ trend: MoodTrend) -> Chart {
        let dots = trend.points.enumerated().compactMap { index, point in
            point.mood.map { (index: index, mood: $0, tip: "\(longDate(point.date)): \($0.name)") }
        }
        let count = trend.points.count
        var labels: [(index: Int, text: String)] = [(0, shortDate(trend.span.from))]
        if count > 2 { labels.append((count / 2, shortDate(trend.points[count / 2].date))) }
        if count > 1 { labels.append((count - 1, shortDate(trend.span.to))) }
        let logged = MoodTally(dots.map(\.mood))
        let summary =
            logged.days == 0
            ? "No entries from \(longDate(trend.span.from)) to \(longDate(trend.span.to))."
            : "Daily mood from \(longDate(trend.span.from)) to \(longDate(trend.span.to)), \(logged.days) days logged, "
                + "average \(ChartNumber.text(logged.average)); the line is the 7-day moving average."
        var body = ChartKinds.moodLine(
            dots: dots, line: trend.points.map(\.movingAverage), count: count, labels: labels)
        if logged.days == 0 { body += emptyNote("No entries in this range", height: 200) }
        return Chart(name: "trend", title: "Mood over time", summary: summary, height: 200, body: body)
    }

    public static func distribution(_ distribution: MoodDistribution) -> Chart {
        let slices = distribution.slices.map { (label: $0.mood.name.capitalized, value: $0.days, color: $0.mood.color) }
        let summary =
            distribution.totalDays == 0
            ? "No entries in this range."
            : "Days at each mood: "
                + distribution.slices.map { "\($0.mood.name) \($0.days) (\(ChartNumber.percent($0.share)))" }
                .joined(separator: ", ") + "."
        let body = ChartKinds.donut(slices, centre: "\(distribution.totalDays) days")
        return Chart(name: "distribution", title: "Moods", summary: summary, height: 170, body: body)
    }

    public static func pixels(_ pixels: YearInPixels) -> Chart {
        let rows = pixels.months.enumerated().map { index, days in
            (
                label: Months.shortName(index + 1),
                cells: days.map { cell in
                    ChartKinds.Cell(
                        color: cell.mood?.color, opacity: 1,
                        tip: "\(longDate(cell.date)): \(cell.mood?.name ?? "no entry")")
                }
            )
        }
        let grid = ChartKinds.grid(
            rows: rows, columns: 31, columnLabels: [(0, "1"), (9, "10"), (19, "20"), (30, "31")], labelWidth: 30)
        let summary = "Every day of \(pixels.year) coloured by its mood: \(pixels.loggedDays) days logged."
        return Chart(
            name: "pixels", title: "\(pixels.year) in pixels", summary: summary, height: grid.height, body: grid.body)
    }

    public static func streaks(_ streaks: Streaks) -> Chart {
        let values = [
            ("Entries, now", streaks.entries.currentDays), ("Entries, best", streaks.entries.longestDays),
            ("Check-ins, now", streaks.checkins.currentDays), ("Check-ins, best", streaks.checkins.longestDays),
        ]
        let top = max(5, values.map(\.1).max() ?? 0)
        let step = max(1, Int((Double(top) / 4).rounded(.up)))
        let bars = values.map { label, days in
            ChartKinds.Bar(
                label: label, value: Double(days), color: label.hasSuffix("now") ? Chart.accent : Mood.rad.color,
                tip: "\(label): \(days) days")
        }
        let summary =
            "Current streak of day entries \(streaks.entries.currentDays) days (longest \(streaks.entries.longestDays)); "
            + "of days with a check-in \(streaks.checkins.currentDays) (longest \(streaks.checkins.longestDays))."
        let body = ChartKinds.bars(
            bars, height: 170, scale: 0...Double(step * 4), ticks: (0...4).map { Double($0 * step) },
            valueText: { String(Int($0)) })
        return Chart(name: "streaks", title: "Streaks", summary: summary, height: 170, body: body)
    }

    public static func correlations(_ correlations: MoodCorrelations, names: (UUID) -> String) -> Chart {
        let shown = correlations.rows.prefix(10).map { row in
            (
                label: names(row.id), value: row.difference,
                tip: "\(names(row.id)): \(ChartNumber.text(row.with.average)) on \(row.with.days) days with it, "
                    + "\(ChartNumber.text(row.without.average)) on \(row.without.days) without"
            )
        }
        if shown.isEmpty {
            let body = emptyNote("Not enough days yet: 5 with and 5 without", height: 60)
            return Chart(
                name: "correlations", title: "What goes with mood",
                summary: "Nothing to compare yet: a tag shows once it has 5 days with it and 5 without.", height: 60,
                body: body)
        }
        let drawing = ChartKinds.differences(Array(shown))
        let summary =
            "Average mood on days with each activity, feeling or person minus days without it: "
            + shown.map { "\($0.label) \(ChartNumber.signed($0.value))" }.joined(separator: ", ") + "."
        return Chart(
            name: "correlations", title: "What goes with mood", summary: summary, height: drawing.height,
            body: drawing.body)
    }

    public static func weekdays(_ pattern: WeekdayPattern) -> Chart {
        let bars = pattern.weekdays.map { day in
            ChartKinds.Bar(
                label: Weekdays.shortName(day.isoWeekday), value: day.tally.average,
                color: day.tally.average.map { Mood(nearest: $0).color } ?? Chart.empty,
                tip: "\(day.name): "
                    + (day.tally.days == 0
                        ? "no entries" : "\(ChartNumber.text(day.tally.average)) over \(day.tally.days) days"))
        }
        let logged = pattern.weekdays.filter { $0.tally.days > 0 }
        let summary =
            logged.isEmpty
            ? "No entries in this range."
            : "Average mood by weekday: "
                + logged.map { "\($0.name) \(ChartNumber.text($0.tally.average))" }.joined(separator: ", ") + "."
        var body = ChartKinds.bars(bars, scale: 0...5, ticks: [1, 2, 3, 4, 5])
        if logged.isEmpty { body += emptyNote("No entries in this range", height: 190) }
        return Chart(name: "weekdays", title: "Mood by weekday", summary: summary, height: 190, body: body)
    }

    /// Feelings (the eight most logged) by hour of day.
    public static func checkinHours(_ patterns: CheckinPatterns, names: (UUID) -> String) -> Chart {
        checkinGrid(
            patterns, names: names, name: "checkin-hours", title: "Feelings by hour of day", columns: 24,
            columnLabels: [(0, "0"), (6, "6"), (12, "12"), (18, "18"), (23, "23")],
            counts: \.byHour, column: { "\($0):00" })
    }

    /// Feelings (the eight most logged) by weekday.
    public static func checkinWeekdays(_ patterns: CheckinPatterns, names: (UUID) -> String) -> Chart {
        checkinGrid(
            patterns, names: names, name: "checkin-weekdays", title: "Feelings by weekday", columns: 7,
            columnLabels: patterns.weekdays.enumerated().map { ($0.offset, Weekdays.shortName($0.element)) },
            counts: \.byWeekday, column: { Weekdays.name(patterns.weekdays[$0]) })
    }

    private static func checkinGrid(
        _ patterns: CheckinPatterns, names: (UUID) -> String, name: String, title: String, columns: Int,
        columnLabels: [(index: Int, text: String)], counts: KeyPath<CheckinPatterns.Feeling, [Int]>,
        column: (Int) -> String
    ) -> Chart {
        let feelings = patterns.feelings.prefix(8)
        guard !feelings.isEmpty else {
            return Chart(
                name: name, title: title, summary: "No check-ins in this range.", height: 60,
                body: emptyNote("No check-ins in this range", height: 60))
        }
        let most = max(1, feelings.flatMap { $0[keyPath: counts] }.max() ?? 1)
        let rows = feelings.map { feeling in
            (
                label: names(feeling.id),
                cells: feeling[keyPath: counts].enumerated().map { index, count in
                    ChartKinds.Cell(
                        color: count == 0 ? nil : Chart.accent, opacity: 0.25 + 0.75 * Double(count) / Double(most),
                        tip: "\(names(feeling.id)), \(column(index)): \(count) check-ins")
                }
            )
        }
        let grid = ChartKinds.grid(
            rows: Array(rows), columns: columns, columnLabels: columnLabels, labelWidth: 86, cellHeight: 16)
        let summary =
            "\(patterns.total) check-ins; the most logged feelings are "
            + feelings.prefix(3).map { "\(names($0.id)) (\($0.total))" }.joined(separator: ", ") + "."
        return Chart(name: name, title: title, summary: summary, height: grid.height, body: grid.body)
    }
}
