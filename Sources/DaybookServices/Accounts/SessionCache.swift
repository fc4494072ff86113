import DaybookCore
import Foundation
import Synchronization

/// The sessions this app server read from the database a moment ago, with their users, so that a
/// client's burst of requests costs one database read instead of one each. Authentication is on
/// every request; without this it was the only database work of `GET /me`.
///
/// How what it holds is kept true:
/// - **Time.** An entry is used for at most `lifetime` (half a second unless configured) after it
///   was read. A change made anywhere else (another app server, the `daybook` command) shows by
///   then: a session revoked on one server is refused by every server within that time.
/// - **Changes made by this server.** `AccountService` and `MediaService` make every change to
///   users and sessions, and call `forget(userID:)` after each, so this server sees its own
///   changes at once: a logout is refused on the next request, a new name shows on the next page.
/// - **Races.** A read that began before a `forget` is not kept (`generation` moved on), so a
///   lookup that raced with a logout cannot put the revoked session back.
///
/// Keys are token hashes, never tokens. Expiry (`Session.expiresAt`) is still checked on every
/// request by `AccountService.authenticate`, cached or not.
public final class SessionCache: Sendable {
    public typealias Entry = (session: Session, user: User)

    /// How long an entry is used after its read; zero keeps nothing.
    public let lifetime: Duration
    /// Most entries held; past it, old entries go, then all (a server sees far fewer clients in
    /// half a second).
    let capacity: Int
    private let state = Mutex(State())
    /// Monotonic time; tests move it by hand.
    let now: @Sendable () -> ContinuousClock.Instant

    private struct State: ~Copyable {
        var entries: [String: Stored] = [:]
        /// Moves on with every `forget`; a read stores its answer only if it has not.
        var generation: UInt64 = 0
    }

    private struct Stored {
        var entry: Entry
        var readAt: ContinuousClock.Instant
    }

    public init(
        lifetime: Duration = .milliseconds(500), capacity: Int = 10_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.now = now
    }

    /// The entry for a token hash, if it was read less than `lifetime` ago.
    public func entry(tokenHash: String) -> Entry? {
        let now = now()
        return state.withLock { state in
            guard let stored = state.entries[tokenHash], now - stored.readAt < lifetime else { return nil }
            return stored.entry
        }
    }

    /// Take this before reading from the database, and hand it to `keep`.
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// Keeps what a read found, unless something was forgotten since the read began.
    public func keep(_ entry: Entry, tokenHash: String, readSince generation: UInt64) {
        guard lifetime > .zero else { return }
        let now = now()
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= capacity, state.entries[tokenHash] == nil {
                state.entries = state.entries.filter { now - $0.value.readAt < lifetime }
                if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            }
            state.entries[tokenHash] = Stored(entry: entry, readAt: now)
        }
    }

    /// Drops the user's sessions: call after changing the user or any of their sessions.
    public func forget(userID: UUID) {
        state.withLock { state in
            state.generation &+= 1
            state.entries = state.entries.filter { $0.value.entry.user.id != userID }
        }
    }
}
