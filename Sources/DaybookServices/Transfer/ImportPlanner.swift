import Crypto
import DaybookCore
import DaybookStorage
import DaybookTransfer
import Foundation

/// What the account holds already, that deciding an import needs.
struct ImportContext: Sendable {
    var userID: UUID
    var words: [VocabularyItem]
    var people: [Person]
    /// Dates that have a day entry.
    var takenDays: Set<LocalDate>
    /// Marks of records imported before.
    var imported: Set<String>
    /// Read only when the file has a closet (empty otherwise).
    var closet: ClosetImportContext
}

/// What the account's closet holds, for importing one.
struct ClosetImportContext: Sendable {
    var categories: [ClosetCategory] = []
    /// Ids of the account's items and outfits (archived ones too).
    var itemIDs: Set<UUID> = []
    var outfitIDs: Set<UUID> = []
    /// Dates the outfit calendar has something for.
    var takenDates: Set<LocalDate> = []
    /// The user's today: nothing is worn or bought after it.
    var today: LocalDate
}

/// Turns what a file holds into the records to write, without writing (issue 18). Pure: the same
/// bundle, context and mood mapping always give the same plan, so the preview shows exactly what
/// running will do.
///
/// The rules, said in the preview too:
/// - Daybook keeps one mood per day. A moment (a Daylio entry, a Journiv mood log) on a date with
///   no entry becomes the day's entry; later moments of that date become check-ins, with a feeling
///   named after the source's mood. A day already in Daybook is kept as it is.
/// - Journal text becomes journal entries dated by the source; a Daylio moment's photos become a
///   journal entry of its day (a check-in has no photo).
/// - Every record carries a mark of where it came from: what was imported before is skipped.
struct ImportPlanner {
    var context: ImportContext
    let moodMapping: [String: Int]
    let now: Date

    /// What running writes. Set here and in the closet's part (`ImportPlanner+Closet`).
    var write: ImportWrite
    /// Each photo path of the archive and the id standing in for it until it is uploaded.
    private(set) var photos: [(path: String, placeholder: UUID)] = []
    var problems: [ImportProblem] = []
    private(set) var alreadyImported = 0
    private(set) var daysKept = 0
    /// Dates of the file's outfit calendar the account's calendar has already: the account's are kept.
    var outfitDaysKept = 0
    /// Every mark the plan looked at, new or not: what to ask the store about.
    private(set) var considered: Set<String> = []
    private var marks: Set<String> = []

    init(context: ImportContext, moodMapping: [String: Int], now: Date) {
        self.context = context
        self.moodMapping = moodMapping
        self.now = now
        write = ImportWrite(userID: context.userID)
    }

    static func distinct(_ ids: [UUID]) -> [UUID] {
        var seen: Set<UUID> = []
        return ids.filter { seen.insert($0).inserted }
    }

    static func mark(_ source: String) -> String {
        SHA256.hash(data: Data(source.utf8)).hexString
    }

    mutating func plan(_ bundle: ImportBundle) {
        for word in bundle.words { _ = wordID(word.kind, word.name, emoji: word.emoji, archived: word.archived) }
        for person in bundle.people { _ = personID(person) }
        for day in bundle.days { add(day) }
        for moment in bundle.moments.sorted(by: { ($0.at, $0.source) < ($1.at, $1.source) }) { add(moment) }
        for checkin in bundle.checkins { add(checkin) }
        for entry in bundle.journal { add(entry) }
        plan(bundle.closet)
    }

    /// True (and counted) for a record imported before; the mark is considered either way. For
    /// records that may be kept out for another reason (a date taken) before `isNew` is asked.
    mutating func importedBefore(_ mark: String) -> Bool {
        considered.insert(mark)
        guard context.imported.contains(mark) else { return false }
        alreadyImported += 1
        return true
    }

    /// True for a record not imported before (and not twice in this file); counts the others.
    mutating func isNew(_ mark: String) -> Bool {
        considered.insert(mark)
        if context.imported.contains(mark) || marks.contains(mark) {
            alreadyImported += 1
            return false
        }
        marks.insert(mark)
        return true
    }

