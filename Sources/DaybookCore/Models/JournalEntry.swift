import Foundation

/// A journal entry (seeds 001, 003): free text with an optional title, the user's own tags, an
/// optional place, several photos in the order the user chose, and whether anyone may read it.
/// Unlike a day entry, a user writes as many as they like, whenever they like.
public struct JournalEntry: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var userID: UUID
    public var title: String
    public var body: String
    /// Lower-case, without `#`, each once, in the order given.
    public var tags: [String]
    /// Empty when none was given.
    public var location: String
    /// Where, on the globe, when the writer gave it: both or neither (see `JournalRules`).
    public var coordinates: Coordinates?
    /// The day the entry is about, in the writer's calendar: today when written, or a day back
    /// (never ahead). The calendar marks it and feeds show it; `createdAt` stays when it was written.
    public var date: LocalDate
    /// In the order they are shown; the first is the entry's cover.
    public var photoIDs: [UUID]
    /// Who else may read it; public entries (and their photos) are in everyone's feed,
    /// friends-only ones in the author's friends' feeds.
    public var visibility: JournalVisibility
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID = .timeOrdered(), userID: UUID, title: String = "", body: String = "", tags: [String] = [],
        location: String = "", coordinates: Coordinates? = nil, date: LocalDate? = nil, photoIDs: [UUID] = [],
        visibility: JournalVisibility = .private, createdAt: Date = Date(), updatedAt: Date = Date()
    ) {
        self.id = id
        self.userID = userID
        self.title = title
        self.body = body
        self.tags = tags
        self.location = location
        self.coordinates = coordinates
        self.date = date ?? LocalDate(createdAt, in: .gmt)
        self.photoIDs = photoIDs
        self.visibility = visibility
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public var isPublic: Bool { visibility == .public }

    /// The title, else the body's first line, for cards and page titles.
    public var heading: String {
        if !title.isEmpty { return title }
        return body.split(whereSeparator: \.isNewline).first.map { String($0).trimmingCharacters(in: .whitespaces) }
            ?? ""
    }
}

/// A point on the globe in degrees (WGS 84, as phones report it).
public struct Coordinates: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// From two stored columns: a point when both are there, nil otherwise.
    public init?(latitude: Double?, longitude: Double?) {
        guard let latitude, let longitude else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }
}
