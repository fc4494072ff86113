import DaybookCore
import DaybookStorage
import Foundation

/// A page of the closet.
public struct ClosetItemPage: Sendable {
    public var items: [ClosetItem]
    /// Give this back for the next page; nil on the last page.
    public var nextCursor: String?
}

/// What the closet's search bar asked for: the words it recognised as tags (every one must match)
/// and the rest, matched in name, brand and notes.
public struct ClosetSearch: Sendable, Hashable {
    public var tags: [String]
    public var words: [String]

    public init(tags: [String] = [], words: [String] = []) {
        self.tags = tags
        self.words = words
    }

    /// Splits what was typed: a word that is a keyword or one of the user's tags is a tag (a `#`
    /// in front makes any word one); the rest are words. `extraTags` are tags chosen separately.
    public static func parse(_ text: String, extraTags: [String] = [], knownTags: Set<String>) -> ClosetSearch {
        var search = ClosetSearch()
        for raw in text.split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
            let explicit = raw.hasPrefix("#")
            guard let word = ClosetRules.tag(String(raw)) else { continue }
            if explicit || knownTags.contains(word) {
                search.tags.append(word)
            } else {
                search.words.append(word.lowercased())
            }
        }
        search.tags += extraTags.compactMap(ClosetRules.tag)
        search.tags = search.tags.uniqued() as [String]
        search.words = search.words.uniqued() as [String]
        return search
    }
}

/// An item as its page shows it: with its category, the outfits it is in, and how the days it
/// was worn felt.
public struct ClosetItemDetail: Sendable {
    public var item: ClosetItem
    public var category: ClosetCategory?
    public var outfits: [Outfit]
    public var mood: MoodComparison?

    public init(item: ClosetItem, category: ClosetCategory?, outfits: [Outfit], mood: MoodComparison?) {
        self.item = item
        self.category = category
        self.outfits = outfits
        self.mood = mood
    }
}

/// An outfit with its items (in order; deleted ones are gone) and the mood comparison.
public struct OutfitDetail: Sendable {
    public var outfit: Outfit
    public var items: [ClosetItem]
    public var mood: MoodComparison?
}

/// The closet and outfit calendar (seed 004 5.2.1–5.2.3): categories, items with photos and tags,
/// outfits, and what was worn or is planned on each day.
///
/// Everything is the user's own: an id of someone else's category, item, outfit or photo is
/// refused exactly like one that does not exist. A photo an item or outfit stops showing is
/// deleted when nothing else uses it.
public struct ClosetService: Sendable {
    let store: any DaybookStore
    let media: MediaService
    let now: @Sendable () -> Date

    public init(store: any DaybookStore, media: MediaService, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.media = media
        self.now = now
    }

    /// How long unworn before an item is listed as "not worn for 6 months".
    public static let idleMonths = 6

    func today(_ user: User) -> LocalDate { LocalDate.today(in: user.zone, now: now()) }

    // MARK: Categories

    /// The user's categories in order; a closet opened for the first time gets the defaults.
    public func categories(user: User) async throws -> [ClosetCategory] {
        let categories = try await store.closet.categories(userID: user.id)
        if !categories.isEmpty { return categories }
        try await store.closet.addDefaultCategories(userID: user.id, names: ClosetDefaults.categories)
        return try await store.closet.categories(userID: user.id)
    }

    /// Items in the closet per category.
    public func itemCounts(user: User) async throws -> [UUID: Int] {
        try await store.closet.itemCounts(userID: user.id)
    }

    /// Adds a category at the end. A name the user has (ignoring case) is 422 `taken` on `name`.
    public func addCategory(user: User, name: String) async throws -> ClosetCategory {
        let name = try ValidationError.wrap { try ClosetRules.categoryName(name) }
        let existing = try await categories(user: user)
        guard existing.count < ClosetRules.categoriesMax else {
            throw ValidationError([
                FieldError(
                    field: "name", code: "too_many",
                    message: "You can have at most \(ClosetRules.categoriesMax) categories.")
            ])
        }
        let category = ClosetCategory(
            userID: user.id, name: name, position: (existing.map(\.position).max() ?? -1) + 1)
        try await saveCategory(category, insert: true)
        return category
    }

