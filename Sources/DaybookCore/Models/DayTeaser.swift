import Foundation

/// What a list of days shows of each entry: its mood, the note's first line and its activities.
/// Read by its own narrow select (`DayStore.teasers`): the rest of an entry (thoughts,
/// gratitude, the question, the song, the photo, its times) was half of the work of reading a
/// page of 50 whole entries, which a list never shows.
public struct DayTeaser: Sendable, Hashable {
    public var date: LocalDate
    public var mood: Mood
    public var noteFirstLine: String
    public var activityIDs: [UUID]

    /// `note` whole: only its first line is kept.
    public init(date: LocalDate, mood: Mood, note: String, activityIDs: [UUID]) {
        self.date = date
        self.mood = mood
        self.noteFirstLine = DayEntry.firstLine(of: note)
        self.activityIDs = activityIDs
    }

    public init(_ entry: DayEntry) {
        self.init(date: entry.date, mood: entry.mood, note: entry.note, activityIDs: entry.activityIDs)
    }
}