    private mutating func add(_ day: ImportedDay) {
        let mark = Self.mark(day.source)
        guard !importedBefore(mark) else { return }
        guard !context.takenDays.contains(day.date) else {
            daysKept += 1
            return
        }
        guard isNew(mark) else { return }
        context.takenDays.insert(day.date)
        var activities: [UUID] = []
        for name in day.activities { activities.append(wordID(.activity, name)) }
        let photoID = day.photo.map { photo($0) }
        write.days.append(
            Marked(
                mark: mark,
                record: DayEntry(
                    userID: context.userID, date: day.date, mood: day.mood,
                    activityIDs: Self.distinct(activities),
                    note: clip(day.note, DayEntryRules.noteMaxLength, "The note of \(day.date)"),
                    thoughts: clip(day.thoughts, DayEntryRules.noteMaxLength, "The thoughts of \(day.date)"),
                    gratitude: Array(day.gratitude.prefix(DayEntryRules.gratitudeMaxLines)), question: day.question,
                    answer: clip(day.answer, DayEntryRules.noteMaxLength, "The answer of \(day.date)"), song: day.song,
                    photoID: photoID, createdAt: day.createdAt.roundedToMicroseconds,
                    updatedAt: day.updatedAt.roundedToMicroseconds)))
    }

    private mutating func add(_ moment: ImportedMoment) {
        let mark = Self.mark(moment.source)
        guard isNew(mark) else { return }
        let mood = Mood(rawValue: moodMapping[moment.moodName] ?? 3) ?? .meh
        var activities: [UUID] = []
        for name in moment.activities { activities.append(wordID(.activity, name)) }
        activities = Self.distinct(activities)
        let at = moment.at.roundedToMicroseconds
        if !context.takenDays.contains(moment.date) {
            context.takenDays.insert(moment.date)
            write.days.append(
                Marked(
                    mark: mark,
                    record: DayEntry(
                        userID: context.userID, date: moment.date, mood: mood,
                        activityIDs: Array(activities.prefix(DayEntryRules.activitiesMax)),
                        note: clip(moment.note, DayEntryRules.noteMaxLength, "The note of \(moment.date)"),
                        createdAt: at, updatedAt: at)))
        } else {
            var note = moment.note
            let others = moment.activities.dropFirst()
            if !others.isEmpty { note += (note.isEmpty ? "" : "\n\n") + "Also: " + others.joined(separator: ", ") }
            write.checkins.append(
                Marked(
                    mark: mark,
                    record: Checkin(
                        userID: context.userID, at: at, localDate: moment.date, timeZone: moment.timeZone,
                        feelingID: wordID(.feeling, moment.moodName, emoji: mood.emoji), activityID: activities.first,
                        note: clip(note, CheckinRules.noteMaxLength, "The note of a moment of \(moment.date)"),
                        createdAt: at, updatedAt: at)))
        }
        if !moment.photos.isEmpty {
            add(
                ImportedJournalEntry(
                    source: moment.source + "\u{1F}photos", date: moment.date, createdAt: moment.at, body: moment.note,
                    photos: moment.photos))
        }
    }

    private mutating func add(_ checkin: ImportedCheckin) {
        let mark = Self.mark(checkin.source)
        guard isNew(mark) else { return }
        let at = checkin.at.roundedToMicroseconds
        let feeling = wordID(.feeling, checkin.feeling.isEmpty ? "unnamed" : checkin.feeling)
        let activity = checkin.activity.map { wordID(.activity, $0) }
        var people: [UUID] = []
        for name in checkin.people { people.append(personID(name)) }
        write.checkins.append(
            Marked(
                mark: mark,
                record: Checkin(
                    userID: context.userID, at: at, localDate: checkin.date, timeZone: checkin.timeZone,
                    feelingID: feeling, activityID: activity,
                    personIDs: Array(Self.distinct(people).prefix(CheckinRules.peopleMax)),
                    note: clip(checkin.note, CheckinRules.noteMaxLength, "The note of a check-in of \(checkin.date)"),
                    createdAt: at, updatedAt: at)))
    }

