import DaybookCore
import DaybookStorage
import Foundation

/// Friends (seed 004 5.2.1.4, issue 15): a request by username, a yes or no from the other person,
/// removing a friend, blocking. Nobody becomes someone's friend without saying yes; a blocked user
/// can still "send" requests, which the one who blocked them never sees.
///
/// A request, and a yes to one, notify the other person (inbox, open pages, their devices).
public struct FriendService: Sendable {
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

    public func lists(user: User) async throws -> FriendLists {
        try await store.friends.lists(userID: user.id)
    }

    /// Sends a friend request to the user with this username (a leading `@` and case are
    /// ignored). An email address finds nobody: only what a profile shows (the username) does.
    ///
    /// - Throws: `ValidationError` on `username`: `required`, `unknown` (nobody has it), `invalid`
    ///   (it is the user's own), `blocked` (the user blocked them: unblock first).
    public func sendRequest(from user: User, username raw: String) async throws -> (FriendRequestOutcome, UserSummary) {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).drop(while: { $0 == "@" })
        guard !name.isEmpty else {
            throw ValidationError([FieldError(field: "username", code: "required", message: "Give their username.")])
        }
        guard let other = try await store.users.user(login: String(name)),
            other.username.lowercased() == name.lowercased()
        else {
            throw ValidationError([
                FieldError(field: "username", code: "unknown", message: "No one here has the username “\(name)”.")
            ])
        }
        guard other.id != user.id else {
            throw ValidationError([FieldError(field: "username", code: "invalid", message: "That is you.")])
        }
        if try await store.friends.hasBlocked(user.id, other.id) {
            throw ValidationError([
                FieldError(
                    field: "username", code: "blocked", message: "You blocked @\(other.username). Unblock them first.")
            ])
        }
        let outcome = try await store.friends.request(from: user.id, to: other.id, at: now().roundedToMicroseconds)
        switch outcome {
        case .requested:
            if try await !store.friends.hasBlocked(other.id, user.id) {
                _ = try await notifications.notify(
                    userID: other.id, kind: "friend_request",
                    text: "\(user.displayName) (@\(user.username)) would like to be your friend.", link: "/friends")
            }
        case .friends:
            _ = try await notifications.notify(
                userID: other.id, kind: "friend_accepted",
                text: "\(user.displayName) (@\(user.username)) and you are friends now.", link: "/friends")
        }
        return (outcome, UserSummary(other))
    }

    /// Says yes to `fromUserID`'s request. `NotFound` when there is none.
    public func accept(user: User, from fromUserID: UUID) async throws {
        guard try await store.friends.accept(from: fromUserID, to: user.id, at: now().roundedToMicroseconds) else {
            throw NotFound()
        }
        _ = try await notifications.notify(
            userID: fromUserID, kind: "friend_accepted",
            text: "\(user.displayName) (@\(user.username)) accepted your friend request.", link: "/friends")
    }

    /// Says no to a request the user received, or withdraws one they sent. `NotFound` when there
    /// is neither.
    public func deleteRequest(user: User, other otherID: UUID) async throws {
        let declined = try await store.friends.deleteRequest(from: otherID, to: user.id)
        let withdrawn = try await store.friends.deleteRequest(from: user.id, to: otherID)
        guard declined || withdrawn else { throw NotFound() }
    }

    public func unfriend(user: User, friend friendID: UUID) async throws {
        guard try await store.friends.unfriend(user.id, friendID) else { throw NotFound() }
    }

    /// Blocks a user by username (the friendship and every request between them end).
    public func block(user: User, username raw: String) async throws -> UserSummary {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).drop(while: { $0 == "@" })
        guard let other = try await store.users.user(login: String(name)),
            other.username.lowercased() == name.lowercased(), other.id != user.id
        else {
            throw ValidationError([
                FieldError(field: "username", code: "unknown", message: "No one here has the username “\(name)”.")
            ])
        }
        try await store.friends.block(user.id, blocked: other.id, at: now().roundedToMicroseconds)
        return UserSummary(other)
    }

    /// Blocks someone in one of the user's lists, by id.
    public func block(user: User, id: UUID) async throws {
        let lists = try await lists(user: user)
        let known = (lists.friends + lists.incoming + lists.outgoing).contains { $0.user.id == id }
        guard known else { throw NotFound() }
        try await store.friends.block(user.id, blocked: id, at: now().roundedToMicroseconds)
    }

    public func unblock(user: User, id: UUID) async throws {
        guard try await store.friends.unblock(user.id, blocked: id) else { throw NotFound() }
    }
}
