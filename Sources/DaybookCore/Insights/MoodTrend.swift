/// Mood over time (seed 003's line graph): each day's mood over a span, with the 7-day moving
/// average (the mean of the logged days among that day and the six before it).
public struct MoodTrend: Sendable, Hashable {
    public struct Point: Sendable, Hashable {
        public var date: LocalDate
        public var mood: Mood?
        /// Nil when none of the seven days was logged.
        public var movingAverage: Double?
    }

    public static let window = 7

    public var span: DateSpan
    /// One per date of the span, oldest first.
    public var points: [Point]

    /// - Parameter moods: the user's moods from six days before the span to its end (earlier days
    ///   feed the first averages; others are ignored).
    public init(span: DateSpan, moods: [DayMood]) {
        self.span = span
        let first = span.from.dayNumber - (Self.window - 1)
        var byDay = [Mood?](repeating: nil, count: span.to.dayNumber - first + 1)
        for day in moods {
            let index = day.date.dayNumber - first
            if byDay.indices.contains(index) { byDay[index] = day.mood }
        }
        var tally = MoodTally()
        var points: [Point] = []
        points.reserveCapacity(span.dayCount)
        for index in byDay.indices {
            if let mood = byDay[index] { tally.add(mood) }
            if index >= Self.window, let gone = byDay[index - Self.window] {
                tally = tally.removing(MoodTally(days: 1, moodSum: gone.rawValue))
            }
            guard index >= Self.window - 1 else { continue }
            points.append(
                Point(date: LocalDate(dayNumber: first + index), mood: byDay[index], movingAverage: tally.average))
        }
        self.points = points
    }

    /// The days that were logged.
    public var logged: [DayMood] { points.compactMap { p in p.mood.map { DayMood(date: p.date, mood: $0) } } }
}

/// How many days at each mood level (seed 003's pie).
public struct MoodDistribution: Sendable, Hashable {
    public struct Slice: Sendable, Hashable {
        public var mood: Mood
        public var days: Int
        /// Of all days in the range with a mood, 0–1 (0 when there are none).
        public var share: Double
    }

    /// Rad first, as the mood list reads.
    public var slices: [Slice]
    public var totalDays: Int

    public init(counts: [Mood: Int]) {
        totalDays = counts.values.reduce(0, +)
        let total = Double(max(totalDays, 1))
        slices = Mood.allCases.reversed().map {
            Slice(mood: $0, days: counts[$0] ?? 0, share: Double(counts[$0] ?? 0) / total)
        }
    }
}

/// Year in pixels: every day of a year as a cell coloured by its mood, a row per month.
public struct YearInPixels: Sendable, Hashable {
    public struct Cell: Sendable, Hashable {
        public var date: LocalDate
        public var mood: Mood?
    }

    public var year: Int
    /// Twelve rows, each as long as its month (February has 29 in a leap year).
    public var months: [[Cell]]

    public init(year: Int, moods: [DayMood]) {
        self.year = year
        let byDate = Dictionary(moods.map { ($0.date, $0.mood) }, uniquingKeysWith: { a, _ in a })
        months = (1...12).map { month in
            (1...LocalDate.daysIn(month: month, year: year)).map { day in
                let date = LocalDate(year: year, month: month, day: day)!
                return Cell(date: date, mood: byDate[date])
            }
        }
    }

    public var loggedDays: Int { months.joined().count { $0.mood != nil } }
}
