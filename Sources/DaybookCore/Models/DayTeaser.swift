import Foundation

/// What a list of days shows of each entry: its mood, the note's first line and its activities.
/// Read by its own narrow select (`DayStore.teasers`): the rest of an entry (thoughts,
/// gratitude, the question, the song, the photo, its times) is 11 of its 15 columns, which a list
/// never shows and which cost PostgreSQL's driver a decoded cell each.
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
