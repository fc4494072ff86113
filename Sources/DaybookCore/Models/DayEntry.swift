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

    /// The first non-empty line of the note, for teasers.
    ///
    /// Scans bytes, not characters: every list of days asks this of 50 notes, and splitting the
    /// whole note into grapheme clusters cost more than the rest of the answer. Every line break's
    /// UTF-8 begins with 0x0A–0x0D, 0xC2 (U+0085) or 0xE2 (U+2028, U+2029), always at the start of
    /// a scalar, so only those bytes are decoded.
    public var noteFirstLine: String {
        let scalars = note.unicodeScalars
        let utf8 = note.utf8
        let start = scalars.firstIndex { !$0.isLineBreak } ?? scalars.endIndex
        var end = scalars.endIndex
        var from = start
        while let candidate = utf8[from...].firstIndex(where: { (0x0A...0x0D).contains($0) || $0 == 0xC2 || $0 == 0xE2 }
        ) {
            if scalars[candidate].isLineBreak {
                end = candidate
                break
            }
            from = utf8.index(after: candidate)
        }
        var line = scalars[start..<end]
        while let first = line.first, first.isBlank { line.removeFirst() }
        while let last = line.last, last.isBlank { line.removeLast() }
        return String(line)
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

extension Unicode.Scalar {
    /// What `Character.isNewline` calls a line break.
    fileprivate var isLineBreak: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// What `CharacterSet.whitespaces` holds: tab and the space separators.
    fileprivate var isBlank: Bool { value == 0x09 || properties.generalCategory == .spaceSeparator }
}
