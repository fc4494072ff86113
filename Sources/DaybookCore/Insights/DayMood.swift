/// One day's mood: what most statistics are made of (a narrow read, not the whole entry).
public struct DayMood: Sendable, Hashable, Codable {
    public var date: LocalDate
    public var mood: Mood

    public init(date: LocalDate, mood: Mood) {
        self.date = date
        self.mood = mood
    }
}

/// A number of days and the sum of their moods: what the database adds up, so an average never
/// needs the days themselves.
public struct MoodTally: Sendable, Hashable, Codable {
    public var days: Int
    public var moodSum: Int

    public init(days: Int = 0, moodSum: Int = 0) {
        self.days = days
        self.moodSum = moodSum
    }

    public init(_ moods: some Sequence<Mood>) {
        self.init()
        for mood in moods { add(mood) }
    }

    public mutating func add(_ mood: Mood) {
        days += 1
        moodSum += mood.rawValue
    }

    /// The mean mood (1–5), nil with no days.
    public var average: Double? { days == 0 ? nil : Double(moodSum) / Double(days) }

    /// `self` and `other` together (the sums of two spans of days that do not overlap).
    public func adding(_ other: MoodTally) -> MoodTally {
        MoodTally(days: days + other.days, moodSum: moodSum + other.moodSum)
    }

    /// What is left of `self` without `part` (days without something = all days − days with it).
    public func removing(_ part: MoodTally) -> MoodTally {
        MoodTally(days: days - part.days, moodSum: moodSum - part.moodSum)
    }
}

/// An inclusive run of dates, `from` never after `to`.
public struct DateSpan: Sendable, Hashable, Codable {
    public let from: LocalDate
    public let to: LocalDate

    public init?(from: LocalDate, to: LocalDate) {
        guard from <= to else { return nil }
        self.from = from
        self.to = to
    }

    /// The span of `days` days ending on `last`.
    public init(days: Int, endingOn last: LocalDate) {
        self.from = last.adding(days: -(max(days, 1) - 1))
        self.to = last
    }

    /// 1 January to 31 December of `year` (1–9999).
    public static func year(_ year: Int) -> DateSpan {
        DateSpan(from: LocalDate(year: year, month: 1, day: 1)!, to: LocalDate(year: year, month: 12, day: 31)!)!
    }

    public var dayCount: Int { from.days(to: to) + 1 }

    public func contains(_ date: LocalDate) -> Bool { from <= date && date <= to }

    /// Every date, oldest first.
    public var dates: [LocalDate] { (from.dayNumber...to.dayNumber).map(LocalDate.init(dayNumber:)) }
}
