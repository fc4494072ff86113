import Foundation

/// A journal entry as a form or an API request sends it, before any checking, so a form can be
/// shown again exactly as typed when something in it is wrong.
public struct JournalEntryInput: Sendable, Hashable {
    public var title: String
    public var body: String
    /// Each element may hold several tags separated by commas or spaces (a text field sends them
    /// that way); a leading `#` is dropped.
    public var tags: [String]
    public var location: String
    /// Decimal degrees as typed (`"48.8584"`); both empty for none.
    public var latitude: String
    public var longitude: String
    /// `YYYY-MM-DD`, the day the entry is about; empty for today in the writer's time zone.
    public var date: String
    /// In display order; must be the user's own photos.
    public var photoIDs: [UUID]
    public var visibility: JournalVisibility

    public init(
        title: String = "", body: String = "", tags: [String] = [], location: String = "", latitude: String = "",
        longitude: String = "", date: String = "", photoIDs: [UUID] = [], visibility: JournalVisibility = .private
    ) {
        self.title = title
        self.body = body
        self.tags = tags
        self.location = location
        self.latitude = latitude
        self.longitude = longitude
        self.date = date
        self.photoIDs = photoIDs
        self.visibility = visibility
    }

    /// The form of a saved entry, for editing it.
    public init(_ entry: JournalEntry) {
        self.init(
            title: entry.title, body: entry.body, tags: entry.tags, location: entry.location,
            latitude: entry.coordinates.map { String($0.latitude) } ?? "",
            longitude: entry.coordinates.map { String($0.longitude) } ?? "", date: entry.date.description,
            photoIDs: entry.photoIDs, visibility: entry.visibility)
    }
}
