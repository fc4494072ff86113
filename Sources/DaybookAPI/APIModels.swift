import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

/// Domain values as the contract writes them. Ids are lower-case UUIDs.

extension UUID {
    var apiString: String { lowercasedString }
}

extension Components.Schemas.User {
    init(_ user: User) {
        self.init(
            id: user.id.apiString, email: user.email, username: user.username, displayName: user.displayName,
            bio: user.bio, timeZone: user.timeZone, weekStart: user.weekStart,
            avatarMediaId: user.avatarMediaID?.apiString, createdAt: user.createdAt)
    }
}

extension Components.Schemas.AuthResult {
    init(_ issued: IssuedSession) {
        self.init(token: issued.token, expiresAt: issued.session.expiresAt, user: .init(issued.user))
    }
}

extension Components.Schemas.SessionInfo {
    init(_ session: Session, current: Bool) {
        self.init(
            id: session.id.apiString, kind: session.kind == .api ? .api : .web, deviceName: session.deviceName,
            ipAddress: session.ipAddress, createdAt: session.createdAt, lastSeenAt: session.lastSeenAt,
            expiresAt: session.expiresAt, current: current)
    }
}

extension Components.Schemas.VocabularyItem {
    init(_ item: VocabularyItem) {
        self.init(
            id: item.id.apiString, kind: item.kind == .feeling ? .feeling : .activity, name: item.name,
            emoji: item.emoji, archived: item.archived, position: item.position)
    }
}

extension Components.Schemas.Person {
    init(_ person: Person) {
        self.init(id: person.id.apiString, name: person.name, archived: person.archived)
    }
}

extension Components.Schemas.MoodName {
    init(_ mood: Mood) {
        self = Self(rawValue: mood.name) ?? .meh
    }
}

extension VocabularyLookup {
    /// A day's activities in picker order, archived ones included.
    func activities(_ ids: [UUID]) -> [VocabularyItem] {
        ids.compactMap { items[$0] }.filter { $0.kind == .activity }
            .sorted { ($0.position, $0.name) < ($1.position, $1.name) }
    }
}

extension Components.Schemas.DayEntry {
    init(_ entry: DayEntry, lookup: VocabularyLookup, replaced: Bool? = nil) {
        self.init(
            date: entry.date.description, mood: entry.mood.rawValue, moodName: .init(entry.mood),
            moodEmoji: entry.mood.emoji, moodColor: entry.mood.color,
            activities: lookup.activities(entry.activityIDs).map(Components.Schemas.VocabularyItem.init),
            note: entry.note, thoughts: entry.thoughts, gratitude: entry.gratitude, question: entry.question,
            answer: entry.answer,
            song: entry.song.map { .init(title: $0.title, artist: $0.artist, link: $0.link.isEmpty ? nil : $0.link) },
            photoId: entry.photoID?.apiString, createdAt: entry.createdAt, updatedAt: entry.updatedAt,
            replaced: replaced)
    }
}

extension Components.Schemas.DayTeaser {
    init(_ teaser: DaybookCore.DayTeaser, lookup: VocabularyLookup) {
        self.init(
            date: teaser.date.description, mood: teaser.mood.rawValue, moodName: .init(teaser.mood),
            moodEmoji: teaser.mood.emoji, moodColor: teaser.mood.color, noteFirstLine: teaser.noteFirstLine,
            activityEmojis: lookup.activities(teaser.activityIDs).map(\.emoji))
    }
}

extension Components.Schemas.CalendarDay {
    init(_ day: DaybookServices.CalendarDay) {
        self.init(
            date: day.date.description, mood: day.mood?.rawValue, moodEmoji: day.mood?.emoji,
            moodColor: day.mood?.color,
            hasJournal: day.hasJournal, checkinCount: day.checkinCount, hasOutfit: day.hasOutfit)
    }
}

extension Components.Schemas.Checkin {
    init(_ checkin: Checkin, lookup: VocabularyLookup) {
        // Words are archived, never deleted, so the lookup has them; the fallback only keeps a
        // damaged row from failing the whole list.
        let feeling =
            lookup.items[checkin.feelingID]
            ?? VocabularyItem(
                id: checkin.feelingID, userID: checkin.userID, kind: .feeling, name: "unknown", emoji: "❔",
                archived: true)
        self.init(
            id: checkin.id.apiString, at: checkin.at, localDate: checkin.localDate.description,
            timeZone: checkin.timeZone, feeling: .init(feeling),
            activity: checkin.activityID.flatMap { lookup.items[$0] }.map(Components.Schemas.VocabularyItem.init),
            people: checkin.personIDs.compactMap { lookup.people[$0] }.map(Components.Schemas.Person.init),
            note: checkin.note, createdAt: checkin.createdAt, updatedAt: checkin.updatedAt)
    }
}

extension Components.Schemas.JournalEntry {
    /// `author` only when the viewer is not the author, or in the public feed.
    init(_ entry: JournalEntry, author: JournalAuthor? = nil) {
        self.init(
            id: entry.id.apiString, title: entry.title, body: entry.body, tags: entry.tags, location: entry.location,
            latitude: entry.coordinates?.latitude, longitude: entry.coordinates?.longitude,
            date: entry.date.description,
            isPublic: entry.isPublic, visibility: .init(rawValue: entry.visibility.rawValue) ?? ._private,
            photos: entry.photoIDs.map(Components.Schemas.JournalPhoto.init),
            photoIds: entry.photoIDs.map(\.apiString), createdAt: entry.createdAt, updatedAt: entry.updatedAt,
            author: author.map(Components.Schemas.JournalAuthor.init))
    }
}

extension Components.Schemas.JournalPhoto {
    init(_ id: UUID) {
        self.init(id: id.apiString, smallUrl: MediaPath.url(id, .small), largeUrl: MediaPath.url(id, .large))
    }
}

extension Components.Schemas.JournalAuthor {
    init(_ author: JournalAuthor) {
        self.init(
            id: author.id.apiString, username: author.username, displayName: author.displayName,
            avatarUrl: author.avatarMediaID.map { MediaPath.url($0, .avatar) })
    }
}
