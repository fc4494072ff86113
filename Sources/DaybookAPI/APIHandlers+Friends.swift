import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

/// Friends, friend requests and blocks.
extension APIHandlers {
    func listFriends(_ input: Operations.listFriends.Input) async throws -> Operations.listFriends.Output {
        let user = try authenticated().user
        let lists = try await services.friends.lists(user: user)
        return .ok(
            .init(
                body: .json(
                    .init(
                        friends: lists.friends.map(Components.Schemas.Friend.init),
                        incoming: lists.incoming.map(Components.Schemas.Friend.init),
                        outgoing: lists.outgoing.map(Components.Schemas.Friend.init),
                        blocked: lists.blocked.map(Components.Schemas.Friend.init)))))
    }

    func sendFriendRequest(_ input: Operations.sendFriendRequest.Input) async throws
        -> Operations.sendFriendRequest.Output
    {
        let user = try authenticated().user
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let (outcome, other) = try await services.friends.sendRequest(from: user, username: body.username)
        return .created(
            .init(
                body: .json(
                    .init(
                        status: outcome == .friends ? .friends : .requested,
                        user: .init(FriendEntry(user: other, since: Date()))))))
    }

    func acceptFriendRequest(_ input: Operations.acceptFriendRequest.Input) async throws
        -> Operations.acceptFriendRequest.Output
    {
        let user = try authenticated().user
        try await services.friends.accept(user: user, from: try pathID(input.path.userId, "userId"))
        return .noContent(.init())
    }

    func deleteFriendRequest(_ input: Operations.deleteFriendRequest.Input) async throws
        -> Operations.deleteFriendRequest.Output
    {
        let user = try authenticated().user
        try await services.friends.deleteRequest(user: user, other: try pathID(input.path.userId, "userId"))
        return .noContent(.init())
    }

    func removeFriend(_ input: Operations.removeFriend.Input) async throws -> Operations.removeFriend.Output {
        let user = try authenticated().user
        try await services.friends.unfriend(user: user, friend: try pathID(input.path.userId, "userId"))
        return .noContent(.init())
    }

    func blockUser(_ input: Operations.blockUser.Input) async throws -> Operations.blockUser.Output {
        let user = try authenticated().user
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let blocked = try await services.friends.block(user: user, username: body.username)
        return .created(.init(body: .json(.init(FriendEntry(user: blocked, since: Date())))))
    }

    func unblockUser(_ input: Operations.unblockUser.Input) async throws -> Operations.unblockUser.Output {
        let user = try authenticated().user
        try await services.friends.unblock(user: user, id: try pathID(input.path.userId, "userId"))
        return .noContent(.init())
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
        let outfits = ids.parse(body.outfitIds ?? [], field: "outfitIds")
        let friends = ids.parse(body.friendIds, field: "friendIds")
        try ids.errors.throwIfAny()
        _ = try await services.shares.share(
            user: user, itemIDs: items, outfitIDs: outfits, friendIDs: friends, message: body.message ?? "")
        let sent = try await services.shares.sent(user: user)
        return .created(.init(body: .json(.init(items: sent.map(Components.Schemas.SharedThing.init)))))
    }

    func listSharesReceived(_ input: Operations.listSharesReceived.Input) async throws
        -> Operations.listSharesReceived.Output
    {
        let user = try authenticated().user
        let things = try await services.shares.received(user: user)
        return .ok(.init(body: .json(.init(items: things.map(Components.Schemas.SharedThing.init)))))
    }

    func listSharesSent(_ input: Operations.listSharesSent.Input) async throws -> Operations.listSharesSent.Output {
        let user = try authenticated().user
        let things = try await services.shares.sent(user: user)
        return .ok(.init(body: .json(.init(items: things.map(Components.Schemas.SharedThing.init)))))
    }

    func withdrawShare(_ input: Operations.withdrawShare.Input) async throws -> Operations.withdrawShare.Output {
        let user = try authenticated().user
        try await services.shares.withdraw(user: user, id: try pathID(input.path.shareId, "shareId"))
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
            person: .init(FriendEntry(user: thing.person, since: thing.share.createdAt)))
    }
}
