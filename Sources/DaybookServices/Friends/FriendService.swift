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
    /// When they had asked first, this is the yes, and both are friends at once.
    ///
    /// - Throws: `ValidationError` on `username`: `required`, `unknown` (nobody has it), `invalid`
    ///   (it is the user's own), `blocked` (the user blocked them: unblock first), `duplicate`
    ///   (asked already), `already_friends`.
    public func sendRequest(from user: User, username raw: String) async throws -> (FriendRequestOutcome, UserSummary) {
        let other = try await person(username: raw)
        guard other.id != user.id else {
            throw ValidationError([FieldError(field: "username", code: "invalid", message: "That is you.")])
        }
        try await countRequest(from: user, to: other)
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
        case .alreadyRequested:
            throw ValidationError([
                FieldError(
                    field: "username", code: "duplicate",
                    message: "You already asked @\(other.username); they have not answered yet.")
            ])
        case .alreadyFriends:
            throw ValidationError([
                FieldError(
                    field: "username", code: "already_friends", message: "@\(other.username) is your friend already.")
            ])
        }
        return (outcome, UserSummary(other))
    }

    /// Friend requests one person may send in `requestWindow`, and to any one person (each
    /// notifies and pushes: cancelling and asking again in a loop must not flood anybody).
    static let requestsPerWindow = 20
    static let requestsToOnePerWindow = 3
    static let requestWindow: TimeInterval = 3_600

    /// Counts a request against the sender's budgets (on the attempts store every app server
    /// shares); `LimitReached` when one is spent.
    private func countRequest(from user: User, to other: User) async throws {
        let sender = "friend-requests:" + user.id.lowercasedString
        try await reserve(
            sender, limit: Self.requestsPerWindow,
            "You have sent \(Self.requestsPerWindow) friend requests in the last hour, the most in an hour: try again later.")
        try await reserve(
            sender + ":" + other.id.lowercasedString, limit: Self.requestsToOnePerWindow,
            "You have asked @\(other.username) several times in the last hour: wait for them to answer.")
    }

    private func reserve(_ key: String, limit: Int, _ message: String) async throws {
        let time = now()
        let reservation = try await store.loginAttempts.reserve(
            keys: [key], limit: limit, since: time.addingTimeInterval(-Self.requestWindow), at: time)
        if case .refused(let oldest) = reservation {
            let wait = oldest.addingTimeInterval(Self.requestWindow).timeIntervalSince(time)
            throw LimitReached(message, retryAfterSeconds: Int(max(1, wait.rounded(.up))))
        }
    }

    /// Says yes to a request the user received. `NotFound` when there is none with this id.
    public func accept(user: User, requestID: UUID) async throws {
        let other = try await pending(requestID, of: user, .received)
        guard try await store.friends.accept(from: other, to: user.id, at: now().roundedToMicroseconds) else {
            throw NotFound()
        }
        _ = try await notifications.notify(
            userID: other, kind: "friend_accepted",
            text: "\(user.displayName) (@\(user.username)) accepted your friend request.", link: "/friends")
    }

    /// Says no to a request the user received (the sender is not told). `NotFound` when there is
    /// none with this id.
    public func decline(user: User, requestID: UUID) async throws {
        let other = try await pending(requestID, of: user, .received)
        guard try await store.friends.deleteRequest(from: other, to: user.id) else { throw NotFound() }
    }

    /// Takes back a request the user sent. `NotFound` when there is none with this id.
    public func cancel(user: User, requestID: UUID) async throws {
        let other = try await pending(requestID, of: user, .sent)
        guard try await store.friends.deleteRequest(from: user.id, to: other) else { throw NotFound() }
    }

    /// The other person of the user's pending request in that direction; `NotFound` otherwise.
    private func pending(_ id: UUID, of user: User, _ direction: PendingFriendRequest.Direction) async throws -> UUID {
        guard let request = try await store.friends.pendingRequest(id: id, userID: user.id),
            request.direction == direction
        else { throw NotFound() }
        return request.otherID
    }

    /// Ends the friendship with the friend of this username (and every share between them).
    /// `NotFound` when they are not friends.
    public func unfriend(user: User, username: String) async throws {
        guard let friend = try await store.users.user(username: username),
            try await store.friends.unfriend(user.id, friend.id)
        else { throw NotFound() }
    }

    /// Blocks a user by username: the friendship, every request and every share between them end,
    /// and they can no longer reach the user.
    public func block(user: User, username raw: String) async throws -> UserSummary {
        let other = try await person(username: raw)
        guard other.id != user.id else {
            throw ValidationError([FieldError(field: "username", code: "invalid", message: "That is you.")])
        }
        try await store.friends.block(user.id, blocked: other.id, at: now().roundedToMicroseconds)
        return UserSummary(other)
    }

    /// `NotFound` when the user did not block anyone of this username.
    public func unblock(user: User, username: String) async throws {
        guard let other = try await store.users.user(username: username),
            try await store.friends.unblock(user.id, blocked: other.id)
        else { throw NotFound() }
    }

    /// The user with this username (a leading `@` and case ignored).
    ///
    /// - Throws: `ValidationError` on `username` (`required`, `unknown`).
    private func person(username raw: String) async throws -> User {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).drop(while: { $0 == "@" })
        guard !name.isEmpty else {
            throw ValidationError([FieldError(field: "username", code: "required", message: "Give their username.")])
        }
        guard let other = try await store.users.user(username: String(name)) else {
            throw ValidationError([
                FieldError(field: "username", code: "unknown", message: "No one here has the username “\(name)”.")
            ])
        }
        return other
    }
}
