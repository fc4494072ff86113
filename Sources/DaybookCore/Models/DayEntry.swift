import Foundation

/// The one entry a user keeps for a date (seeds 000, 003). Saving a date that already has one
/// replaces it (000 §4.3).
public struct DayEntry: Sendable, Hashable, Codable {
    public var userID: UUID
    public var date: LocalDate
    public var mood: Mood
    public var activityIDs: [UUID]
    public var note: String
    public var thoughts: String
    /// Up to three lines.
    public var gratitude: [String]
    /// The question's text as it was asked, so changing the built-in list never changes history.
    public var question: String
    public var answer: String
    public var song: Song?
    public var photoID: UUID?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        userID: UUID, date: LocalDate, mood: Mood, activityIDs: [UUID] = [], note: String = "",
        thoughts: String = "", gratitude: [String] = [], question: String = "", answer: String = "",
        song: Song? = nil, photoID: UUID? = nil, createdAt: Date = Date(), updatedAt: Date = Date()
    ) {
        self.userID = userID
        self.date = date
        self.mood = mood
        self.activityIDs = activityIDs
        self.note = note
        self.thoughts = thoughts
        self.gratitude = gratitude
        self.question = question
        self.answer = answer
        self.song = song
        self.photoID = photoID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Song of the day (seed 003): a title, an artist and an http(s) link to a music app.
public struct Song: Sendable, Hashable, Codable {
    public var title: String
    public var artist: String
    public var link: String

    public init(title: String, artist: String = "", link: String = "") {
        self.title = title
        self.artist = artist
        self.link = link
    }
}
