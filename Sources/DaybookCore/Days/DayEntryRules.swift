import Foundation

/// How a day entry is checked (seeds 000, 003): every bad field is reported at once, each under
/// the name the client sent it as.
public enum DayEntryRules {
    public static let noteMaxLength = 10_000
    public static let gratitudeMaxLines = 3
    public static let gratitudeLineMaxLength = 500
    public static let songTextMaxLength = 200
    public static let songLinkMaxLength = 2_000
    /// More activities than anyone does in a day; a bound so a request cannot grow a row without end.
    public static let activitiesMax = 100

    /// Parses the date of an entry (a path segment or a form field).
    ///
    /// - Throws: `FieldError` with code `invalid` unless it is a real `YYYY-MM-DD` date, or
    ///   `future_date` if it is after `today` (the user's today, in their time zone).
    public static func parseDate(_ text: String, today: LocalDate, field: String = "date") throws -> LocalDate {
        // Exact: a path segment or a date field is `YYYY-MM-DD` and nothing else (a trailing space
        // taken as the date made two spellings of one URL).
        guard let date = LocalDate(text) else {
            throw FieldError(
                field: field, code: "invalid", message: "Give the date as YYYY-MM-DD, for example \(today).")
        }
        guard date <= today else {
            throw FieldError(
                field: field, code: "future_date", message: "You can't log a day in the future (today is \(today)).")
        }
        return date
    }

    /// Checks every field and builds the entry.
    ///
    /// Texts are trimmed; a song whose title, artist and link are all empty is no song at all.
    /// `question` is the question of the day as it was shown, stored with the answer.
    ///
    /// - Throws: `ValidationError` listing every bad field (`mood`, `note`, `thoughts`, `gratitude`,
    ///   `answer`, `song.title`, `song.artist`, `song.link`, `activityIds`).
    public static func validate(
        _ input: DayEntryInput, userID: UUID, date: LocalDate, question: String, now: Date
    ) throws -> DayEntry {
        var errors = FieldErrors()
        let mood = errors.check { try validateMood(input.mood) }
        let activityIDs = errors.check { try validateActivities(input.activityIDs) }
        let note = errors.check { try text(input.note, field: "note", max: noteMaxLength, what: "The note") }
        let thoughts = errors.check {
            try text(input.thoughts, field: "thoughts", max: noteMaxLength, what: "Your thoughts")
        }
        let gratitude = errors.check { try validateGratitude(input.gratitude) }
        let answer = errors.check { try text(input.answer, field: "answer", max: noteMaxLength, what: "The answer") }
        let title = errors.check {
            try text(input.songTitle, field: "song.title", max: songTextMaxLength, what: "The song title")
        }
        let artist = errors.check {
            try text(input.songArtist, field: "song.artist", max: songTextMaxLength, what: "The artist")
        }
        let link = errors.check { try validateSongLink(input.songLink) }
        try errors.throwIfAny()

        guard let mood, let activityIDs, let note, let thoughts, let gratitude, let answer, let title, let artist,
            let link
        else { preconditionFailure("every check either passed or was recorded as an error") }
        let song =
            title.isEmpty && artist.isEmpty && link.isEmpty ? nil : Song(title: title, artist: artist, link: link)
        return DayEntry(
            userID: userID, date: date, mood: mood, activityIDs: activityIDs, note: note, thoughts: thoughts,
            gratitude: gratitude, question: question, answer: answer, song: song, photoID: input.photoID,
            createdAt: now, updatedAt: now)
    }

    static func validateMood(_ value: Int?, field: String = "mood") throws -> Mood {
        guard let value else {
            throw FieldError(
                field: field, code: "required", message: "Pick how your day was, from 1 (awful) to 5 (rad).")
        }
        guard let mood = Mood(rawValue: value) else {
            throw FieldError(
                field: field, code: "out_of_range", message: "A mood is from 1 (awful) to 5 (rad); \(value) is not one."
            )
        }
        return mood
    }

