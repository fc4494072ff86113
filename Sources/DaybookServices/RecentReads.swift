import Foundation
import Synchronization

/// Values read from the database a moment ago, by key: what `SessionCache` and `VocabularyCache`
/// are made of. Each says what it holds and who forgets it; the rules common to both are here:
/// - **Time.** A value is used for at most `lifetime` after it was read, so a change made where
///   no `forget` reaches (another app server, the `daybook` command) shows by then.
/// - **Races.** A read that began before a `forget` is not kept (`generation` moved on), so a
///   read that raced with a change cannot put the old value back.
final class RecentReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// How long a value is used after its read; zero keeps nothing.
    let lifetime: Duration
    /// Most values held; past it, old values go, then all (a server sees far fewer users in the
    /// lifetime of a value).
    let capacity: Int
    /// Monotonic time; tests move it by hand.
    let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State())

    private struct State: ~Copyable {
        var values: [Key: Stored] = [:]
        /// Moves on with every `forget`; a read keeps its answer only if it has not.
        var generation: UInt64 = 0
    }

    private struct Stored {
        var value: Value
        var readAt: ContinuousClock.Instant
    }

    init(lifetime: Duration, capacity: Int, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.now = now
    }

    /// The value for a key, if it was read less than `lifetime` ago.
    func value(for key: Key) -> Value? {
        let now = now()
        return state.withLock { state in
            guard let stored = state.values[key], now - stored.readAt < lifetime else { return nil }
            return stored.value
        }
    }

    /// Take this before reading from the database, and hand it to `keep`.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Keeps what a read found, unless something was forgotten since the read began.
    func keep(_ value: Value, for key: Key, readSince generation: UInt64) {
        guard lifetime > .zero else { return }
        let now = now()
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.values.count >= capacity, state.values[key] == nil {
                state.values = state.values.filter { now - $0.value.readAt < lifetime }
                if state.values.count >= capacity { state.values.removeAll(keepingCapacity: true) }
            }
            state.values[key] = Stored(value: value, readAt: now)
        }
    }

    /// Drops the values `matches` picks; call after changing what they were read from.
    func forget(where matches: (Key, Value) -> Bool) {
        state.withLock { state in
            state.generation &+= 1
            state.values = state.values.filter { !matches($0.key, $0.value.value) }
        }
    }
}
