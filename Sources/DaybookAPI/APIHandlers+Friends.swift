import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

/// Friends, friend requests and blocks.
extension APIHandlers {
    func listFriends(_ input: Operations.listFriends.Input) async throws -> Operations.listFriends.Output {
        let user = try authenticated().user
        let lists = try await services.friends.lists(user: user)
        return .ok(.init(body: .json(.init(items: lists.friends.map(Components.Schemas.Friend.init)))))
    }

    func removeFriend(_ input: Operations.removeFriend.Input) async throws -> Operations.removeFriend.Output {
        let user = try authenticated().user
        try await services.friends.unfriend(user: user, username: input.path.username)
        return .noContent(.init())
    }

    func listFriendRequests(_ input: Operations.listFriendRequests.Input) async throws
        -> Operations.listFriendRequests.Output
    {
        let user = try authenticated().user
        let lists = try await services.friends.lists(user: user)
        return .ok(
            .init(
                body: .json(
                    .init(
                        received: lists.incoming.compactMap(Components.Schemas.FriendRequest.init),
                        sent: lists.outgoing.compactMap(Components.Schemas.FriendRequest.init)))))
    }

    func sendFriendRequest(_ input: Operations.sendFriendRequest.Input) async throws
        -> Operations.sendFriendRequest.Output
    {
        let user = try authenticated().user
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let (outcome, other) = try await services.friends.sendRequest(from: user, username: body.username)
        var requestID: UUID?
        if case .requested(let id) = outcome { requestID = id }
        return .created(
            .init(
                body: .json(
                    .init(
                        id: requestID?.apiString, status: requestID == nil ? .friends : .requested,
                        user: .init(FriendEntry(user: other, since: Date()))))))
    }

    func cancelFriendRequest(_ input: Operations.cancelFriendRequest.Input) async throws
        -> Operations.cancelFriendRequest.Output
    {
        let user = try authenticated().user
        try await services.friends.cancel(user: user, requestID: try pathID(input.path.requestId, "requestId"))
        return .noContent(.init())
    }

    func acceptFriendRequest(_ input: Operations.acceptFriendRequest.Input) async throws
        -> Operations.acceptFriendRequest.Output
    {
        let user = try authenticated().user
        try await services.friends.accept(user: user, requestID: try pathID(input.path.requestId, "requestId"))
        return .noContent(.init())
    }

    func declineFriendRequest(_ input: Operations.declineFriendRequest.Input) async throws
        -> Operations.declineFriendRequest.Output
    {
        let user = try authenticated().user
        try await services.friends.decline(user: user, requestID: try pathID(input.path.requestId, "requestId"))
        return .noContent(.init())
    }

    func listBlocks(_ input: Operations.listBlocks.Input) async throws -> Operations.listBlocks.Output {
        let user = try authenticated().user
        let lists = try await services.friends.lists(user: user)
        return .ok(.init(body: .json(.init(items: lists.blocked.map(Components.Schemas.Friend.init)))))
    }

    func blockUser(_ input: Operations.blockUser.Input) async throws -> Operations.blockUser.Output {
        let user = try authenticated().user
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let blocked = try await services.friends.block(user: user, username: body.username)
        return .created(.init(body: .json(.init(FriendEntry(user: blocked, since: Date())))))
    }

    func unblockUser(_ input: Operations.unblockUser.Input) async throws -> Operations.unblockUser.Output {
        let user = try authenticated().user
        try await services.friends.unblock(user: user, username: input.path.username)
        return .noContent(.init())
    }
}

extension Components.Schemas.FriendRequest {
    init?(_ entry: FriendEntry) {
        guard let id = entry.requestID else { return nil }
        self.init(id: id.apiString, user: .init(entry), createdAt: entry.since)
    }
}

extension Components.Schemas.Friend {
    init(_ entry: FriendEntry) {
        self.init(
            id: entry.user.id.apiString, username: entry.user.username, displayName: entry.user.displayName,
            avatarUrl: entry.user.avatarMediaID.map { MediaPath.url($0, .avatar) }, since: entry.since)
    }
}