    private mutating func add(_ entry: ImportedJournalEntry) {
        let mark = Self.mark(entry.source)
        guard isNew(mark) else { return }
        var photoPaths = entry.photos
        var body = entry.body
        if photoPaths.count > JournalRules.photosMax {
            problems.append(
                ImportProblem(
                    message:
                        "An entry of \(entry.date) has \(photoPaths.count) photos; Daybook keeps \(JournalRules.photosMax) per entry, the rest come as entries of their own."
                ))
            let rest = Array(photoPaths.dropFirst(JournalRules.photosMax))
            photoPaths = Array(photoPaths.prefix(JournalRules.photosMax))
            for (index, chunk) in stride(from: 0, to: rest.count, by: JournalRules.photosMax).enumerated() {
                add(
                    ImportedJournalEntry(
                        source: entry.source + "\u{1F}more\(index)", date: entry.date, createdAt: entry.createdAt,
                        title: entry.title, body: "", tags: entry.tags,
                        photos: Array(rest[chunk..<min(rest.count, chunk + JournalRules.photosMax)])))
            }
        }
        if body.count > JournalRules.bodyMaxLength {
            problems.append(
                ImportProblem(
                    message:
                        "An entry of \(entry.date) is longer than \(JournalRules.bodyMaxLength) characters; the rest comes as the next entries."
                ))
            let rest = String(body.dropFirst(JournalRules.bodyMaxLength))
            body = String(body.prefix(JournalRules.bodyMaxLength))
            add(
                ImportedJournalEntry(
                    source: entry.source + "\u{1F}rest", date: entry.date,
                    createdAt: entry.createdAt.addingTimeInterval(1),
                    title: entry.title, body: rest, tags: entry.tags))
        }
        let createdAt = entry.createdAt.roundedToMicroseconds
        var photoIDs: [UUID] = []
        for path in photoPaths { photoIDs.append(photo(path)) }
        write.journal.append(
            Marked(
                mark: mark,
                record: JournalEntry(
                    userID: context.userID, title: String(entry.title.prefix(JournalRules.titleMaxLength)),
                    body: body, tags: Array(JournalRules.normalizeTags(entry.tags).prefix(JournalRules.tagsMax)),
                    location: String(entry.location.prefix(JournalRules.locationMaxLength)),
                    coordinates: entry.coordinates, date: entry.date, photoIDs: photoIDs,
                    visibility: entry.visibility, createdAt: createdAt,
                    updatedAt: max(createdAt, entry.updatedAt.roundedToMicroseconds))))
    }

    /// The id of the user's feeling or activity with this name (any case), made if there is none.
    private mutating func wordID(
        _ kind: VocabularyKind, _ rawName: String, emoji: String? = nil, archived: Bool = false
    )
        -> UUID
    {
        let name = String(rawName.trimmingCharacters(in: .whitespacesAndNewlines).prefix(VocabularyRules.nameMaxLength))
        if let word = context.words.first(where: { $0.kind == kind && $0.name.lowercased() == name.lowercased() }) {
            return word.id
        }
        let position = (context.words.filter { $0.kind == kind }.map(\.position).max() ?? -1) + 1
        let fallback = kind == .feeling ? "🙂" : "📌"
        let chosen = emoji.flatMap { $0.isEmpty || $0.count > 1 ? nil : $0 } ?? fallback
        let word = VocabularyItem(
            userID: context.userID, kind: kind, name: name.isEmpty ? "unnamed" : name, emoji: chosen,
            archived: archived, position: position, createdAt: now.roundedToMicroseconds)
        context.words.append(word)
        write.words.append(word)
        return word.id
    }

    private mutating func personID(_ rawName: String) -> UUID {
        let name = String(rawName.trimmingCharacters(in: .whitespaces).prefix(VocabularyRules.personNameMaxLength))
        if let person = context.people.first(where: { $0.name.lowercased() == name.lowercased() }) { return person.id }
        let person = Person(userID: context.userID, name: name, createdAt: now.roundedToMicroseconds)
        context.people.append(person)
        write.people.append(person)
        return person.id
    }

    /// The placeholder id of a photo of the archive (one per path, however often it is used).
    mutating func photo(_ path: String) -> UUID {
        if let known = photos.first(where: { $0.path == path }) { return known.placeholder }
        let placeholder = UUID()
        photos.append((path, placeholder))
        return placeholder
    }

    private mutating func clip(_ text: String, _ limit: Int, _ what: String) -> String {
        guard text.count > limit else { return text }
        problems.append(ImportProblem(message: "\(what) is longer than \(limit) characters; it is cut there."))
        return String(text.prefix(limit))
    }
}

extension ImportWrite {
    /// The write with each photo placeholder replaced by the uploaded photo's id; a placeholder
    /// whose upload failed is dropped.
    func replacingPhotos(_ uploaded: [UUID: UUID]) -> ImportWrite {
        var copy = self
        copy.days = days.map { marked in
            var marked = marked
            marked.record.photoID = marked.record.photoID.flatMap { uploaded[$0] }
            return marked
        }
        copy.journal = journal.map { marked in
            var marked = marked
            marked.record.photoIDs = marked.record.photoIDs.compactMap { uploaded[$0] }
            return marked
        }
        copy.closetItems = closetItems.map { marked in
            var marked = marked
            marked.record.photoID = marked.record.photoID.flatMap { uploaded[$0] }
            return marked
        }
        copy.outfits = outfits.map { marked in
            var marked = marked
            marked.record.photoID = marked.record.photoID.flatMap { uploaded[$0] }
            return marked
        }
        return copy
    }
}
