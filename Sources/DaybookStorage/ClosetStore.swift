import DaybookCore
import Foundation

/// Which of the user's items to list, and in what order.
public struct ClosetItemQuery: Sendable {
    public enum Sort: String, Sendable, Hashable, CaseIterable {
        /// Newest first.
        case newest
        /// By name, A to Z.
        case name
        /// Fewest wears first; among equals, longest unworn first.
        case leastWorn = "least_worn"
    }

    public var categoryID: UUID?
    /// Every one must be among the item's tags, colours or season.
    public var tags: [String]
    /// Lower-case; every one must occur in the item's name, brand or notes.
    public var words: [String]
    /// false: the closet; true: archived items only.
    public var archived: Bool
    /// Only items not worn since this date: last worn before it, or never worn and added before
    /// `addedBefore`.
    public var notWornSince: (date: LocalDate, addedBefore: Date)?
    public var sort: Sort
    public var offset: Int
    public var limit: Int

    public init(
        categoryID: UUID? = nil, tags: [String] = [], words: [String] = [], archived: Bool = false,
        notWornSince: (date: LocalDate, addedBefore: Date)? = nil, sort: Sort = .newest, offset: Int = 0,
        limit: Int = 50
    ) {
        self.categoryID = categoryID
        self.tags = tags
        self.words = words
        self.archived = archived
        self.notWornSince = notWornSince
        self.sort = sort
        self.offset = offset
        self.limit = limit
    }
}

/// The closet (seed 004): categories, items, outfits and the outfit calendar, all of one user at a
/// time. Every method takes the owner's id and touches nothing of anyone else's; references
/// between them (an item's category, an outfit's items, a day's items) stay within one user in the
/// schema itself.
///
/// Items and outfits come back with their `wear` read from the calendar's worn days.
public protocol ClosetStore: Sendable {
    // MARK: Categories

    /// By position, then name.
    func categories(userID: UUID) async throws -> [ClosetCategory]
    /// Gives a user with no categories these ones (`ClosetDefaults`), in order; does nothing for a
    /// user who has any, however many requests ask at once.
    func addDefaultCategories(userID: UUID, names: [String]) async throws
    /// Inserts or renames. `StoreError.conflict(field: "name")` when the user has a category of
    /// that name (ignoring case); false when `insert` is false and there is no such category.
    @discardableResult func saveCategory(_ category: ClosetCategory, insert: Bool) async throws -> Bool
    /// Gives the user's categories these positions (the order of `ids`); others keep theirs.
    func reorderCategories(userID: UUID, ids: [UUID]) async throws
    /// Deletes a category no item uses; false when there is none or an item (archived or not) uses it.
    func deleteCategory(id: UUID, userID: UUID) async throws -> Bool
    /// Items in the closet (not archived) per category.
    func itemCounts(userID: UUID) async throws -> [UUID: Int]

    // MARK: Items

    /// Inserts, or replaces the user's item with the same id keeping its creation time. False
    /// when `insert` is false and there is no such item of the user's.
    @discardableResult func saveItem(_ item: ClosetItem, insert: Bool) async throws -> Bool
    func item(id: UUID, userID: UUID) async throws -> ClosetItem?
    /// Of the given ids, the user's items (in any order).
    func items(ids: [UUID], userID: UUID) async throws -> [ClosetItem]
    func items(userID: UUID, query: ClosetItemQuery) async throws -> [ClosetItem]
    /// Deletes the item; it leaves the outfits and calendar days it was in. Returns it.
    func deleteItem(id: UUID, userID: UUID) async throws -> ClosetItem?
    /// Archives the item for a reason, or brings it back (`reason` nil). False when not the user's.
    func archiveItem(id: UUID, userID: UUID, reason: ArchiveReason?, at: Date) async throws -> Bool
    /// The words the user's items are tagged with (not colours), most used first, then by name.
    func itemTags(userID: UUID) async throws -> [(tag: String, count: Int)]

    // MARK: Outfits

    @discardableResult func saveOutfit(_ outfit: Outfit, insert: Bool) async throws -> Bool
    func outfit(id: UUID, userID: UUID) async throws -> Outfit?
    /// Newest first.
    func outfits(userID: UUID, offset: Int, limit: Int) async throws -> [Outfit]
    /// Deletes the outfit; calendar days that named it keep their items. Returns it.
    func deleteOutfit(id: UUID, userID: UUID) async throws -> Outfit?

    // MARK: Calendar

    /// Sets the day (replacing what it held).
    func putDay(_ day: OutfitDay) async throws
    func day(userID: UUID, date: LocalDate) async throws -> OutfitDay?
    /// `from` and `to` included, oldest first.
    func days(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [OutfitDay]
    @discardableResult func deleteDay(userID: UUID, date: LocalDate) async throws -> Bool
    /// Every day the user has a day entry: its mood, and whether the item (or the outfit) was worn
    /// that day. The input of `MoodComparison`.
    func moodsByWear(userID: UUID, of target: WearTarget) async throws -> [(mood: Int, worn: Bool)]
}

/// What a wear question is about.
public enum WearTarget: Sendable, Hashable {
    case item(UUID)
    case outfit(UUID)
}
