import Synchronization

/// Lets at most `limit` tasks through at once; the rest wait in order (FIFO). A waiting task that
/// is cancelled leaves the queue and throws `CancellationError`.
public final class AsyncSemaphore: Sendable {
    private struct Waiter {
        var id: UInt64
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>
    public let limit: Int

    public init(limit: Int) {
        precondition(limit > 0, "a semaphore needs at least one permit")
        self.limit = limit
        state = Mutex(State(available: limit))
    }

    /// Tasks currently waiting for a permit.
    public var waiting: Int { state.withLock { $0.waiters.count } }
    /// Tasks currently holding a permit.
    public var running: Int { state.withLock { limit - $0.available } }

    /// Waits for a permit; pair with `signal()`. Prefer `withPermit`.
    public func wait() async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case go, cancelled, queued }
                let outcome: Outcome = state.withLock { state in
                    if Task.isCancelled { return .cancelled }
                    if state.available > 0 {
                        state.available -= 1
                        return .go
                    }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return .queued
                }
                switch outcome {
                case .go: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .queued: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns a permit, handing it to the longest waiter if there is one.
    public func signal() {
        let next = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.available = min(state.available + 1, limit)
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.continuation.resume()
    }

    /// Runs `body` holding a permit.
    public func withPermit<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await wait()
        defer { signal() }
        return try await body()
    }
}
