import Crypto
import DaybookCore
import DaybookStorage
import Foundation

/// Runs a create once per key (issue 19). A client that cannot tell whether its request arrived
/// (an offline outbox sending again after a lost answer) sends the same key, and gets the first
/// answer instead of a second record. The API takes the key from the `Idempotency-Key` header
/// (`IdempotentCreates`), pages from a form's `idempotencyKey` field (`Web.once`); both come here,
/// so the rules are the same: keys belong to the user who sent them, the same key with another
/// request is `reused`, a repeat while the first runs is `inProgress`, a request that failed frees
/// its key so that a corrected retry runs. Kept a day (`AccountService.cleanUp`).
public struct IdempotencyService: Sendable {
    let store: any IdempotencyStore
    let now: @Sendable () -> Date

    public init(store: any IdempotencyStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    public enum Outcome<Value: Sendable>: Sendable {
        /// The key was new: the request ran and this is its answer.
        case ran(Value)
        /// The same request was answered before: its first answer.
        case replayed(IdempotentResponse)
        /// The key was used for another request.
        case reused
        /// The first request with this key is still running.
        case inProgress
    }

    /// 1 to 255 visible ASCII characters (a UUID, say).
    public static func isValidKey(_ key: String) -> Bool {
        (1...255).contains(key.utf8.count) && key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// Runs `run` unless `key` has been used: `request` is what makes two requests the same (the
    /// caller's canonical form of route and body). `run` gives its answer and what to keep for a
    /// repeat, or nil when the request failed and the key is to be freed.
    public func once<Value: Sendable>(
        userID: UUID, key: String, request: Data,
        run: () async throws -> (answer: Value, keep: IdempotentResponse?)
    ) async throws -> Outcome<Value> {
        let hash = SHA256.hash(data: request).hexString
        switch try await store.claim(userID: userID, key: key, requestHash: hash, at: now()) {
        case .answered(let firstHash, let first):
            return firstHash == hash ? .replayed(first) : .reused
        case .inProgress(let firstHash):
            return firstHash == hash ? .inProgress : .reused
        case .claimed:
            do {
                let (answer, keep) = try await run()
                if let keep {
                    try await store.complete(userID: userID, key: key, response: keep)
                } else {
                    try await store.release(userID: userID, key: key)
                }
                return .ran(answer)
            } catch {
                try? await store.release(userID: userID, key: key)
                throw error
            }
        }
    }
}
