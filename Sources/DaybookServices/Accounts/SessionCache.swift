import DaybookCore
import Foundation

/// The sessions this app server read from the database a moment ago, with their users, so that a
/// client's burst of requests costs one database read instead of one each. Authentication is on
/// every request; without this it was the only database work of `GET /me`.
///
/// How what it holds is kept true (`RecentReads`):
/// - **Time.** An entry is used for at most `lifetime` (half a second unless configured) after it
///   was read. A change made anywhere else (another app server, the `daybook` command) shows by
///   then: a session revoked on one server is refused by every server within that time.
/// - **Changes made by this server.** `AccountService` and `MediaService` make every change to
///   users and sessions, and call `forget(userID:)` after each, so this server sees its own
///   changes at once: a logout is refused on the next request, a new name shows on the next page.
/// - **Races.** A read that began before a `forget` is not kept, so a lookup that raced with a
///   logout cannot put the revoked session back.
///
/// Keys are token hashes, never tokens. Expiry (`Session.expiresAt`) is still checked on every
/// request by `AccountService.authenticate`, cached or not.
public final class SessionCache: Sendable {
    public typealias Entry = (session: Session, user: User)
    private let reads: RecentReads<String, Entry>

    public init(
        lifetime: Duration = .milliseconds(500), capacity: Int = 10_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        reads = RecentReads(lifetime: lifetime, capacity: capacity, now: now)
    }

    /// The entry for a token hash, if it was read less than `lifetime` ago.
    public func entry(tokenHash: String) -> Entry? { reads.value(for: tokenHash) }

    /// Take this before reading from the database, and hand it to `keep`.
    public var generation: UInt64 { reads.generation }

    /// Keeps what a read found, unless something was forgotten since the read began.
    public func keep(_ entry: Entry, tokenHash: String, readSince generation: UInt64) {
        reads.keep(entry, for: tokenHash, readSince: generation)
    }

    /// Drops the user's sessions: call after changing the user or any of their sessions.
    public func forget(userID: UUID) {
        reads.forget { _, entry in entry.user.id == userID }
    }
}
