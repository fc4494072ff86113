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
