import DaybookCore
import DaybookStorage
import Foundation

/// Everything of one date, in the person's time zone (issue 63): the day entry, every check-in in
/// time order, the journal entries about that date, the outfit worn or planned, the photos, and
/// the same date in earlier years. The calendar's day page and `GET /api/v1/days/{date}/overview`
/// are this, one database round of reads.
public struct DayOverview: Sendable {
    public var date: LocalDate
    public var entry: DayEntry?
    /// Earliest first.
    public var checkins: [Checkin]
    /// Earliest written first.
    public var journal: [JournalEntry]
    public var outfit: OutfitDay?
    /// The outfit's items, in the outfit's order.
    public var outfitItems: [ClosetItem]
    /// The day's photo, then each journal entry's, each once.
    public var photoIDs: [UUID]
    /// The same date in earlier years, newest first; years with nothing left out.
    public var memories: [Memory]

    /// Nothing logged for the date (memories of other years do not count).
    public var isEmpty: Bool { entry == nil && checkins.isEmpty && journal.isEmpty && outfit == nil }
}

extension DayService {
    /// The person's date, everything of it (see `DayOverview`).
    public func overview(user: User, date: LocalDate) async throws -> DayOverview {
        async let entry = store.days.entries(userID: user.id, on: [date])
        async let checkins = store.checkins.checkins(userID: user.id, on: [date])
        async let journal = store.journal.entries(userID: user.id, on: [date])
        async let outfit = store.closet.day(userID: user.id, date: date)
        async let memories = MemoryService(store: store, now: now).memories(user: user, on: date)
        let day = try await entry.first
        let entries = try await journal.sorted { ($0.createdAt, $0.id.lowercasedString) < ($1.createdAt, $1.id.lowercasedString) }
        let worn = try await outfit
        var items: [ClosetItem] = []
        if let worn { items = try await store.closet.items(ids: worn.itemIDs, userID: user.id) }
        var photos: [UUID] = []
        for id in [day?.photoID].compactMap({ $0 }) + entries.flatMap(\.photoIDs) where !photos.contains(id) {
            photos.append(id)
        }
        return DayOverview(
            date: date, entry: day, checkins: try await checkins.sorted { $0.at < $1.at }, journal: entries,
            outfit: worn, outfitItems: worn.map { OutfitService.ordered(items, by: $0.itemIDs) } ?? [],
            photoIDs: photos, memories: try await memories.items)
    }
}
