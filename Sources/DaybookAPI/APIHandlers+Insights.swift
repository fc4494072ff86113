import DaybookCharts
import DaybookCore
import DaybookServices
import Foundation
import OpenAPIRuntime

/// Insights: statistics, their charts, and the diaries. Parameters are parsed by `InsightRange`
/// so that every bad one is a 422 naming it, as on the page.
extension APIHandlers {
    func getInsightWeek(_ input: Operations.getInsightWeek.Input) async throws -> Operations.getInsightWeek.Output {
        let user = try authenticated().user
        let week = try await services.insights.week(user: user)
        return .ok(
            .init(
                body: .json(
                    .init(
                        weekStart: user.weekStart, average: week.average,
                        days: week.days.map {
                            .init(date: $0.date.description, weekday: $0.date.isoWeekday, mood: $0.mood?.rawValue)
                        }))))
    }

    func getInsightYear(_ input: Operations.getInsightYear.Input) async throws -> Operations.getInsightYear.Output {
        let user = try authenticated().user
        let (year, years) = try await services.insights.year(
            user: user, year: try InsightRange.parseYear(input.query.year))
        return .ok(
            .init(
                body: .json(
                    .init(
                        year: year.year, years: years, days: year.total.days, average: year.total.average,
                        months: year.months.map {
                            .init(month: $0.month.description, days: $0.tally.days, average: $0.tally.average)
                        }))))
    }

    func getInsightTrend(_ input: Operations.getInsightTrend.Input) async throws -> Operations.getInsightTrend.Output {
        let user = try authenticated().user
        let range = try InsightRange.parse(range: input.query.range, from: input.query.from, to: input.query.to)
        let trend = try await services.insights.trend(user: user, range: range)
        return .ok(
            .init(
                body: .json(
                    .init(
                        from: trend.span.from.description, to: trend.span.to.description,
                        moods: trend.points.map { $0.mood?.rawValue },
                        // Averages to two decimals: what a chart can show, in a few bytes a day
                        // where a full double is up to 18.
                        movingAverages: trend.points.map { $0.movingAverage.map { ($0 * 100).rounded() / 100 } }
                    ))))
    }

    func getInsightDistribution(_ input: Operations.getInsightDistribution.Input) async throws
        -> Operations.getInsightDistribution.Output
    {
        let user = try authenticated().user
        let range = try InsightRange.parse(range: input.query.range, from: input.query.from, to: input.query.to)
        let (span, distribution) = try await services.insights.distribution(user: user, range: range)
        return .ok(
            .init(
                body: .json(
                    .init(
                        from: span.from.description, to: span.to.description, totalDays: distribution.totalDays,
                        moods: distribution.slices.map { .init(mood: $0.mood.rawValue, days: $0.days, share: $0.share) }
                    ))))
    }

    func getInsightPixels(_ input: Operations.getInsightPixels.Input) async throws -> Operations.getInsightPixels.Output
    {
        let user = try authenticated().user
        let pixels = try await services.insights.pixels(user: user, year: try InsightRange.parseYear(input.query.year))
        return .ok(
            .init(
                body: .json(
                    .init(
                        year: pixels.year,
                        days: pixels.months.joined().map { .init(date: $0.date.description, mood: $0.mood?.rawValue) }))
            ))
    }

    func getInsightStreaks(_ input: Operations.getInsightStreaks.Input) async throws
        -> Operations.getInsightStreaks.Output
    {
        let streaks = try await services.insights.streaks(user: try authenticated().user)
        return .ok(.init(body: .json(.init(entries: .init(streaks.entries), checkins: .init(streaks.checkins)))))
    }

    func getInsightCorrelations(_ input: Operations.getInsightCorrelations.Input) async throws
        -> Operations.getInsightCorrelations.Output
    {
        let user = try authenticated().user
        let range = try InsightRange.parse(range: input.query.range, from: input.query.from, to: input.query.to)
        let found = try await services.insights.correlations(user: user, range: range)
        let all = found.correlations.allDays
        return .ok(
            .init(
                body: .json(
                    .init(
                        from: found.span.from.description, to: found.span.to.description,
                        minimumDays: MoodCorrelations.minimumDays, days: all.days, average: all.average,
                        hidden: found.correlations.hiddenCount,
                        items: found.correlations.rows.map { row in
                            .init(
                                tag: .init(row.id, kind: row.kind, names: found.names), withDays: row.with.days,
                                withAverage: row.with.average ?? 0, withoutDays: row.without.days,
                                withoutAverage: row.without.average ?? 0, difference: row.difference)
                        },
                        pairs: found.pairs.map { pair in
                            .init(
                                first: .init(pair.first, kind: .activity, names: found.names),
                                second: .init(pair.second, kind: .activity, names: found.names), days: pair.days)
                        }))))
    }

