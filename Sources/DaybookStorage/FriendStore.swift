import DaybookCore
import Foundation

/// Friends, friend requests and blocks. Each side of a pair has its own row (`friend_links`: the
/// user, the other person, and `outgoing`, `incoming` or `friends`), so that every list of a user
/// is one indexed read of their own rows; a block is one row of the one who blocked. Every row
/// goes when either user is deleted.
public protocol FriendStore: Sendable {
    /// Records a request with a new id, or, when `to` had already asked `from`, makes them friends
    /// at once. A request to someone who blocked the sender is recorded (the sender sees it as
    /// sent) but the recipient never sees it. Asking an existing friend, or asking twice, changes
    /// nothing (and says so).
    func request(from: UUID, to: UUID, at: Date) async throws -> FriendRequestOutcome
    /// The pending request with this id, when the user is one of its two people (and, for a
    /// request received, can see it).
    func pendingRequest(id: UUID, userID: UUID) async throws -> PendingFriendRequest?
    /// Accepts `from`'s request to `to`: both become friends. False when there is no such request
    /// (or `to` blocked `from`).
    func accept(from: UUID, to: UUID, at: Date) async throws -> Bool
    /// Deletes the request from `from` to `to` (declined by `to`, or withdrawn by `from`).
    func deleteRequest(from: UUID, to: UUID) async throws -> Bool
    /// Ends a friendship, both sides. False when they were not friends.
    func unfriend(_ userID: UUID, _ friendID: UUID) async throws -> Bool
    /// Blocks: ends the friendship and every request between them, both ways.
    func block(_ userID: UUID, blocked: UUID, at: Date) async throws
    func unblock(_ userID: UUID, blocked: UUID) async throws -> Bool
    func areFriends(_ userID: UUID, _ otherID: UUID) async throws -> Bool
    /// Whether `userID` blocked `otherID`.
    func hasBlocked(_ userID: UUID, _ otherID: UUID) async throws -> Bool
    /// The four lists, each newest first; requests with their ids.
    func lists(userID: UUID) async throws -> FriendLists
}