    /// Drops repeated ids, keeping the first of each, so a double tap does not count twice.
    static func validateActivities(_ ids: [UUID], field: String = "activityIds") throws -> [UUID] {
        let unique = ids.uniqued()
        guard unique.count <= activitiesMax else {
            throw FieldError(field: field, code: "too_many", message: "Pick at most \(activitiesMax) activities.")
        }
        return unique
    }

    static func validateGratitude(_ lines: [String], field: String = "gratitude") throws -> [String] {
        let kept = lines.flatMap(gratitudeLines)
        guard kept.count <= gratitudeMaxLines else {
            throw FieldError(
                field: field, code: "too_many",
                message: "Write up to \(gratitudeMaxLines) things you are grateful for; there are \(kept.count).")
        }
        if let long = kept.firstIndex(where: { $0.isLonger(than: gratitudeLineMaxLength) }) {
            throw FieldError(
                field: field, code: "too_long",
                message: "Line \(long + 1) of your gratitude is too long: at most \(gratitudeLineMaxLength) characters."
            )
        }
        return kept
    }

    /// A typed line cut at its line breaks, each part without the blanks at its ends, empty parts
    /// left out. A line of ASCII without a break or a blank at either end (nearly every one) is
    /// its own answer, without the walk over `Character`s and Foundation's trimming.
    private static func gratitudeLines(_ line: String) -> [String] {
        let utf8 = line.utf8
        if let first = utf8.first, let last = utf8.last, !Unicode.Scalar(first).isBlank, !Unicode.Scalar(last).isBlank,
            utf8.allSatisfy({ $0 < 0x80 && !(0x0A...0x0D).contains($0) })
        {
            return [line]
        }
        return line.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// A song link must open in a browser or a music app: only absolute http and https URLs with a
    /// host. Anything else (`javascript:`, `data:`, `ftp:`) could run script or confuse the page
    /// that renders it as a link.
    ///
    /// A link pasted without its scheme (`open.spotify.com/track/…`, as some apps copy it) is
    /// completed with `https://` when it starts with a host name.
    static func validateSongLink(_ raw: String, field: String = "song.link") throws -> String {
        var link = raw.trimmingWhitespaceAndNewlines()
        guard !link.isEmpty else { return "" }
        if !link.contains("://"), let host = link.split(separator: "/", maxSplits: 1).first, host.contains("."),
            host.first?.isLetter == true || host.first?.isNumber == true,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }),
            !host.hasSuffix(".")
        {
            link = "https://" + link
        }
        guard link.count <= songLinkMaxLength else {
            throw FieldError(
                field: field, code: "too_long", message: "A link can be at most \(songLinkMaxLength) characters.")
        }
        let example = "Paste a link that starts with https://, like https://open.spotify.com/track/…"
        guard !link.contains(where: \.isWhitespace), !link.containsControlCharacters,
            let url = URL(string: link), let scheme = url.scheme?.lowercased()
        else {
            throw FieldError(field: field, code: "invalid", message: "That is not a web link. \(example)")
        }
        guard scheme == "http" || scheme == "https" else {
            throw FieldError(
                field: field, code: "invalid_scheme", message: "Only http and https links are allowed. \(example)")
        }
        guard let host = url.host, !host.isEmpty else {
            throw FieldError(field: field, code: "invalid", message: "That link has no website in it. \(example)")
        }
        return link
    }

    private static let lineBreaksAndTab: Set<UInt8> = [0x0A, 0x0D, 0x09]

    /// Trims a free text and checks its length, and that it holds no control characters but line
    /// breaks and tabs: a NUL cannot be stored in PostgreSQL text, and none of them is writing.
    static func text(_ raw: String, field: String, max: Int, what: String) throws -> String {
        let text = raw.trimmingWhitespaceAndNewlines()
        guard !text.isLonger(than: max) else {
            throw FieldError(
                field: field, code: "too_long",
                message: "\(what) can be at most \(max.withThousandsSeparators) characters; it has \(text.count).")
        }
        if text.containsControlCharacters(besides: lineBreaksAndTab) {
            throw FieldError(
                field: field, code: "invalid", message: "\(what) contains a control character that cannot be saved.")
        }
        return text
    }
}
