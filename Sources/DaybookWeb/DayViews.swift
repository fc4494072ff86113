import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

// View models shared by the Today, day, calendar and check-in pages.
//
// A note on names: a Mustache section looks a missing or nil name up in the enclosing models, so
// the optional fields of nested models carry names that no enclosing model uses.

struct MoodView {
    let value: Int
    let name: String
    let emoji: String
    let cls: String

    init(_ mood: Mood) {
        value = mood.rawValue
        name = mood.name
        emoji = mood.emoji
        cls = "mood-\(mood.rawValue)"
    }
}

struct Chip {
    let emoji: String
    let name: String
}

/// A saved day entry, everything of it, for the Today and day pages.
struct EntryView {
    let date: String
    let dateText: String
    let mood: MoodView
    let activities: [Chip]
    let hasActivities: Bool
    let entryNote: String?
    let entryThoughts: String?
    let gratitude: [String]
    let hasGratitude: Bool
    let entryQuestion: String?
    let entryAnswer: String?
    let song: SongView?
    /// The photo of the day's 1280 px copy.
    let entryPhoto: String?
    let updated: String

    struct SongView {
        let title: String
        let artist: String?
        let link: String?
    }

    init(_ entry: DayEntry, lookup: VocabularyLookup, zone: TimeZone) {
        date = entry.date.description
        dateText = DateText.long(entry.date)
        mood = MoodView(entry.mood)
        activities = entry.activityIDs.compactMap { lookup.items[$0] }.map { Chip(emoji: $0.emoji, name: $0.name) }
        hasActivities = !activities.isEmpty
        entryNote = entry.note.nonEmpty
        entryThoughts = entry.thoughts.nonEmpty
        gratitude = entry.gratitude
        hasGratitude = !entry.gratitude.isEmpty
        entryQuestion = entry.answer.isEmpty ? nil : entry.question.nonEmpty
        entryAnswer = entry.answer.nonEmpty
        song = entry.song.map {
            SongView(title: $0.title.nonEmpty ?? $0.link, artist: $0.artist.nonEmpty, link: $0.link.nonEmpty)
        }
        entryPhoto = entry.photoID.map { MediaPath.url($0, .large) }
        updated = DateText.dateTime(entry.updatedAt, in: zone)
    }
}

struct ChipOption {
    let id: String
    let name: String
    let emoji: String
    let checked: Bool
}

struct MoodOption {
    let value: Int
    let name: String
    let emoji: String
    let cls: String
    let checked: Bool
}

/// The day entry form (Today, and `/days/{date}/edit`).
struct DayFormModel {
    let action: String
    /// The edit page lets the user pick the date; Today's form is for today.
    let showDate: Bool
    let date: String
    let maxDate: String
    let moods: [MoodOption]
    let activities: [ChipOption]
    let hasActivities: Bool
    let note: String
    let thoughts: String
    let gratitudeLines: [GratitudeLine]
    let question: String
    let answer: String
    let songTitle: String
    let songArtist: String
    let songLink: String
    /// The photo of the day's id (a hidden field the photo picker fills) and its thumbnail.
    let photo: String
    let photoURL: String?
    /// "This will replace the entry you saved for …", shown before saving over an entry.
    let replaceNotice: String?
    /// Set when the user has seen the notice for this date and saves anyway.
    let confirmReplace: String?
    /// Which saved entry the form began from (`DayFormModel.version`): a save finding another one
    /// there shows both instead of overwriting (issue 19: an offline edit meeting a newer one).
    let baseVersion: String
    let errors: [String: String]
    let dayFormSummary: String?
    let submitLabel: String
    let cancelHref: String?
    let noteMax = DayEntryRules.noteMaxLength
    /// "Today's thoughts" on today's form, "Thoughts" on another date's (a past date's form said
    /// "Today's" too).
    let thoughtsLabel: String

    struct GratitudeLine {
        let number: Int
        let value: String
        let first: Bool
    }

    /// Field names the services use, as this form calls them.
    static let aliases = [
        "activityIds": "activities", "activityIDs": "activities", "song.title": "songTitle",
        "song.artist": "songArtist", "song.link": "songLink", "photoId": "photo", "photoID": "photo",
    ]

    init(
        action: String, showDate: Bool, date: String, today: LocalDate, input: DayEntryInput, question: String,
        lookup: VocabularyLookup, baseVersion: String, replaceNotice: String? = nil, confirmReplace: String? = nil,
        errors: FormErrors = FormErrors(), submitLabel: String = "Save", cancelHref: String? = nil
    ) {
        self.action = action
        self.showDate = showDate
        self.date = date
        self.maxDate = today.description
        self.thoughtsLabel = date == today.description ? "Today's thoughts" : "Thoughts"

        self.moods = Mood.allCases.reversed().map {
            MoodOption(
                value: $0.rawValue, name: $0.name, emoji: $0.emoji, cls: "mood-\($0.rawValue)",
                checked: input.mood == $0.rawValue)
        }
        let chosen = Set(input.activityIDs)
        self.activities = lookup.activities.filter { !$0.archived || chosen.contains($0.id) }.map {
            ChipOption(
                id: $0.id.lowercasedString, name: $0.name, emoji: $0.emoji, checked: chosen.contains($0.id))
        }
        self.hasActivities = !activities.isEmpty
        self.note = input.note
        self.thoughts = input.thoughts
        let lines = input.gratitude.flatMap { $0.split(whereSeparator: \.isNewline).map { String($0) } }
        self.gratitudeLines = (0..<max(3, lines.count)).map {
            GratitudeLine(number: $0 + 1, value: $0 < lines.count ? lines[$0] : "", first: $0 == 0)
        }
        self.question = question
        self.answer = input.answer
        self.songTitle = input.songTitle
        self.songArtist = input.songArtist
        self.songLink = input.songLink
        self.photo = input.photoID?.lowercasedString ?? ""
        self.photoURL = input.photoID.map { MediaPath.url($0, .small) }
        self.replaceNotice = replaceNotice
        self.confirmReplace = confirmReplace
        self.baseVersion = baseVersion
        self.errors = errors.dictionary
        self.dayFormSummary = errors.summary
        self.submitLabel = submitLabel
        self.cancelHref = cancelHref
    }

