import Foundation

/// A day entry as a form or an API request sends it, before any checking: every field is optional
/// or free text, so a form can be kept as typed when it is sent back with errors.
public struct DayEntryInput: Sendable, Hashable {
    /// Required, 1...5 (see `Mood`).
    public var mood: Int?
    public var activityIDs: [UUID]
    public var note: String
    public var thoughts: String
    /// Up to three lines; empty ones are dropped, and an element holding line breaks counts as
    /// several lines (a text area sends them that way).
    public var gratitude: [String]
    public var answer: String
    public var songTitle: String
    public var songArtist: String
    /// Empty, or an absolute http/https URL.
    public var songLink: String
    public var photoID: UUID?

    public init(
        mood: Int? = nil, activityIDs: [UUID] = [], note: String = "", thoughts: String = "",
        gratitude: [String] = [], answer: String = "", songTitle: String = "", songArtist: String = "",
        songLink: String = "", photoID: UUID? = nil
    ) {
        self.mood = mood
        self.activityIDs = activityIDs
        self.note = note
        self.thoughts = thoughts
        self.gratitude = gratitude
        self.answer = answer
        self.songTitle = songTitle
        self.songArtist = songArtist
        self.songLink = songLink
        self.photoID = photoID
    }

    /// The form of a saved entry, for editing it.
    public init(_ entry: DayEntry) {
        self.init(
            mood: entry.mood.rawValue, activityIDs: entry.activityIDs, note: entry.note, thoughts: entry.thoughts,
            gratitude: entry.gratitude, answer: entry.answer, songTitle: entry.song?.title ?? "",
            songArtist: entry.song?.artist ?? "", songLink: entry.song?.link ?? "", photoID: entry.photoID)
    }
}
