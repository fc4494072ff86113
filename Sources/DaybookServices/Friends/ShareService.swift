import DaybookCore
import DaybookStorage
import Foundation

/// A shared thing as its friend opens it: the item (or outfit with its items) and who shared it.
public struct SharedItemView: Sendable {
    public var item: ClosetItem
    public var owner: UserSummary
}

public struct SharedOutfitView: Sendable {
    public var outfit: Outfit
    public var items: [ClosetItem]
    public var owner: UserSummary
}

/// Sharing clothes with friends (seed 004 5.2.1.9, issue 15): items and outfits, with a message,
/// to one or more friends, who are notified at once. A friend sees what was shared, read-only, with
/// its photos, while the share stands and they are friends; anything else is `NotFound`.
public struct ShareService: Sendable {
    let store: any DaybookStore
    let notifications: NotificationService
    let now: @Sendable () -> Date

    public init(
        store: any DaybookStore, notifications: NotificationService, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.notifications = notifications
        self.now = now
    }

    /// Shares the user's items and outfits with their friends.
    ///
    /// - Throws: `ValidationError` on `itemIds`, `outfitIds` (not the user's: `unknown`),
    ///   `friendIds` (not friends: `unknown`) and `message`.
    public func share(
        user: User, itemIDs: [UUID], outfitIDs: [UUID], friendIDs: [UUID], message: String
    ) async throws -> [Share] {
        var errors = FieldErrors()
        let text = errors.check {
            try ShareRules.validate(itemIDs: itemIDs, outfitIDs: outfitIDs, friendIDs: friendIDs, message: message)
        }
        let items: [UUID] = itemIDs.uniqued()
        let outfits: [UUID] = outfitIDs.uniqued()
        let friends: [UUID] = friendIDs.uniqued()
        let owned = try await store.closet.items(ids: items, userID: user.id)
        if owned.count != items.count { errors.add("itemIds", "unknown", "You have no such item.") }
        var names = owned.map(\.name)
        for id in outfits {
            if let outfit = try await store.closet.outfit(id: id, userID: user.id) {
                names.append(outfit.name)
            } else {
                errors.add("outfitIds", "unknown", "You have no such outfit.")
                break
            }
        }
        for friend in friends where try await !store.friends.areFriends(user.id, friend) {
            errors.add("friendIds", "unknown", "You can share only with your friends.")
            break
        }
        try errors.throwIfAny()
        let at = now().roundedToMicroseconds
        let shares = friends.flatMap { friend in
            items.map {
                Share(userID: user.id, recipientID: friend, kind: .item, targetID: $0, message: text!, createdAt: at)
            }
                + outfits.map {
                    Share(
                        userID: user.id, recipientID: friend, kind: .outfit, targetID: $0, message: text!, createdAt: at
                    )
                }
        }
        try await store.shares.insert(shares)
        let what = names.count == 1 ? "“\(names[0])”" : "\(names.count) things"
        let note = text!.isEmpty ? "" : ": “\(text!.prefix(80))”"
        for friend in friends {
            _ = try await notifications.notify(
                userID: friend, kind: "share",
                text: "\(user.displayName) (@\(user.username)) shared \(what) with you\(note)",
                link: "/shared")
        }
        return shares
    }

    public func received(user: User) async throws -> [SharedThing] {
        try await store.shares.received(userID: user.id)
    }

    public func sent(user: User) async throws -> [SharedThing] {
        try await store.shares.sent(userID: user.id)
    }

    /// Withdraws one of the user's shares: the friend's access ends at once.
    public func withdraw(user: User, id: UUID) async throws {
        guard try await store.shares.delete(id: id, userID: user.id) else { throw NotFound() }
    }

    /// An item a friend shared with the viewer, alone or in an outfit.
    public func sharedItem(viewer: User, id: UUID) async throws -> SharedItemView {
        guard let ownerID = try await store.shares.sharedItemOwner(itemID: id, viewerID: viewer.id),
            let item = try await store.closet.item(id: id, userID: ownerID),
            let owner = try await store.users.user(id: ownerID)
        else { throw NotFound() }
        return SharedItemView(item: item, owner: UserSummary(owner))
    }

    /// An outfit a friend shared with the viewer, with its items.
    public func sharedOutfit(viewer: User, id: UUID) async throws -> SharedOutfitView {
        guard let ownerID = try await store.shares.sharedOutfitOwner(outfitID: id, viewerID: viewer.id),
            let outfit = try await store.closet.outfit(id: id, userID: ownerID),
            let owner = try await store.users.user(id: ownerID)
        else { throw NotFound() }
        let items = try await store.closet.items(ids: outfit.itemIDs, userID: ownerID)
        return SharedOutfitView(
            outfit: outfit, items: OutfitService.ordered(items, by: outfit.itemIDs), owner: UserSummary(owner))
    }
}