    /// An entry's version as a form carries it: its last change to the microsecond, or `none` for
    /// a date with no entry. Both sides of a comparison are read through the same store.
    static func version(of entry: DayEntry?) -> String {
        guard let entry else { return "none" }
        return String(Int64((entry.updatedAt.timeIntervalSince1970 * 1_000_000).rounded()))
    }

    /// Reads the form's fields into the service's input.
    static func input(from form: FormData) -> DayEntryInput {
        DayEntryInput(
            mood: Int(form["mood"].trimmingCharacters(in: .whitespaces)), activityIDs: form.uuids("activity"),
            note: form["note"], thoughts: form["thoughts"], gratitude: form.all("gratitude"), answer: form["answer"],
            songTitle: form["songTitle"], songArtist: form["songArtist"], songLink: form["songLink"],
            photoID: UUID(text: form["photo"].trimmingCharacters(in: .whitespaces)))
    }
}

/// The quick check-in strip (seed 002): a feeling, what you are doing, who you are with, a note.
struct CheckinFormModel {
    let back: String
    let feelings: [ChipOption]
    let activityOptions: [SelectOption]
    let people: [ChipOption]
    let hasPeople: Bool
    let newPerson: String
    let checkinNote: String
    let at: String
    let atMax: String
    let checkinErrors: [String: String]
    let checkinSummary: String?
    /// Open the "another time" part when a time was typed or is wrong.
    let showTime: Bool

    struct SelectOption {
        let id: String
        let label: String
        let selected: Bool
    }

    static let aliases = [
        "feelingId": "feeling", "feelingID": "feeling", "activityId": "activity", "activityID": "activity",
        "personIds": "people", "personIDs": "people", "name": "newPerson",
    ]

    init(
        back: String, lookup: VocabularyLookup, input: CheckinInput = CheckinInput(), newPerson: String = "",
        at: String = "", zone: TimeZone, errors: FormErrors = FormErrors()
    ) {
        self.back = back
        let feeling = input.feelingID
        feelings = lookup.feelings.filter { !$0.archived || $0.id == feeling }.map {
            ChipOption(id: $0.id.lowercasedString, name: $0.name, emoji: $0.emoji, checked: $0.id == feeling)
        }
        let activity = input.activityID
        activityOptions = lookup.activities.filter { !$0.archived || $0.id == activity }.map {
            SelectOption(
                id: $0.id.lowercasedString, label: "\($0.emoji) \($0.name)", selected: $0.id == activity)
        }
        let chosen = Set(input.personIDs)
        people = lookup.allPeople.filter { !$0.archived || chosen.contains($0.id) }.map {
            ChipOption(id: $0.id.lowercasedString, name: $0.name, emoji: "", checked: chosen.contains($0.id))
        }
        hasPeople = !people.isEmpty
        self.newPerson = newPerson
        checkinNote = input.note
        self.at = at
        atMax = DateText.inputValue(Date().addingTimeInterval(60), in: zone)
        checkinErrors = errors.dictionary
        checkinSummary = errors.summary
        showTime = !at.isEmpty || errors["at"] != nil
    }
}

/// One check-in as a row of a list or table.
struct CheckinRow {
    let id: String
    let date: String
    let dateText: String
    let time: String
    let feelingEmoji: String
    let feelingName: String
    let checkinActivity: String?
    let checkinPeople: String?
    let checkinRowNote: String?

    init(_ checkin: Checkin, lookup: VocabularyLookup) {
        let zone = TimeZone(identifier: checkin.timeZone) ?? TimeZone(identifier: "UTC")!
        id = checkin.id.lowercasedString
        date = checkin.localDate.description
        dateText = DateText.short(checkin.localDate)
        time = DateText.time(checkin.at, in: zone)
        let feeling = lookup.items[checkin.feelingID]
        feelingEmoji = feeling?.emoji ?? "❔"
        feelingName = feeling?.name ?? "unknown"
        checkinActivity = checkin.activityID.flatMap { lookup.items[$0] }.map { "\($0.emoji) \($0.name)" }
        let names = checkin.personIDs.compactMap { lookup.people[$0]?.name }
        checkinPeople = names.isEmpty ? nil : names.joined(separator: ", ")
        checkinRowNote = checkin.note.nonEmpty
    }
}
