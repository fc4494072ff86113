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

    /// Shares the user's items and outfits with friends, named by username (a leading `@` and
    /// case ignored), each told at once.
    ///
    /// - Throws: `ValidationError` on `itemIds`, `outfitId` (not the user's: `unknown`),
    ///   `recipients` (nobody, more than 20, or someone who is not their friend: `not_friend`) and
    ///   `message`.
    public func share(
        user: User, itemIDs: [UUID], outfitIDs: [UUID], recipients: [String], message: String
    ) async throws -> [Share] {
        var errors = FieldErrors()
        let items: [UUID] = itemIDs.uniqued()
        let outfits: [UUID] = outfitIDs.uniqued()
        let names: [String] = recipients.map { Self.username($0) }.filter { !$0.isEmpty }.uniqued()
        let text = errors.check {
            try ShareRules.validate(targets: items.count + outfits.count, recipients: names.count, message: message)
        }
        let owned = try await store.closet.items(ids: items, userID: user.id)
        if owned.count != items.count { errors.add("itemIds", "unknown", "You have no such item.") }
        var what = owned.map(\.name)
        for id in outfits {
            guard let outfit = try await store.closet.outfit(id: id, userID: user.id) else {
                errors.add("outfitId", "unknown", "You have no such outfit.")
                break
            }
            what.append(outfit.name)
        }
        var friends: [UUID] = []
        if names.count <= ShareRules.recipientsMax {
            let byName = Dictionary(
                try await store.friends.lists(userID: user.id).friends.map {
                    ($0.user.username.lowercased(), $0.user.id)
                },
                uniquingKeysWith: { first, _ in first })
            for name in names {
                guard let id = byName[name] else {
                    errors.add(
                        "recipients", "not_friend", "@\(name) is not your friend; you can share only with friends.")
                    break
                }
                friends.append(id)
            }
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
        let thing = what.count == 1 ? "“\(what[0])”" : "\(what.count) things"
        let note = text!.isEmpty ? "" : ": “\(text!.prefix(80))”"
        for friend in friends {
            _ = try await notifications.notify(
                userID: friend, kind: "share",
                text: "\(user.displayName) (@\(user.username)) shared \(thing) with you\(note)",
                link: "/shared")
        }
        return shares
    }

    /// One share the viewer made or received, while it stands. `NotFound` otherwise.
    public func share(viewer: User, id: UUID) async throws -> SharedThing {
        guard let thing = try await store.shares.share(id: id, viewerID: viewer.id) else { throw NotFound() }
        return thing
    }

    /// The friend's one-emoji reaction to a share they received (nil takes it back); the sharer
    /// is told of a new one. `NotFound` when it is not a share they received.
    ///
    /// - Throws: `ValidationError` on `emoji`.
    public func react(user: User, id: UUID, emoji: String?) async throws -> SharedThing {
        let reaction = try emoji.map(ShareRules.reaction)
        guard let share = try await store.shares.react(id: id, recipientID: user.id, reaction: reaction),
            let thing = try await store.shares.share(id: id, viewerID: user.id)
        else { throw NotFound() }
        if let reaction {
            _ = try await notifications.notify(
                userID: share.userID, kind: "share_reaction",
                text: "\(user.displayName) (@\(user.username)) reacted \(reaction) to “\(thing.name)”.",
                link: "/shared")
        }
        return thing
    }

    static func username(_ raw: String) -> String {
        String(raw.trimmingCharacters(in: .whitespacesAndNewlines).drop(while: { $0 == "@" })).lowercased()
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
        return SharedItemView(item: item.asSharedWithFriend, owner: UserSummary(owner))
    }

    /// An outfit a friend shared with the viewer, with its items.
    public func sharedOutfit(viewer: User, id: UUID) async throws -> SharedOutfitView {
        guard let ownerID = try await store.shares.sharedOutfitOwner(outfitID: id, viewerID: viewer.id),
            let outfit = try await store.closet.outfit(id: id, userID: ownerID),
            let owner = try await store.users.user(id: ownerID)
        else { throw NotFound() }
        let items = try await store.closet.items(ids: outfit.itemIDs, userID: ownerID)
        return SharedOutfitView(
            outfit: outfit, items: OutfitService.ordered(items, by: outfit.itemIDs).map(\.asSharedWithFriend),
            owner: UserSummary(owner))
    }
}
