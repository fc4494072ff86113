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
    /// Every list of days asks this of 50 notes, so the line is found in the note's UTF-8 bytes
    /// (`firstLine(in:)`) and only the blanks at its two ends are looked at as scalars.
    public var noteFirstLine: String { Self.firstLine(of: note) }

    /// The first non-empty line of a note, without the blanks at its ends.
    static func firstLine(of note: String) -> String {
        var note = note
        let bytes = note.withUTF8(Self.firstLine(in:))
        let utf8 = note.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: bytes.upperBound)
        var line = note.unicodeScalars[start..<end]
        while let first = line.first, first.isBlank { line.removeFirst() }
        while let last = line.last, last.isBlank { line.removeLast() }
        // Most notes are one line without blanks at its ends: the note itself, not a copy.
        if line.startIndex == note.startIndex && line.endIndex == note.endIndex { return note }
        return String(line)
    }

    /// The bytes of the first line after any line breaks (what `Character.isNewline` calls one:
    /// U+000A–U+000D, U+0085, U+2028, U+2029). Each break's UTF-8 begins with a byte that is never
    /// inside another scalar's (0x0A–0x0D, 0xC2, 0xE2), so the bytes are read one by one.
    static func firstLine(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        func lineBreak(at index: Int) -> Int? {
            switch bytes[index] {
            case 0x0A...0x0D: return 1
            case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : nil
            case 0xE2:
                return index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) ? 3 : nil
            default: return nil
            }
        }
        var index = 0
        while index < bytes.count, let length = lineBreak(at: index) { index += length }
        let start = index
        while index < bytes.count, lineBreak(at: index) == nil { index += 1 }
        return start..<index
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
    /// What `CharacterSet.whitespaces` holds: tab and the space separators.
    /// ASCII answered without the Unicode tables (looked up for the ends of 50 notes a list).
    fileprivate var isBlank: Bool {
        value < 0x80 ? value == 0x09 || value == 0x20 : properties.generalCategory == .spaceSeparator
    }
}
