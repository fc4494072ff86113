import Foundation

/// The first answer to a create sent with an `Idempotency-Key` (issue 19): a client that sends
/// again (an offline queue retrying after a lost answer) gets it back instead of a second record.
public struct IdempotentResponse: Sendable, Hashable {
    public var status: Int
    public var contentType: String?
    public var location: String?
    public var body: Data

    public init(status: Int, contentType: String?, location: String?, body: Data) {
        self.status = status
        self.contentType = contentType
        self.location = location
        self.body = body
    }
}

/// What a key already holds when a request claims it.
public enum IdempotencyClaim: Sendable, Hashable {
    /// The key was free and is now this request's: run it, then `complete` or `release`.
    case claimed
    /// Another request with this key is running now.
    case inProgress(requestHash: String)
    /// A request with this key has been answered.
    case answered(requestHash: String, IdempotentResponse)
}

/// Keys are per user: two users' equal keys never meet.
public protocol IdempotencyStore: Sendable {
    /// Claims `key` for a request (its method, path and body hashed as `requestHash`), or says what
    /// holds it already. Atomic: of two requests claiming at once, one gets `.claimed`.
    func claim(userID: UUID, key: String, requestHash: String, at: Date) async throws -> IdempotencyClaim
    /// Keeps the answer of the request that claimed `key`.
    func complete(userID: UUID, key: String, response: IdempotentResponse) async throws
    /// Frees `key` after its request failed, so a retry runs again.
    func release(userID: UUID, key: String) async throws
    /// Forgets keys claimed before `before` (a day after, by the maintenance job).
    func deleteExpired(before: Date) async throws
}
