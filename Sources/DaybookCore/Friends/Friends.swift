import Foundation

/// Another user as a friend list shows them: what their public profile already shows, nothing
/// more (no email, no time zone).
public struct UserSummary: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var username: String
    public var displayName: String
    public var avatarMediaID: UUID?

    public init(id: UUID, username: String, displayName: String, avatarMediaID: UUID?) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.avatarMediaID = avatarMediaID
    }

    public init(_ user: User) {
        self.init(
            id: user.id, username: user.username, displayName: user.displayName, avatarMediaID: user.avatarMediaID)
    }
}

/// Someone in one of the user's lists (friends, requests received, requests sent, blocked), and
/// since when.
public struct FriendEntry: Sendable, Hashable {
    public var user: UserSummary
    public var since: Date

    public init(user: UserSummary, since: Date) {
        self.user = user
        self.since = since
    }
}

/// The user's people (seed 004 5.2.1.4): friends, and the requests and blocks on the way there.
public struct FriendLists: Sendable, Hashable {
    public var friends: [FriendEntry]
    /// Requests others sent the user, waiting for a yes or no; from people they blocked, none.
    public var incoming: [FriendEntry]
    /// Requests the user sent, not yet answered.
    public var outgoing: [FriendEntry]
    public var blocked: [FriendEntry]

    public init(friends: [FriendEntry], incoming: [FriendEntry], outgoing: [FriendEntry], blocked: [FriendEntry]) {
        self.friends = friends
        self.incoming = incoming
        self.outgoing = outgoing
        self.blocked = blocked
    }
}

/// What sending a friend request did.
public enum FriendRequestOutcome: String, Sendable, Hashable, Codable {
    /// Waiting for the other person to say yes.
    case requested
    /// They had asked first: the request was their yes, and now both are friends.
    case friends
}
