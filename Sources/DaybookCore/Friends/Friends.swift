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
    /// The request's id, in the lists of requests received and sent (both people see the same id).
    public var requestID: UUID?

    public init(user: UserSummary, since: Date, requestID: UUID? = nil) {
        self.user = user
        self.since = since
        self.requestID = requestID
    }
}

/// A friend request still waiting for an answer, as one of its two people sees it.
public struct PendingFriendRequest: Sendable, Hashable {
    public enum Direction: String, Sendable, Hashable {
        /// The other person asked this user.
        case received
        /// This user asked the other person.
        case sent
    }

    public var id: UUID
    public var otherID: UUID
    public var direction: Direction

    public init(id: UUID, otherID: UUID, direction: Direction) {
        self.id = id
        self.otherID = otherID
        self.direction = direction
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
public enum FriendRequestOutcome: Sendable, Hashable {
    /// Waiting for the other person to say yes; the request's id.
    case requested(UUID)
    /// They had asked first: the request was their yes, and now both are friends.
    case friends
    /// Nothing: the user had already asked them.
    case alreadyRequested
    /// Nothing: they are friends already.
    case alreadyFriends
}