    func getInsightCheckinPatterns(_ input: Operations.getInsightCheckinPatterns.Input) async throws
        -> Operations.getInsightCheckinPatterns.Output
    {
        let user = try authenticated().user
        let range = try InsightRange.parse(range: input.query.range, from: input.query.from, to: input.query.to)
        let (span, patterns, names) = try await services.insights.checkinPatterns(user: user, range: range)
        return .ok(
            .init(
                body: .json(
                    .init(
                        from: span.from.description, to: span.to.description, weekdays: patterns.weekdays,
                        total: patterns.total,
                        feelings: patterns.feelings.map {
                            .init(
                                feeling: .init($0.id, kind: .feeling, names: names), total: $0.total, byHour: $0.byHour,
                                byWeekday: $0.byWeekday)
                        }))))
    }

    func getInsightWeekdays(_ input: Operations.getInsightWeekdays.Input) async throws
        -> Operations.getInsightWeekdays.Output
    {
        let user = try authenticated().user
        let range = try InsightRange.parse(range: input.query.range, from: input.query.from, to: input.query.to)
        let (span, pattern) = try await services.insights.weekdays(user: user, range: range)
        return .ok(
            .init(
                body: .json(
                    .init(
                        from: span.from.description, to: span.to.description,
                        weekdays: pattern.weekdays.map {
                            .init(weekday: $0.isoWeekday, name: $0.name, days: $0.tally.days, average: $0.tally.average)
                        }))))
    }

    func getInsightChartSVG(_ input: Operations.getInsightChartSVG.Input) async throws
        -> Operations.getInsightChartSVG.Output
    {
        let query = input.query
        let chart = try await insightChart(
            input.path.name, year: query.year, range: query.range, from: query.from, to: query.to)
        return .ok(.init(body: .image_svg_plus_xml(HTTPBody(chart.svg(standalone: true)))))
    }

    func getInsightChartPNG(_ input: Operations.getInsightChartPNG.Input) async throws
        -> Operations.getInsightChartPNG.Output
    {
        let query = input.query
        let chart = try await insightChart(
            input.path.name, year: query.year, range: query.range, from: query.from, to: query.to)
        let png = try await services.media.processor.png(fromSVG: chart.svg(standalone: true))
        return .ok(.init(body: .png(HTTPBody(png))))
    }

    /// The chart by its name (404 for a name there is none of), with its parameters checked.
    private func insightChart(_ name: String, year: String?, range: String?, from: String?, to: String?) async throws
        -> Chart
    {
        let user = try authenticated().user
        guard let chartName = InsightChartName(rawValue: name) else { throw NotFound() }
        let year = try InsightRange.parseYear(year)
        let range = try InsightRange.parse(range: range, from: from, to: to)
        return try await services.insights.chart(chartName, user: user, year: year, range: range)
    }

    func listThoughtDiary(_ input: Operations.listThoughtDiary.Input) async throws -> Operations.listThoughtDiary.Output
    {
        .ok(
            .init(
                body: .json(try await diaryPage(gratitude: false, cursor: input.query.cursor, limit: input.query.limit))
            ))
    }

    func listGratitudeDiary(_ input: Operations.listGratitudeDiary.Input) async throws
        -> Operations.listGratitudeDiary.Output
    {
        .ok(
            .init(
                body: .json(try await diaryPage(gratitude: true, cursor: input.query.cursor, limit: input.query.limit)))
        )
    }

    private func diaryPage(gratitude: Bool, cursor: String?, limit: Int?) async throws -> Components.Schemas.DiaryPage {
        let user = try authenticated().user
        let page = try await services.insights.diary(
            user: user, gratitude: gratitude, cursor: cursor, limit: try pageLimit(limit))
        return .init(
            items: page.lines.map { .init(date: $0.date.description, mood: $0.mood.rawValue, lines: $0.lines) },
            nextCursor: page.nextCursor)
    }
}

extension Components.Schemas.InsightStreak {
    init(_ streak: Streak) {
        self.init(
            current: streak.currentDays, currentStart: streak.current?.start.description, longest: streak.longestDays,
            longestStart: streak.longest?.start.description, longestEnd: streak.longest?.end.description)
    }
}

extension Components.Schemas.InsightTag {
    init(_ id: UUID, kind: InsightTagKind, names: VocabularyLookup) {
        let item = names.items[id]
        self.init(
            id: id.apiString, kind: .init(rawValue: kind.rawValue) ?? .activity,
            name: item?.name ?? names.label(id), emoji: item?.emoji)
    }
}
