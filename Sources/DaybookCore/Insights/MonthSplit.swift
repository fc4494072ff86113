extension DateSpan {
    /// The span cut at month boundaries: the whole months inside it, and the partial months at
    /// its ends (none, one or two spans). Long-range insights add up rollups of the whole months
    /// and read only the ends row by row (issue 16).
    public var monthSplit: (months: ClosedRange<YearMonth>?, edges: [DateSpan]) {
        let firstWhole = from.day == 1 ? YearMonth(from) : YearMonth(from).next
        let lastWhole = to == YearMonth(to).lastDay ? YearMonth(to) : YearMonth(to).previous
        guard firstWhole <= lastWhole, firstWhole.firstDay >= from, lastWhole.lastDay <= to else {
            return (nil, [self])
        }
        var edges: [DateSpan] = []
        if let head = DateSpan(from: from, to: firstWhole.firstDay.adding(days: -1)) { edges.append(head) }
        if let tail = DateSpan(from: lastWhole.lastDay.adding(days: 1), to: to) { edges.append(tail) }
        return (firstWhole...lastWhole, edges)
    }
}

/// What the insight rollups are kept for: a whole month, a whole calendar year, or a run of whole
/// months (two or more that are not one calendar year). A range's whole months are one period, so
/// that "all of history" is one rollup and two ends, not ten year rollups and the months of this
/// year added up per request.
public enum InsightPeriod: Sendable, Hashable {
    case month(YearMonth)
    case year(Int)
    case months(ClosedRange<YearMonth>)

    /// The period of the whole months `months`: a month, a year, or a run.
    public init(months: ClosedRange<YearMonth>) {
        if months.lowerBound == months.upperBound {
            self = .month(months.lowerBound)
        } else if months.lowerBound.month == 1, months.upperBound.month == 12,
            months.lowerBound.year == months.upperBound.year
        {
            self = .year(months.lowerBound.year)
        } else {
            self = .months(months)
        }
    }

    /// How the rollups name it: `YYYY-MM`, `YYYY`, or `~LAST/FIRST` for a run (`~2026-10/2016-12`).
    /// A run's key starts with `~` (after every digit) and its last month, so that the runs that
    /// contain a month are one range of the `(user, period)` index: the keys from `~YYYY-MM` on
    /// whose first month is not after it. That is how the triggers find the runs to forget.
    public var key: String {
        switch self {
        case .month(let month): month.description
        case .year(let year): String(format: "%04d", year)
        case .months(let run): "~\(run.upperBound)/\(run.lowerBound)"
        }
    }

    /// The upper bound of the keys of the runs that end before `run` (from `~` up to it): those
    /// are dropped when `run` is kept. Each month the usual ranges (90 days, a year, all) make new
    /// runs that end a month later; the old ones would pile up, forgotten only by a write inside
    /// them. A run dropped this way and asked for again is summed anew from its parts.
    public static func staleRuns(before run: ClosedRange<YearMonth>) -> String { "~\(run.upperBound)" }

    public var span: DateSpan {
        switch self {
        case .month(let month): DateSpan(from: month.firstDay, to: month.lastDay)!
        case .year(let year): DateSpan.year(year)
        case .months(let run): DateSpan(from: run.lowerBound.firstDay, to: run.upperBound.lastDay)!
        }
    }

    /// What its rollup is the sum of: a year of its twelve months; a run of the whole years inside
    /// it and the months outside them. A month is summed from the rows themselves.
    public var parts: [InsightPeriod] {
        switch self {
        case .month: return []
        case .year(let year): return (1...12).compactMap { YearMonth(year: year, month: $0) }.map(InsightPeriod.month)
        case .months(let run):
            var parts: [InsightPeriod] = []
            var month = run.lowerBound
            while month <= run.upperBound {
                if month.month == 1, let december = YearMonth(year: month.year, month: 12), december <= run.upperBound {
                    parts.append(.year(month.year))
                    month = december.next
                } else {
                    parts.append(.month(month))
                    month = month.next
                }
            }
            return parts
        }
    }
}

extension DateSpan {
    /// The span as one period of whole months (if it has any) and the partial months at its ends.
    public var periodSplit: (period: InsightPeriod?, edges: [DateSpan]) {
        let (months, edges) = monthSplit
        return (months.map(InsightPeriod.init(months:)), edges)
    }
}
