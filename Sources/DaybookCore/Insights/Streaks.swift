/// A run of consecutive dates, `start` to `end` inclusive.
public struct DateRun: Sendable, Hashable, Codable {
    public var start: LocalDate
    public var end: LocalDate

    public init(start: LocalDate, end: LocalDate) {
        self.start = start
        self.end = end
    }

    public var length: Int { start.days(to: end) + 1 }

    /// The runs in a list of dates (any order, repeats allowed), oldest first.
    public static func runs(of dates: [LocalDate]) -> [DateRun] {
        let days = Set(dates.map(\.dayNumber)).sorted()
        var runs: [DateRun] = []
        var start = days.first
        for (index, day) in days.enumerated() {
            let isLast = index == days.count - 1
            if isLast || days[index + 1] != day + 1 {
                runs.append(DateRun(start: LocalDate(dayNumber: start!), end: LocalDate(dayNumber: day)))
                if !isLast { start = days[index + 1] }
            }
        }
        return runs
    }
}

/// The days of one month that have something (a day entry, a check-in), one bit per day: day 1
/// is bit 0. How the streaks keep ten years in 120 small numbers instead of 3,650 dates.
public struct MonthDays: Sendable, Hashable {
    public var month: YearMonth
    public var bits: Int

    public init(month: YearMonth, bits: Int) {
        self.month = month
        self.bits = bits
    }

    /// The month's dates whose bit is set, in order.
    public var dates: [LocalDate] {
        let first = month.firstDay.dayNumber
        return (0..<31).filter { bits & (1 << $0) != 0 }.map { LocalDate(dayNumber: first + $0) }
    }
}

extension DateRun {
    /// The runs among the days of some months (any order), oldest first.
    public static func runs(of months: [MonthDays]) -> [DateRun] {
        runs(of: months.flatMap(\.dates))
    }
}

/// The current and the longest run of consecutive days with something logged. A run still counts
/// as current when its last day is yesterday: today is not over yet.
public struct Streak: Sendable, Hashable {
    public var current: DateRun?
    public var longest: DateRun?

    public var currentDays: Int { current?.length ?? 0 }
    public var longestDays: Int { longest?.length ?? 0 }

    public init(runs: [DateRun], today: LocalDate) {
        current = runs.first { $0.end == today || $0.end == today.adding(days: -1) }
        // The longest; of equal ones the latest.
        longest = runs.max { ($0.length, $0.end) < ($1.length, $1.end) }
    }
}

/// Streaks of day entries (back-filled days count) and of days with a check-in.
public struct Streaks: Sendable, Hashable {
    public var entries: Streak
    public var checkins: Streak

    public init(entries: Streak, checkins: Streak) {
        self.entries = entries
        self.checkins = checkins
    }
}
