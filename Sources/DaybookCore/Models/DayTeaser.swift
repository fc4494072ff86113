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
        self.noteFirstLine = Self.firstLine(of: note)
        self.activityIDs = activityIDs
    }

    public init(_ entry: DayEntry) {
        self.init(date: entry.date, mood: entry.mood, note: entry.note, activityIDs: entry.activityIDs)
    }

    /// The first non-empty line of a note, without the blanks at its ends.
    ///
    /// Every list of days asks this of 50 notes, so the line is found in the note's UTF-8 bytes
    /// (`firstLine(in:)`) and only the blanks at its two ends are looked at as scalars.
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
