import DaybookCore
import DaybookStorage
import Foundation

/// A day entry as saved, and whether it replaced an earlier one for that date.
public struct SavedDay: Sendable {
    public var entry: DayEntry
    public var replaced: Bool
}

/// A page of day entries, newest first.
public struct DayPage: Sendable {
    public var teasers: [DayTeaser]
    /// Give this back to get the next (older) page; nil on the last page.
    public var nextCursor: String?
}

/// What the calendar shows for one date.
public struct CalendarDay: Sendable, Hashable {
    public var date: LocalDate
    public var mood: Mood?
    public var checkinCount: Int
    public var hasJournal: Bool
    public var hasOutfit: Bool
}

/// One entry per date (seeds 000, 003).
public struct DayService: Sendable {
    let store: any DaybookStore
    /// Lets go of a photo of the day that an entry no longer shows (deleted if nothing else uses it).
    let media: MediaService?
    /// Names the activities an entry refers to, to refuse ids that are not the user's own.
    let vocabulary: VocabularyService
    let now: @Sendable () -> Date

    public init(
        store: any DaybookStore, media: MediaService? = nil, vocabulary: VocabularyService? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.media = media
        self.vocabulary = vocabulary ?? VocabularyService(store: store, now: now)
        self.now = now
    }

    /// Today in the user's time zone.
    public func today(for user: User) -> LocalDate { LocalDate.today(in: user.zone, now: now()) }

    /// Parses a date from a path or form: malformed or in the user's future is a field error.
    public func date(_ text: String, for user: User) throws -> LocalDate {
        try DayEntryRules.parseDate(text, today: today(for: user))
    }

    /// The question asked on a date: the one already answered in its entry, else today's pick.
    public func question(for date: LocalDate, existing: DayEntry? = nil) -> String {
        if let existing, !existing.question.isEmpty { return existing.question }
        return QuestionOfTheDay.question(for: date)
    }

    /// Creates or replaces the entry for a date (000 §4.3). Activities and the photo must be the
    /// user's own.
    public func save(user: User, dateText: String, input: DayEntryInput) async throws -> SavedDay {
        var errors = FieldErrors()
        let day = errors.check { try self.date(dateText, for: user) }
        let target = day ?? today(for: user)
        // An entry saved before keeps its question (the store sees to it, `DayStore.upsert`).
        let asked = question(for: target)
        let time = now().roundedToMicroseconds
        let entry = errors.check {
            try DayEntryRules.validate(input, userID: user.id, date: target, question: asked, now: time)
        }
        if let entry {
            let known = try await vocabulary.lookup(userID: user.id, itemIDs: entry.activityIDs)
            if entry.activityIDs.contains(where: { known.items[$0]?.kind != .activity }) {
                errors.add("activityIds", "unknown", "One of the activities does not exist.")
            }
            // Someone else's photo looks exactly like none.
            if let photo = entry.photoID, try await store.media.owned(ids: [photo], userID: user.id).isEmpty {
                errors.add(MediaService.unknownPhoto(field: "photoId"))
            }
        }
        try errors.throwIfAny()
        var saved = entry!
        let replaced = try await store.days.upsert(saved)
        if let replaced {
            saved.createdAt = replaced.createdAt
            if !replaced.question.isEmpty { saved.question = replaced.question }
            if let old = replaced.photoID, old != saved.photoID { try await media?.release(userID: user.id, id: old) }
        }
        return SavedDay(entry: saved, replaced: replaced != nil)
    }

    public func entry(user: User, dateText: String) async throws -> DayEntry {
        guard let date = LocalDate(dateText), let entry = try await store.days.entry(userID: user.id, date: date) else {
            throw NotFound()
        }
        return entry
    }

    /// The entry for a date, if one was saved.
    public func entry(userID: UUID, date: LocalDate) async throws -> DayEntry? {
        try await store.days.entry(userID: userID, date: date)
    }

    public func delete(user: User, dateText: String) async throws {
        guard let date = LocalDate(dateText), let entry = try await store.days.entry(userID: user.id, date: date),
            try await store.days.delete(userID: user.id, date: date)
        else {
            throw NotFound()
        }
        if let photo = entry.photoID { try await media?.release(userID: user.id, id: photo) }
    }

    /// Newest first. The cursor is the last date of the previous page.
    public func page(userID: UUID, cursor: String?, limit: Int) async throws -> DayPage {
        var before: LocalDate?
        if let cursor, !cursor.isEmpty {
            guard let date = LocalDate(cursor) else {
                throw ValidationError([.invalidCursor])
            }
            before = date
        }
        let limit = min(max(limit, 1), 100)
        let teasers = try await store.days.teasers(userID: userID, before: before, limit: limit + 1)
        let page = Array(teasers.prefix(limit))
        return DayPage(teasers: page, nextCursor: teasers.count > limit ? page.last?.date.description : nil)
    }

    /// Every date of a month that has something: a mood, check-ins, journal entries (on the day
    /// each is about), outfits.
    public func calendar(user: User, month: YearMonth) async throws -> [CalendarDay] {
        async let entries = store.days.entries(userID: user.id, from: month.firstDay, to: month.lastDay)
        async let counts = store.checkins.countsByDate(userID: user.id, from: month.firstDay, to: month.lastDay)
        async let written = store.journal.entryDates(userID: user.id, from: month.firstDay, to: month.lastDay)
        async let outfitDays = store.closet.days(userID: user.id, from: month.firstDay, to: month.lastDay)
        let moods = Dictionary(try await entries.map { ($0.date, $0.mood) }, uniquingKeysWith: { a, _ in a })
        let checkins = try await counts
        let journal = Set(try await written)
        let outfits = Set(try await outfitDays.map(\.date))
        return Set(moods.keys).union(checkins.keys).union(journal).union(outfits).sorted().map { date in
            CalendarDay(
                date: date, mood: moods[date], checkinCount: checkins[date] ?? 0, hasJournal: journal.contains(date),
                hasOutfit: outfits.contains(date))
        }
    }
}
