import DaybookCore
import Foundation

/// The formats Daybook reads (issue 18), by the name the API and the import page use.
public enum ImportKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Daybook's own export zip.
    case daybook
    /// Daylio's CSV export (`full_date,date,weekday,time,mood,activities,note_title,note`, or the
    /// older form starting with `year`).
    case daylioCSV = "daylio-csv"
    /// Daylio's `.daylio` backup: a zip whose `backup.daylio` is base64 JSON, photos in `assets/`.
    case daylioBackup = "daylio-backup"
    /// Day One's JSON export zip: one `<Journal>.json` per journal, photos in `photos/`.
    case dayOne = "dayone"
    /// Journiv's export zip: `data.json` and its media files.
    case journiv

    /// How the import page names the format.
    public var title: String {
        switch self {
        case .daybook: "Daybook export (.zip)"
        case .daylioCSV: "Daylio CSV export (.csv)"
        case .daylioBackup: "Daylio backup (.daylio)"
        case .dayOne: "Day One JSON export (.zip)"
        case .journiv: "Journiv export (.zip)"
        }
    }
}

/// One moment with a mood, from a format that keeps one mood per entry (Daylio, Journiv's mood
/// logs). Daybook keeps one mood per day: the first moment of a free day becomes the day, the rest
/// become check-ins (see `ImportPlanner`).
public struct ImportedMoment: Sendable, Hashable {
    /// Identifies the moment within its source, so that importing the same file again adds nothing.
    public var source: String
    public var at: Date
    public var timeZone: String
    public var date: LocalDate
    /// The source's mood name, as the user named it there; mapped to 1–5 before the import runs.
    public var moodName: String
    public var activities: [String]
    public var note: String
    /// Paths inside the archive; they become a journal entry of the same day (a check-in has no photo).
    public var photos: [String]
    /// The source line (CSV), for problems.
    public var line: Int?

    public init(
        source: String, at: Date, timeZone: String, date: LocalDate, moodName: String, activities: [String] = [],
        note: String = "", photos: [String] = [], line: Int? = nil
    ) {
        self.source = source
        self.at = at
        self.timeZone = timeZone
        self.date = date
        self.moodName = moodName
        self.activities = activities
        self.note = note
        self.photos = photos
        self.line = line
    }
}

/// A journal entry from any format (Day One's entries, Journiv's, Daybook's own).
public struct ImportedJournalEntry: Sendable, Hashable {
    public var source: String
    public var date: LocalDate
    public var createdAt: Date
    public var updatedAt: Date
    public var title: String
    public var body: String
    public var tags: [String]
    public var location: String
    public var coordinates: Coordinates?
    public var visibility: JournalVisibility
    /// Paths inside the archive, in order.
    public var photos: [String]

    public init(
        source: String, date: LocalDate, createdAt: Date, updatedAt: Date? = nil, title: String = "", body: String,
        tags: [String] = [], location: String = "", coordinates: Coordinates? = nil,
        visibility: JournalVisibility = .private, photos: [String] = []
    ) {
        self.source = source
        self.date = date
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.title = title
        self.body = body
        self.tags = tags
        self.location = location
        self.coordinates = coordinates
        self.visibility = visibility
        self.photos = photos
    }
}

/// A day entry as Daybook's own export has it (its mood is already 1–5).
public struct ImportedDay: Sendable, Hashable {
    public var source: String
    public var date: LocalDate
    public var mood: Mood
    public var activities: [String]
    public var note: String
    public var thoughts: String
    public var gratitude: [String]
    public var question: String
    public var answer: String
    public var song: Song?
    public var photo: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        source: String, date: LocalDate, mood: Mood, activities: [String] = [], note: String = "",
        thoughts: String = "", gratitude: [String] = [], question: String = "", answer: String = "",
        song: Song? = nil, photo: String? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.source = source
        self.date = date
        self.mood = mood
        self.activities = activities
        self.note = note
        self.thoughts = thoughts
        self.gratitude = gratitude
        self.question = question
        self.answer = answer
        self.song = song
        self.photo = photo
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A check-in as Daybook's own export has it (a feeling by name, not a mood).
public struct ImportedCheckin: Sendable, Hashable {
    public var source: String
    public var at: Date
    public var timeZone: String
    public var date: LocalDate
    public var feeling: String
    public var activity: String?
    public var people: [String]
    public var note: String

