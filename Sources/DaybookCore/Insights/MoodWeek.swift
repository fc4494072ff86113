/// This week (seed 000's Stats tab): the mood of each day of the week holding `today`, the week
/// starting on the user's chosen weekday; a day with no entry is a gap, not a zero.
public struct MoodWeek: Sendable, Hashable {
    public struct Day: Sendable, Hashable {
        public var date: LocalDate
        public var mood: Mood?
        public var isFuture: Bool
    }

    public var days: [Day]

    /// - Parameter moods: the user's moods; those outside the week are ignored.
    public init(today: LocalDate, weekStart: Int, moods: [DayMood]) {
        let span = Self.span(of: today, weekStart: weekStart)
        let byDate = Dictionary(moods.map { ($0.date, $0.mood) }, uniquingKeysWith: { a, _ in a })
        days = span.dates.map { Day(date: $0, mood: byDate[$0], isFuture: $0 > today) }
    }

    /// The seven dates of the week holding `date`, the week starting on ISO weekday `weekStart`.
    public static func span(of date: LocalDate, weekStart: Int) -> DateSpan {
        let start = (1...7).contains(weekStart) ? weekStart : 1
        let back = (date.isoWeekday - start + 7) % 7
        let first = date.adding(days: -back)
        return DateSpan(from: first, to: first.adding(days: 6))!
    }

    /// The mean of the days logged so far, nil with none.
    public var average: Double? { MoodTally(days.compactMap(\.mood)).average }
}

/// Average mood per weekday over a range, in the user's week order.
public struct WeekdayPattern: Sendable, Hashable {
    public struct Weekday: Sendable, Hashable {
        /// 1 = Monday … 7 = Sunday.
        public var isoWeekday: Int
        public var tally: MoodTally
        public var name: String { Weekdays.name(isoWeekday) }
    }

    public var weekdays: [Weekday]

    /// - Parameter tallies: days and mood sums by ISO weekday, as the database adds them up.
    public init(tallies: [Int: MoodTally], weekStart: Int) {
        weekdays = Weekdays.ordered(from: weekStart).map { Weekday(isoWeekday: $0, tally: tallies[$0] ?? MoodTally()) }
    }

    /// From the days themselves, for a client holding them.
    public init(moods: [DayMood], weekStart: Int) {
        var tallies: [Int: MoodTally] = [:]
        for day in moods { tallies[day.date.isoWeekday, default: MoodTally()].add(day.mood) }
        self.init(tallies: tallies, weekStart: weekStart)
    }
}
