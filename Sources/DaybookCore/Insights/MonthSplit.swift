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

/// A whole month or a whole calendar year: what the insight rollups are kept for.
public enum InsightPeriod: Sendable, Hashable {
    case month(YearMonth)
    case year(Int)

    /// `YYYY-MM` or `YYYY`, as the rollups name it.
    public var key: String {
        switch self {
        case .month(let month): month.description
        case .year(let year): String(format: "%04d", year)
        }
    }

    public var year: Int {
        switch self {
        case .month(let month): month.year
        case .year(let year): year
        }
    }

    public var span: DateSpan {
        switch self {
        case .month(let month): DateSpan(from: month.firstDay, to: month.lastDay)!
        case .year(let year): DateSpan.year(year)
        }
    }

    /// The twelve months of a year; a month is itself.
    public var months: [YearMonth] {
        switch self {
        case .month(let month): [month]
        case .year(let year): (1...12).compactMap { YearMonth(year: year, month: $0) }
        }
    }
}

extension DateSpan {
    /// The span as whole years, whole months outside them, and the partial months at its ends:
    /// ten years of history is ten year rollups and a few months and days, not 3,650 days.
    public var periodSplit: (periods: [InsightPeriod], edges: [DateSpan]) {
        let (months, edges) = monthSplit
        guard let months else { return ([], edges) }
        var periods: [InsightPeriod] = []
        var month = months.lowerBound
        while true {
            if month.month == 1, let december = YearMonth(year: month.year, month: 12), december <= months.upperBound {
                periods.append(.year(month.year))
                if december == months.upperBound { break }
                month = december.next
                continue
            }
            periods.append(.month(month))
            if month == months.upperBound { break }
            month = month.next
        }
        return (periods, edges)
    }
}