    public init(
        source: String, at: Date, timeZone: String, date: LocalDate, feeling: String, activity: String? = nil,
        people: [String] = [], note: String = ""
    ) {
        self.source = source
        self.at = at
        self.timeZone = timeZone
        self.date = date
        self.feeling = feeling
        self.activity = activity
        self.people = people
        self.note = note
    }
}

/// A feeling or activity the source defines (Daybook's export keeps emoji and archived state).
public struct ImportedWord: Sendable, Hashable {
    public var kind: VocabularyKind
    public var name: String
    public var emoji: String
    public var archived: Bool

    public init(kind: VocabularyKind, name: String, emoji: String = "", archived: Bool = false) {
        self.kind = kind
        self.name = name
        self.emoji = emoji
        self.archived = archived
    }
}

/// Something in the file that will not be imported, with where it is.
public struct ImportProblem: Sendable, Hashable, Codable {
    /// The line of a CSV file (1 is the header), or nil.
    public var line: Int?
    public var message: String

    public init(line: Int? = nil, message: String) {
        self.line = line
        self.message = message
    }

    public var text: String { line.map { "Line \($0): \(message)" } ?? message }
}

/// Everything a reader found in one file, in Daybook's terms but not yet anybody's records.
public struct ImportBundle: Sendable {
    public var kind: ImportKind
    /// The mood names the moments use, in the source's order (best first when it has one).
    public var moodNames: [String]
    /// What each mood name probably means on Daybook's 1–5 scale (the source's own scale, or the
    /// name when it is one of Daybook's); the user confirms or changes it.
    public var suggestedMoods: [String: Int]
    public var moments: [ImportedMoment]
    public var days: [ImportedDay]
    public var checkins: [ImportedCheckin]
    public var journal: [ImportedJournalEntry]
    public var words: [ImportedWord]
    public var people: [String]
    public var closet: ImportedCloset
    public var problems: [ImportProblem]

    public init(
        kind: ImportKind, moodNames: [String] = [], suggestedMoods: [String: Int] = [:],
        moments: [ImportedMoment] = [], days: [ImportedDay] = [], checkins: [ImportedCheckin] = [],
        journal: [ImportedJournalEntry] = [], words: [ImportedWord] = [], people: [String] = [],
        closet: ImportedCloset = ImportedCloset(), problems: [ImportProblem] = []
    ) {
        self.kind = kind
        self.moodNames = moodNames
        self.suggestedMoods = suggestedMoods
        self.moments = moments
        self.days = days
        self.checkins = checkins
        self.journal = journal
        self.words = words
        self.people = people
        self.closet = closet
        self.problems = problems
    }

    /// Every photo the records refer to.
    /// Moments, days, check-ins and journal entries: what `ImportLimits.records` counts.
    public var recordCount: Int { moments.count + days.count + checkins.count + journal.count }

    /// Before a reader adds another record from a file of several lists (Day One's journals,
    /// Journiv's): throws once the file's records reach the limit, or its time is up (looked at
    /// every 256 records).
    func checkRoom(under limits: ImportLimits) throws {
        let count = recordCount
        guard count < limits.records else { throw ImportFileError.tooManyRecords(limit: limits.records) }
        if count & 255 == 0 { try limits.checkTime() }
    }

    public var photoCount: Int {
        moments.reduce(0) { $0 + $1.photos.count } + journal.reduce(0) { $0 + $1.photos.count }
            + days.reduce(0) { $0 + ($1.photo == nil ? 0 : 1) } + closet.photoCount
    }

    public var isEmpty: Bool {
        moments.isEmpty && days.isEmpty && checkins.isEmpty && journal.isEmpty && closet.isEmpty
    }

    /// The first and last date of anything found.
    public var dateRange: ClosedRange<LocalDate>? {
        let dates = moments.map(\.date) + days.map(\.date) + checkins.map(\.date) + journal.map(\.date)
        guard let first = dates.min(), let last = dates.max() else { return nil }
        return first...last
    }

    /// Daybook's own mood names, and what each means: a suggestion for names that match.
    public static func suggestion(for name: String) -> Int? {
        Mood.allCases.first { $0.name == name.lowercased() }?.rawValue
    }
}
