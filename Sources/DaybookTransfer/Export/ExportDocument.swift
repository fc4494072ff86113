import DaybookCore
import Foundation

/// `daybook.json`, the whole of one account (issue 18; described in docs/export-format.md).
/// Records refer to feelings, activities, people and categories by name, and to photos by their
/// path in the zip, so that the file reads on its own and imports into any account.
public struct ExportDocument: Codable, Sendable {
    public static let format = "daybook-export"
    /// Raised when a field changes meaning or goes away; new optional fields keep it.
    public static let version = 1

    public var format: String
    public var version: Int
    public var exportedAt: Date
    public var profile: ExportedProfile
    public var reminders: ReminderSettings?
    public var vocabulary: [ExportedWord]
    public var people: [ExportedPerson]
    public var days: [ExportedDay]
    public var checkins: [ExportedCheckin]
    public var journal: [ExportedJournalEntry]
    public var closet: ExportedCloset?
}

public struct ExportedProfile: Codable, Sendable, Hashable {
    public var username: String
    public var displayName: String
    public var bio: String
    public var timeZone: String
    public var weekStart: Int
    public var avatar: String?
    public var createdAt: Date

    public init(_ user: User, avatar: String?) {
        username = user.username
        displayName = user.displayName
        bio = user.bio
        timeZone = user.timeZone
        weekStart = user.weekStart
        self.avatar = avatar
        createdAt = user.createdAt
    }
}

public struct ExportedWord: Codable, Sendable, Hashable {
    public var kind: VocabularyKind
    public var name: String
    public var emoji: String
    public var archived: Bool
    public var position: Int

    public init(_ item: VocabularyItem) {
        kind = item.kind
        name = item.name
        emoji = item.emoji
        archived = item.archived
        position = item.position
    }
}

public struct ExportedPerson: Codable, Sendable, Hashable {
    public var name: String
    public var archived: Bool

    public init(_ person: Person) {
        name = person.name
        archived = person.archived
    }
}

public struct ExportedDay: Codable, Sendable, Hashable {
    public var date: LocalDate
    public var mood: Int
    public var moodName: String
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

    public init(_ day: DayEntry, names: ExportNames) {
        date = day.date
        mood = day.mood.rawValue
        moodName = day.mood.name
        activities = day.activityIDs.compactMap { names.words[$0] }
        note = day.note
        thoughts = day.thoughts
        gratitude = day.gratitude
        question = day.question
        answer = day.answer
        song = day.song
        photo = day.photoID.flatMap { names.photos[$0] }
        createdAt = day.createdAt
        updatedAt = day.updatedAt
    }
}

public struct ExportedCheckin: Codable, Sendable, Hashable {
    @LowercasedID public var id: UUID
    public var at: Date
    public var timeZone: String
    public var date: LocalDate
    public var feeling: String
    public var activity: String?
    public var people: [String]
    public var note: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(_ checkin: Checkin, names: ExportNames) {
        id = checkin.id
        at = checkin.at
        timeZone = checkin.timeZone
        date = checkin.localDate
        feeling = names.words[checkin.feelingID] ?? ""
        activity = checkin.activityID.flatMap { names.words[$0] }
        people = checkin.personIDs.compactMap { names.people[$0] }
        note = checkin.note
        createdAt = checkin.createdAt
        updatedAt = checkin.updatedAt
    }
}

public struct ExportedJournalEntry: Codable, Sendable, Hashable {
    @LowercasedID public var id: UUID
    public var date: LocalDate
    public var title: String
    public var body: String
    public var tags: [String]
    public var location: String
    public var latitude: Double?
    public var longitude: Double?
    public var visibility: JournalVisibility
    public var photos: [String]
    public var createdAt: Date
    public var updatedAt: Date

    public init(_ entry: JournalEntry, names: ExportNames) {
        id = entry.id
        date = entry.date
        title = entry.title
        body = entry.body
        tags = entry.tags
        location = entry.location
        latitude = entry.coordinates?.latitude
        longitude = entry.coordinates?.longitude
        visibility = entry.visibility
        photos = entry.photoIDs.compactMap { names.photos[$0] }
        createdAt = entry.createdAt
        updatedAt = entry.updatedAt
    }
}

public struct ExportedCloset: Codable, Sendable, Hashable {
    public var categories: [String]
    public var items: [ExportedClosetItem]
    public var outfits: [ExportedOutfit]
    public var outfitDays: [ExportedOutfitDay]

    public init(
        categories: [String], items: [ExportedClosetItem], outfits: [ExportedOutfit], outfitDays: [ExportedOutfitDay]
    ) {
        self.categories = categories
        self.items = items
        self.outfits = outfits
        self.outfitDays = outfitDays
    }
}

public struct ExportedClosetItem: Codable, Sendable, Hashable {
    @LowercasedID public var id: UUID
    public var name: String
    public var category: String
    public var tags: [String]
    public var colors: [String]
    public var photo: String?
    public var brand: String
    public var size: String
    public var season: String
    public var purchaseDate: LocalDate?
    public var priceCents: Int?
    public var notes: String
    public var archivedReason: ArchiveReason?
    public var createdAt: Date

    public init(_ item: ClosetItem, category: String, names: ExportNames) {
        id = item.id
        name = item.name
        self.category = category
        tags = item.tags
        colors = item.colors
        photo = item.photoID.flatMap { names.photos[$0] }
        brand = item.brand
        size = item.size
        season = item.season
        purchaseDate = item.purchaseDate
        priceCents = item.priceCents
        notes = item.notes
        archivedReason = item.archivedReason
        createdAt = item.createdAt
    }
}

public struct ExportedOutfit: Codable, Sendable, Hashable {
    @LowercasedID public var id: UUID
    public var name: String
    /// Ids of `closet.items`.
    @LowercasedIDs public var items: [UUID]
    public var photo: String?
    public var createdAt: Date

    public init(_ outfit: Outfit, names: ExportNames) {
        id = outfit.id
        name = outfit.name
        items = outfit.itemIDs
        photo = outfit.photoID.flatMap { names.photos[$0] }
        createdAt = outfit.createdAt
    }
}

public struct ExportedOutfitDay: Codable, Sendable, Hashable {
    public var date: LocalDate
    public var status: OutfitDayStatus
    @LowercasedOptionalID public var outfit: UUID?
    @LowercasedIDs public var items: [UUID]
    public var note: String

    public init(_ day: OutfitDay) {
        date = day.date
        status = day.status
        outfit = day.outfitID
        items = day.itemIDs
        note = day.note
    }
}

/// What an export writes in place of ids: vocabulary and people by name, photos by their path.
public struct ExportNames: Sendable {
    public var words: [UUID: String]
    public var people: [UUID: String]
    public var photos: [UUID: String]

    public init(words: [UUID: String] = [:], people: [UUID: String] = [:], photos: [UUID: String] = [:]) {
        self.words = words
        self.people = people
        self.photos = photos
    }

    /// `photos/<id>.<format>`: the original as uploaded (its metadata stripped on upload).
    public static func photoPath(id: UUID, format: String) -> String {
        "photos/\(id.lowercasedString).\(format == "jpeg" ? "jpg" : format)"
    }
}

extension JSONEncoder {
    /// How every JSON file of an export is written: dates in ISO 8601 with milliseconds, keys
    /// sorted (the same account exports to the same bytes).
    public static var export: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ExportDates.text(date))
        }
        return encoder
    }
}

extension JSONDecoder {
    public static var export: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISODate.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 time")
            }
            return date
        }
        return decoder
    }
}

public enum ExportDates {
    public static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
