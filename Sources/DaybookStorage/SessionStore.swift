import DaybookCore
import Foundation

/// Logged-in devices, found by the hash of their token. Lives in the database, not in a process,
/// so any app server can check any session.
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

/// Failed logins, counted per account and per address, shared by all app servers.
public protocol LoginAttemptStore: Sendable {
    func recordFailure(keys: [String], at: Date) async throws
    /// How many failures a key has since a moment, and when the oldest of them was.
    func failures(key: String, since: Date) async throws -> LoginFailures
    func clear(key: String) async throws
    func prune(before: Date) async throws
}

public struct LoginFailures: Sendable, Equatable {
    public var count: Int
    public var oldest: Date?

    public init(count: Int, oldest: Date?) {
        self.count = count
        self.oldest = oldest
    }
}
