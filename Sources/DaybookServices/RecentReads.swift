import Foundation
import Synchronization

/// Values read from the database a moment ago, by key: what `SessionCache` and `VocabularyCache`
/// are made of. Each says what it holds and who forgets it; the rules common to both are here:
/// - **Time.** A value is used for at most `lifetime` after it was read, so a change made where
///   no `forget` reaches (another app server, the `daybook` command) shows by then.
/// - **Races.** A read that began before a `forget` is not kept (`generation` moved on), so a
///   read that raced with a change cannot put the old value back.
/// - **Bursts.** `value(for:orRead:)` reads a key once while requests for it keep arriving: when a
///   value expires under 64 requests at once, one reads it and the others wait for that read.
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
        /// The reads under way through `value(for:orRead:)`, which later requests for a key wait for.
        var reading: [Key: Task<Value, any Error>] = [:]
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

    /// The value for a key if it was read less than `lifetime` ago, else what `read` returns, kept.
    /// While one such read of a key is under way, other requests for the key wait for it instead
    /// of reading too. A `forget` takes reads under way off that list (they still answer whoever
    /// waits already), so a request made after a change never gets what was read before it.
    func value(for key: Key, orRead read: @escaping @Sendable () async throws -> Value) async throws -> Value {
        guard lifetime > .zero else { return try await read() }
        let now = now()
        let found = state.withLock { state -> Found in
            if let stored = state.values[key], now - stored.readAt < lifetime { return .fresh(stored.value) }
            if let task = state.reading[key] { return .underWay(task) }
            let task = Task { try await read() }
            state.reading[key] = task
            return .started(task, generation: state.generation)
        }
        switch found {
        case .fresh(let value):
            return value
        case .underWay(let task):
            return try await task.value
        case .started(let task, let generation):
            // This request started the read: it takes it off the list and keeps its answer.
            let result = await task.result
            state.withLock { state in
                if state.reading[key] == task { state.reading[key] = nil }
            }
            let value = try result.get()
            keep(value, for: key, readSince: generation)
            return value
        }
    }

    /// What `value(for:orRead:)` found under the lock.
    private enum Found {
        case fresh(Value)
        case underWay(Task<Value, any Error>)
        case started(Task<Value, any Error>, generation: UInt64)
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
            state.reading.removeAll()
            state.values = state.values.filter { !matches($0.key, $0.value.value) }
        }
    }
}
