/// A year (seed 000's Stats tab): the average mood of each month with the number of days behind
/// it; months with no entry have no average.
public struct MoodYear: Sendable, Hashable {
    public struct Month: Sendable, Hashable {
        public var month: YearMonth
        public var tally: MoodTally
    }

    public var year: Int
    /// January to December.
    public var months: [Month]

    /// - Parameter tallies: days and mood sums by month number (1–12).
    public init(year: Int, tallies: [Int: MoodTally]) {
        self.year = year
        months = (1...12).map { Month(month: YearMonth(year: year, month: $0)!, tally: tallies[$0] ?? MoodTally()) }
    }

    /// From the days themselves, for a client holding them; days of other years are ignored.
    public init(year: Int, moods: [DayMood]) {
        var tallies: [Int: MoodTally] = [:]
        for day in moods where day.date.year == year { tallies[day.date.month, default: MoodTally()].add(day.mood) }
        self.init(year: year, tallies: tallies)
    }

    /// The year's mean over all its days (not the mean of the month averages).
    public var total: MoodTally {
        months.reduce(into: MoodTally()) {
            $0.days += $1.tally.days
            $0.moodSum += $1.tally.moodSum
        }
    }

    /// The years a picker offers: those with entries, newest first, and always `current`.
    public static func pickerYears(withEntries years: [Int], current: Int) -> [Int] {
        Array(Set(years + [current])).sorted(by: >)
    }
}
