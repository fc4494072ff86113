import DaybookCore
import DaybookStorage
import Foundation

/// Outfits and the outfit calendar (seed 004 5.2.1.3, 5.2.1.7). Items, outfits and photos named
/// in a request must be the user's own; anyone else's is refused like one that does not exist.
public struct OutfitService: Sendable {
    let store: any DaybookStore
    let media: MediaService
    let now: @Sendable () -> Date

    public init(store: any DaybookStore, media: MediaService, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.media = media
        self.now = now
    }

    // MARK: Outfits

    public func create(user: User, input: OutfitInput) async throws -> Outfit {
        let outfit = try await validate(input, id: .timeOrdered(), user: user)
        try await store.closet.saveOutfit(outfit, insert: true)
        return outfit
    }

    public func update(user: User, id: UUID, input: OutfitInput) async throws -> Outfit {
        guard let existing = try await store.closet.outfit(id: id, userID: user.id) else { throw NotFound() }
        var outfit = try await validate(input, id: id, user: user)
        outfit.createdAt = existing.createdAt
        outfit.wear = existing.wear
        guard try await store.closet.saveOutfit(outfit, insert: false) else { throw NotFound() }
        if let old = existing.photoID, old != outfit.photoID { try await media.release(userID: user.id, id: old) }
        return outfit
    }

    public func outfit(user: User, id: UUID) async throws -> Outfit {
        guard let outfit = try await store.closet.outfit(id: id, userID: user.id) else { throw NotFound() }
        return outfit
    }

    /// The outfit with its items in order and the mood comparison.
    public func detail(user: User, id: UUID) async throws -> OutfitDetail {
        let outfit = try await outfit(user: user, id: id)
        async let items = store.closet.items(ids: outfit.itemIDs, userID: user.id)
        async let moods = store.closet.moodsByWear(userID: user.id, of: .outfit(id))
        return OutfitDetail(
            outfit: outfit, items: Self.ordered(try await items, by: outfit.itemIDs),
            mood: MoodComparison(days: try await moods))
    }

    /// Newest first.
    public func list(user: User, offset: Int = 0, limit: Int = 100) async throws -> [Outfit] {
        try await store.closet.outfits(userID: user.id, offset: max(0, offset), limit: min(max(limit, 1), 500))
    }

    /// Deletes the outfit (days it was worn keep their items) and its photo if nothing else uses it.
    public func delete(user: User, id: UUID) async throws {
        guard let outfit = try await store.closet.deleteOutfit(id: id, userID: user.id) else { throw NotFound() }
        if let photo = outfit.photoID { try await media.release(userID: user.id, id: photo) }
    }

    private func validate(_ input: OutfitInput, id: UUID, user: User) async throws -> Outfit {
        var errors = FieldErrors()
        let outfit = errors.check {
            try ClosetRules.validate(input, id: id, userID: user.id, now: now().roundedToMicroseconds)
        }
        if let outfit { try await requireItems(outfit.itemIDs, user: user, field: "itemIds", errors: &errors) }
        try await media.checkOwned(input.photoID.map { [$0] } ?? [], userID: user.id, field: "photoId", into: &errors)
        try errors.throwIfAny()
        return outfit!
    }

    /// Records `unknown` on `field` when an id is not one of the user's items (archived ones count:
    /// what was worn then was worn).
    func requireItems(_ ids: [UUID], user: User, field: String, errors: inout FieldErrors) async throws {
        guard !ids.isEmpty else { return }
        let found = Set(try await store.closet.items(ids: ids, userID: user.id).map(\.id))
        if ids.contains(where: { !found.contains($0) }) {
            errors.add(field, "unknown", "You have no such item.")
        }
    }

    /// The items in the order of `ids` (ids without an item are skipped).
    public static func ordered(_ items: [ClosetItem], by ids: [UUID]) -> [ClosetItem] {
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    // MARK: Calendar

    /// Sets what was worn or is planned on a date. With only an outfit, the day takes its items.
    /// Without a status: worn up to today, planned after.
    public func putDay(user: User, date: LocalDate, input: OutfitDayInput) async throws -> OutfitDay {
        var input = input
        var errors = FieldErrors()
        if let outfitID = input.outfitID {
            if let outfit = try await store.closet.outfit(id: outfitID, userID: user.id) {
                if input.itemIDs.isEmpty { input.itemIDs = outfit.itemIDs }
            } else {
                errors.add("outfitId", "unknown", "You have no such outfit.")
            }
        }
        try await requireItems(input.itemIDs, user: user, field: "itemIds", errors: &errors)
        let today = LocalDate.today(in: user.zone, now: now())
        let day = errors.check {
            try ClosetRules.validate(
                input, date: date, userID: user.id, today: today, now: now().roundedToMicroseconds)
        }
        try errors.throwIfAny()
        try await store.closet.putDay(day!)
        return day!
    }

    /// A planned day whose date has come, confirmed as worn.
    public func confirmWorn(user: User, date: LocalDate) async throws -> OutfitDay {
        guard var day = try await store.closet.day(userID: user.id, date: date) else { throw NotFound() }
        let today = LocalDate.today(in: user.zone, now: now())
        guard date <= today else {
            throw ValidationError([
                FieldError(
                    field: "status", code: "future_date", message: "A day that has not come yet can only be planned.")
            ])
        }
        day.status = .worn
        day.updatedAt = now().roundedToMicroseconds
        try await store.closet.putDay(day)
        return day
    }

    /// Adds the items to today's clothes (marking the day worn), keeping what it already had.
    public func wearToday(user: User, itemIDs: [UUID]) async throws -> OutfitDay {
        let today = LocalDate.today(in: user.zone, now: now())
        let existing = try await store.closet.day(userID: user.id, date: today)
        let input = OutfitDayInput(
            status: .worn, outfitID: existing?.outfitID, itemIDs: (existing?.itemIDs ?? []) + itemIDs,
            note: existing?.note ?? "")
        return try await putDay(user: user, date: today, input: input)
    }

    public func day(user: User, date: LocalDate) async throws -> OutfitDay? {
        try await store.closet.day(userID: user.id, date: date)
    }

    /// `from` and `to` included; at most about a year and a half at once.
    public func days(user: User, from: LocalDate, to: LocalDate) async throws -> [OutfitDay] {
        guard from <= to, from.days(to: to) <= 550 else {
            throw ValidationError([
                FieldError(
                    field: "to", code: "out_of_range", message: "Ask for at most 550 days, with “to” not before “from”."
                )
            ])
        }
        return try await store.closet.days(userID: user.id, from: from, to: to)
    }

    public func deleteDay(user: User, date: LocalDate) async throws {
        guard try await store.closet.deleteDay(userID: user.id, date: date) else { throw NotFound() }
    }
}
