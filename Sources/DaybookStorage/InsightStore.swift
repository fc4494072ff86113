import DaybookCore
import Foundation

/// What the insights read (issue 16): narrow rows and sums the database adds up, never a user's
/// whole history of entries. The statistics themselves are made from these in `DaybookCore`.
///
/// Dates are inclusive. A day's mood is its day entry's; check-ins count by their local date.
public protocol InsightStore: Sendable {
    /// Date and mood of each day entry in the range, oldest first.
    func moods(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [DayMood]
    /// The date of the user's first day entry, nil with none.
    func firstEntryDate(userID: UUID) async throws -> LocalDate?
    /// The years that have a day entry, newest first.
    func yearsWithEntries(userID: UUID) async throws -> [Int]
    /// Days and mood sums by month number (1–12) of one year.
    func monthTallies(userID: UUID, year: Int) async throws -> [Int: MoodTally]
    /// Days and mood sums by ISO weekday (1 = Monday … 7 = Sunday).
    func weekdayTallies(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [Int: MoodTally]
    /// Days at each mood level.
    func moodCounts(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [Mood: Int]
    /// Runs of consecutive dates with a day entry, and of local dates with at least one check-in,
    /// oldest first.
    func dayRuns(userID: UUID) async throws -> (entries: [DateRun], checkins: [DateRun])
    /// What goes with mood over the range, in one read (on PostgreSQL, reading the parts apart
    /// doubled the round trips): see `MoodCompanions`; `pairLimit` pairs, most days first.
    func moodCompanions(userID: UUID, from: LocalDate, to: LocalDate, pairLimit: Int) async throws -> MoodCompanions
    /// Check-ins by feeling and local hour, and by feeling and ISO weekday of their local date.
    func feelingCounts(userID: UUID, from: LocalDate, to: LocalDate) async throws
        -> (byHour: [FeelingCount], byWeekday: [FeelingCount])
    /// Day entries with thoughts (`gratitude` false) or gratitude lines (true), newest first, strictly
    /// before `before` when given: the thought and gratitude diaries.
    func diary(userID: UUID, gratitude: Bool, before: LocalDate?, limit: Int) async throws -> [DiaryLine]
}

/// Every day with a mood, for each activity, feeling and person the days with it (see
/// `TagTally`), and the pairs of activities on the same day (entry or check-ins).
public struct MoodCompanions: Sendable, Hashable {
    public var all: MoodTally
    public var tags: [TagTally]
    public var pairs: [ActivityPair]

    public init(all: MoodTally = MoodTally(), tags: [TagTally] = [], pairs: [ActivityPair] = []) {
        self.all = all
        self.tags = tags
        self.pairs = pairs
    }
}

/// One day's thoughts, or its gratitude lines.
public struct DiaryLine: Sendable, Hashable {
    public var date: LocalDate
    public var mood: Mood
    /// The thoughts as one text, or each gratitude line.
    public var lines: [String]

    public init(date: LocalDate, mood: Mood, lines: [String]) {
        self.date = date
        self.mood = mood
        self.lines = lines
    }
}
