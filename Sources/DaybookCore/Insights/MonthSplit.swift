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

extension ClosedRange where Bound == YearMonth {
    /// Every month of the range, oldest first.
    public var months: [YearMonth] {
        var all = [lowerBound]
        while let last = all.last, last < upperBound { all.append(last.next) }
        return all
    }
}