    public func renameCategory(user: User, id: UUID, name: String) async throws -> ClosetCategory {
        let name = try ValidationError.wrap { try ClosetRules.categoryName(name) }
        guard var category = try await categories(user: user).first(where: { $0.id == id }) else { throw NotFound() }
        category.name = name
        try await saveCategory(category, insert: false)
        return category
    }

    /// Puts the categories in this order; every id must be one of the user's (those left out go
    /// after, in their order).
    public func reorderCategories(user: User, ids: [UUID]) async throws -> [ClosetCategory] {
        let existing = try await categories(user: user)
        let known = Set(existing.map(\.id))
        let ordered: [UUID] = ids.uniqued()
        if ordered.contains(where: { !known.contains($0) }) {
            throw ValidationError([FieldError(field: "ids", code: "unknown", message: "You have no such category.")])
        }
        let rest = existing.map(\.id).filter { !ordered.contains($0) }
        try await store.closet.reorderCategories(userID: user.id, ids: ordered + rest)
        return try await categories(user: user)
    }

    /// Moves a category one place up (`by: -1`) or down (`by: 1`).
    public func moveCategory(user: User, id: UUID, by offset: Int) async throws {
        var ids = try await categories(user: user).map(\.id)
        guard let index = ids.firstIndex(of: id) else { throw NotFound() }
        let target = index + offset
        guard ids.indices.contains(target) else { return }
        ids.swapAt(index, target)
        try await store.closet.reorderCategories(userID: user.id, ids: ids)
    }

    /// Deletes a category no item uses; one in use is 422 `in_use` on `categoryId`.
    public func deleteCategory(user: User, id: UUID) async throws {
        guard try await categories(user: user).contains(where: { $0.id == id }) else { throw NotFound() }
        guard try await store.closet.deleteCategory(id: id, userID: user.id) else {
            throw ValidationError([
                FieldError(
                    field: "categoryId", code: "in_use",
                    message: "Items are in this category. Move them to another one first.")
            ])
        }
    }

    private func saveCategory(_ category: ClosetCategory, insert: Bool) async throws {
        do {
            guard try await store.closet.saveCategory(category, insert: insert) else { throw NotFound() }
        } catch StoreError.conflict {
            throw ValidationError([
                FieldError(field: "name", code: "taken", message: "You already have a category with this name.")
            ])
        }
    }

    // MARK: Items

    public func createItem(user: User, input: ClosetItemInput) async throws -> ClosetItem {
        let item = try await validate(input, id: .timeOrdered(), user: user)
        try await store.closet.saveItem(item, insert: true)
        return item
    }

    /// Replaces the item's fields (its creation time, archive state and wear stay).
    public func updateItem(user: User, id: UUID, input: ClosetItemInput) async throws -> ClosetItem {
        guard let existing = try await store.closet.item(id: id, userID: user.id) else { throw NotFound() }
        var item = try await validate(input, id: id, user: user)
        item.createdAt = existing.createdAt
        item.archivedReason = existing.archivedReason
        item.wear = existing.wear
        guard try await store.closet.saveItem(item, insert: false) else { throw NotFound() }
        if let old = existing.photoID, old != item.photoID { try await media.release(userID: user.id, id: old) }
        return item
    }

    public func item(user: User, id: UUID) async throws -> ClosetItem {
        guard let item = try await store.closet.item(id: id, userID: user.id) else { throw NotFound() }
        return item
    }

    /// The item with its category, the outfits it is in and the mood comparison.
    public func itemDetail(user: User, id: UUID) async throws -> ClosetItemDetail {
        let item = try await item(user: user, id: id)
        async let categories = categories(user: user)
        async let outfits = store.closet.outfits(userID: user.id, offset: 0, limit: 500)
        async let moods = store.closet.moodsByWear(userID: user.id, of: .item(id))
        return ClosetItemDetail(
            item: item, category: try await categories.first { $0.id == item.categoryID },
            outfits: try await outfits.filter { $0.itemIDs.contains(id) }, mood: MoodComparison(days: try await moods))
    }

