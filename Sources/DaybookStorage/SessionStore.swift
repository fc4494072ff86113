import DaybookCore
import Foundation

/// Logged-in devices, found by the hash of their token. Lives in the database, not in a process,
/// so any app server can check any session. Each server trusts a session it read for half a
/// second (`SessionCache`); `AccountService` forgets it there when it changes one here.
public protocol SessionStore: Sendable {
    func insert(_ session: Session) async throws
    /// The session with this token hash, expired or not (the caller decides).
    func session(tokenHash: String) async throws -> Session?
    /// Slides the expiry of an active session.
    func touch(id: UUID, lastSeenAt: Date, expiresAt: Date) async throws
    /// Most recently used first.
    func sessions(userID: UUID) async throws -> [Session]
    @discardableResult func delete(id: UUID, userID: UUID) async throws -> Bool
    /// Revokes every session of a user but one (nil: all).
    func deleteAll(userID: UUID, except: UUID?) async throws
    @discardableResult func deleteExpired(before: Date) async throws -> Int
}

/// Password attempts (log-ins, password changes, account deletions), counted per key (an account,
/// an address) and shared by all app servers.
///
/// An attempt is counted *before* its password is checked: `reserve` refuses once a key has
/// `limit` attempts in the window, and does so atomically, so guesses sent all at once cannot all
/// slip past the count. A correct password `release`s its attempt; a wrong one leaves it counted.
public protocol LoginAttemptStore: Sendable {
    /// Counts one attempt against every key, unless some key already has `limit` attempts since
    /// `since`. Atomic against concurrent reservations on any app server.
    func reserve(keys: [String], limit: Int, since: Date, at: Date) async throws -> AttemptReservation
    /// Un-counts a granted attempt (its password was right).
    func release(_ attempt: UUID) async throws
    /// How many attempts a key has since a moment, and when the oldest of them was.
    func failures(key: String, since: Date) async throws -> LoginFailures
    func clear(key: String) async throws
    func prune(before: Date) async throws
}

/// What `LoginAttemptStore.reserve` decided.
public enum AttemptReservation: Sendable, Equatable {
    /// Counted; release it by this id if the password turns out right.
    case granted(UUID)
    /// A key is at its limit; its oldest attempt in the window was then.
    case refused(oldest: Date)
}

public struct LoginFailures: Sendable, Equatable {
    public var count: Int
    public var oldest: Date?

    public init(count: Int, oldest: Date?) {
        self.count = count
        self.oldest = oldest
    }
}
