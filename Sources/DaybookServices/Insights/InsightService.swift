import DaybookCharts
import DaybookCore
import DaybookStorage
import Foundation

/// Insights (issue 16): each statistic from a few sums the database adds up (`InsightStore`),
/// made into numbers by `DaybookCore` and into pictures by `DaybookCharts`. "Today" and weeks are
/// the user's own: their time zone and their first day of the week.
public struct InsightService: Sendable {
    let store: any DaybookStore
    let vocabulary: VocabularyService
    let now: @Sendable () -> Date

    public init(
        store: any DaybookStore, vocabulary: VocabularyService, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.vocabulary = vocabulary
        self.now = now
    }

    public func today(for user: User) -> LocalDate { LocalDate.today(in: user.zone, now: now()) }

    /// The dates a range covers for this user (`all` starts at their first entry).
    public func span(_ range: InsightRange, user: User) async throws -> DateSpan {
        let earliest = range == .all ? try await store.insights.firstEntryDate(userID: user.id) : nil
        return range.span(today: today(for: user), earliest: earliest)
    }

    public func week(user: User) async throws -> MoodWeek {
        let today = today(for: user)
        let span = MoodWeek.span(of: today, weekStart: user.weekStart)
        let moods = try await store.insights.moods(userID: user.id, from: span.from, to: span.to)
        return MoodWeek(today: today, weekStart: user.weekStart, moods: moods)
    }

    /// A year's months (the current year when nil) and the years the picker offers.
    public func year(user: User, year: Int?) async throws -> (year: MoodYear, years: [Int]) {
        let year = year ?? today(for: user).year
        async let tallies = store.insights.monthTallies(userID: user.id, year: year)
        async let years = store.insights.yearsWithEntries(userID: user.id)
        return (
            MoodYear(year: year, tallies: try await tallies),
            MoodYear.pickerYears(withEntries: try await years, current: today(for: user).year)
        )
    }

    public func trend(user: User, range: InsightRange) async throws -> MoodTrend {
        let span = try await span(range, user: user)
        // Six days before the span feed the first moving averages.
        let moods = try await store.insights.moods(
            userID: user.id, from: span.from.adding(days: -(MoodTrend.window - 1)), to: span.to)
        return MoodTrend(span: span, moods: moods)
    }

    public func distribution(user: User, range: InsightRange) async throws -> (span: DateSpan, MoodDistribution) {
        let span = try await span(range, user: user)
        return (
            span,
            MoodDistribution(counts: try await store.insights.moodCounts(userID: user.id, from: span.from, to: span.to))
        )
    }

    public func pixels(user: User, year: Int?) async throws -> YearInPixels {
        let span = DateSpan.year(year ?? today(for: user).year)
        let moods = try await store.insights.moods(userID: user.id, from: span.from, to: span.to)
        return YearInPixels(year: span.from.year, moods: moods)
    }

    public func streaks(user: User) async throws -> Streaks {
        let runs = try await store.insights.dayRuns(userID: user.id)
        let today = today(for: user)
        return Streaks(
            entries: Streak(runs: runs.entries, today: today), checkins: Streak(runs: runs.checkins, today: today))
    }

    public func weekdays(user: User, range: InsightRange) async throws -> (span: DateSpan, WeekdayPattern) {
        let span = try await span(range, user: user)
        let tallies = try await store.insights.weekdayTallies(userID: user.id, from: span.from, to: span.to)
        return (span, WeekdayPattern(tallies: tallies, weekStart: user.weekStart))
    }