    /// Deletes the item (it leaves its outfits and calendar days) and its photo if nothing else
    /// uses it.
    public func deleteItem(user: User, id: UUID) async throws {
        guard let item = try await store.closet.deleteItem(id: id, userID: user.id) else { throw NotFound() }
        if let photo = item.photoID { try await media.release(userID: user.id, id: photo) }
    }

    /// Archives the item for a reason, or (`nil`) puts it back in the closet.
    public func archiveItem(user: User, id: UUID, reason: ArchiveReason?) async throws -> ClosetItem {
        guard try await store.closet.archiveItem(id: id, userID: user.id, reason: reason, at: now()) else {
            throw NotFound()
        }
        return try await item(user: user, id: id)
    }

    /// A page of items. `cursor` is what the previous page handed back.
    public func items(user: User, query: ClosetItemQuery, cursor: String? = nil) async throws -> ClosetItemPage {
        var query = query
        query.offset = try Self.offset(cursor)
        query.limit = min(max(query.limit, 1), 200)
        let limit = query.limit
        query.limit += 1
        let items = try await store.closet.items(userID: user.id, query: query)
        return ClosetItemPage(
            items: Array(items.prefix(limit)), nextCursor: items.count > limit ? String(query.offset + limit) : nil)
    }

    /// The query for items not worn for `idleMonths` months.
    public func idleQuery(user: User) -> ClosetItemQuery {
        let since = today(user).adding(days: -Self.idleMonths * 365 / 12)
        return ClosetItemQuery(notWornSince: (since, since.start(in: user.zone)), sort: .leastWorn, limit: 200)
    }

    /// The keyword groups and the user's own tags (those not among the keywords), most used first.
    public func tags(user: User) async throws -> (groups: [ClosetKeywords.Group], own: [(tag: String, count: Int)]) {
        let used = try await store.closet.itemTags(userID: user.id)
        return (ClosetKeywords.groups, used.filter { !ClosetKeywords.isKeyword($0.tag) })
    }

    /// Every word the search bar treats as a tag: keywords, colours, seasons and the user's own.
    public func knownTags(user: User) async throws -> Set<String> {
        Set(ClosetKeywords.all).union(try await store.closet.itemTags(userID: user.id).map(\.tag))
    }

    /// The colour keywords of the middle of the user's photo, most common first.
    public func suggestedColors(user: User, photoID: UUID) async throws -> [String] {
        guard let record = try await store.media.media(id: photoID, userID: user.id) else { throw NotFound() }
        guard let data = try await media.blobs.get(record.small.key) else { throw NotFound() }
        let sample = try await media.processor.centreSample(data)
        return ColorNaming.dominant(pixels: sample.pixels, bands: sample.bands)
    }

    private func validate(_ input: ClosetItemInput, id: UUID, user: User) async throws -> ClosetItem {
        var errors = FieldErrors()
        let item = errors.check {
            try ClosetRules.validate(
                input, id: id, userID: user.id, today: today(user), now: now().roundedToMicroseconds)
        }
        if let category = input.categoryID, !(try await categories(user: user).contains { $0.id == category }) {
            errors.add("categoryId", "unknown", "You have no such category.")
        }
        try await media.checkOwned(input.photoID.map { [$0] } ?? [], userID: user.id, field: "photoId", into: &errors)
        try errors.throwIfAny()
        return item!
    }

    /// A page's place in the list, as handed out in `nextCursor`.
    public static func offset(_ cursor: String?) throws -> Int {
        guard let cursor, !cursor.isEmpty else { return 0 }
        guard cursor.utf8.count <= 7, let offset = Int(cursor), (0...1_000_000).contains(offset) else {
            throw ValidationError([.invalidCursor])
        }
        return offset
    }
}

extension ValidationError {
    /// Runs a check that throws a `FieldError`, turning it into a `ValidationError`.
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as FieldError {
            throw ValidationError([error])
        }
    }
}