/// Sharing with friends.
extension APIHandlers {
    func shareWithFriends(_ input: Operations.shareWithFriends.Input) async throws -> Operations.shareWithFriends.Output
    {
        let user = try authenticated().user
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        var ids = BodyIDs()
        let items = ids.parse(body.itemIds ?? [], field: "itemIds")
        let outfits = body.outfitId.flatMap { ids.parse($0, field: "outfitId") }.map { [$0] } ?? []
        try ids.errors.throwIfAny()
        let made = Set(
            try await services.shares.share(
                user: user, itemIDs: items, outfitIDs: outfits, recipients: body.recipients,
                message: body.message ?? ""
            ).map(\.id))
        // One read of the user's shares, not one per share made (up to 50 things × 20 friends).
        let shares = try await services.shares.sent(user: user).filter { made.contains($0.share.id) }
        return .created(.init(body: .json(.init(items: shares.map(Components.Schemas.SharedThing.init)))))
    }

    func listShares(_ input: Operations.listShares.Input) async throws -> Operations.listShares.Output {
        let user = try authenticated().user
        let things =
            input.query.direction == .sent
            ? try await services.shares.sent(user: user) : try await services.shares.received(user: user)
        return .ok(.init(body: .json(.init(items: things.map(Components.Schemas.SharedThing.init)))))
    }

    func getShare(_ input: Operations.getShare.Input) async throws -> Operations.getShare.Output {
        let user = try authenticated().user
        let thing = try await services.shares.share(viewer: user, id: try pathID(input.path.shareId, "shareId"))
        return .ok(.init(body: .json(.init(thing))))
    }

    func withdrawShare(_ input: Operations.withdrawShare.Input) async throws -> Operations.withdrawShare.Output {
        let user = try authenticated().user
        try await services.shares.withdraw(user: user, id: try pathID(input.path.shareId, "shareId"))
        return .noContent(.init())
    }

    func reactToShare(_ input: Operations.reactToShare.Input) async throws -> Operations.reactToShare.Output {
        let user = try authenticated().user
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let thing = try await services.shares.react(
            user: user, id: try pathID(input.path.shareId, "shareId"), emoji: body.emoji)
        return .ok(.init(body: .json(.init(thing))))
    }

    func removeShareReaction(_ input: Operations.removeShareReaction.Input) async throws
        -> Operations.removeShareReaction.Output
    {
        let user = try authenticated().user
        _ = try await services.shares.react(user: user, id: try pathID(input.path.shareId, "shareId"), emoji: nil)
        return .noContent(.init())
    }

    func getSharedItem(_ input: Operations.getSharedItem.Input) async throws -> Operations.getSharedItem.Output {
        let user = try authenticated().user
        let shared = try await services.shares.sharedItem(viewer: user, id: try pathID(input.path.itemId, "itemId"))
        return .ok(.init(body: .json(.init(shared.item))))
    }

    func getSharedOutfit(_ input: Operations.getSharedOutfit.Input) async throws -> Operations.getSharedOutfit.Output {
        let user = try authenticated().user
        let shared = try await services.shares.sharedOutfit(
            viewer: user, id: try pathID(input.path.outfitId, "outfitId"))
        return .ok(.init(body: .json(.init(shared.outfit))))
    }
}

extension Components.Schemas.SharedThing {
    init(_ thing: SharedThing) {
        self.init(
            id: thing.share.id.apiString, kind: thing.share.kind == .item ? .item : .outfit,
            targetId: thing.share.targetID.apiString, name: thing.name, message: thing.share.message,
            photo: thing.photoID.map(Components.Schemas.JournalPhoto.init), createdAt: thing.share.createdAt,
            person: .init(FriendEntry(user: thing.person, since: thing.share.createdAt)), reaction: thing.share.reaction
        )
    }
}