    /// What goes with mood, the activities most often together, and the names of both.
    public func correlations(user: User, range: InsightRange) async throws -> CorrelationInsight {
        let span = try await span(range, user: user)
        let sums = try await store.insights.moodCompanions(
            userID: user.id, from: span.from, to: span.to, pairLimit: 10)
        let correlations = MoodCorrelations(allDays: sums.all, tags: sums.tags)
        let top = ActivityPair.top(sums.pairs)
        let names = try await vocabulary.lookup(
            userID: user.id,
            itemIDs: correlations.rows.filter { $0.kind != .person }.map(\.id) + top.flatMap { [$0.first, $0.second] },
            personIDs: correlations.rows.filter { $0.kind == .person }.map(\.id))
        return CorrelationInsight(span: span, correlations: correlations, pairs: top, names: names)
    }

    public func checkinPatterns(user: User, range: InsightRange) async throws -> (
        span: DateSpan, patterns: CheckinPatterns, names: VocabularyLookup
    ) {
        let span = try await span(range, user: user)
        let counts = try await store.insights.feelingCounts(userID: user.id, from: span.from, to: span.to)
        let patterns = CheckinPatterns(byHour: counts.byHour, byWeekday: counts.byWeekday, weekStart: user.weekStart)
        return (span, patterns, try await vocabulary.lookup(userID: user.id, itemIDs: patterns.feelings.map(\.id)))
    }

    /// One chart by name; `year` and `range` as the statistic it draws takes them.
    public func chart(_ name: InsightChartName, user: User, year: Int?, range: InsightRange) async throws -> Chart {
        switch name {
        case .week: InsightCharts.week(try await week(user: user))
        case .year: InsightCharts.year(try await self.year(user: user, year: year).year)
        case .trend: InsightCharts.trend(try await trend(user: user, range: range))
        case .distribution: InsightCharts.distribution(try await distribution(user: user, range: range).1)
        case .pixels: InsightCharts.pixels(try await pixels(user: user, year: year))
        case .streaks: InsightCharts.streaks(try await streaks(user: user))
        case .weekdays: InsightCharts.weekdays(try await weekdays(user: user, range: range).1)
        case .correlations: try await correlationsChart(user: user, range: range)
        case .checkinHours, .checkinWeekdays: try await checkinChart(name, user: user, range: range)
        }
    }

    private func correlationsChart(user: User, range: InsightRange) async throws -> Chart {
        let insight = try await correlations(user: user, range: range)
        return InsightCharts.correlations(insight.correlations, names: insight.names.label)
    }

    private func checkinChart(_ name: InsightChartName, user: User, range: InsightRange) async throws -> Chart {
        let found = try await checkinPatterns(user: user, range: range)
        return name == .checkinHours
            ? InsightCharts.checkinHours(found.patterns, names: found.names.label)
            : InsightCharts.checkinWeekdays(found.patterns, names: found.names.label)
    }

    /// A page of the thought diary (`gratitude` false) or the gratitude diary, newest first; the
    /// cursor is the last date of the page before.
    public func diary(user: User, gratitude: Bool, cursor: String?, limit: Int) async throws -> (
        lines: [DiaryLine], nextCursor: String?
    ) {
        var before: LocalDate?
        if let cursor, !cursor.isEmpty {
            guard let date = LocalDate(cursor) else { throw ValidationError([.invalidCursor]) }
            before = date
        }
        let limit = min(max(limit, 1), 100)
        let lines = try await store.insights.diary(
            userID: user.id, gratitude: gratitude, before: before, limit: limit + 1)
        let page = Array(lines.prefix(limit))
        return (page, lines.count > limit ? page.last?.date.description : nil)
    }
}

/// What goes with mood over a span, with the names to show.
public struct CorrelationInsight: Sendable {
    public var span: DateSpan
    public var correlations: MoodCorrelations
    public var pairs: [ActivityPair]
    public var names: VocabularyLookup
}

extension VocabularyLookup {
    /// What insights call an id: "🚶 walk", a person's name, or "(removed)" for one the user no
    /// longer has.
    public func label(_ id: UUID) -> String {
        if let item = items[id] { return item.emoji.isEmpty ? item.name : "\(item.emoji) \(item.name)" }
        return people[id]?.name ?? "(removed)"
    }
}
