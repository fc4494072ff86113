import Foundation

/// A person asked for more of something than one person may have or do (friend requests an hour,
/// push devices, test notifications, exports a day, imports waiting): answered 429 with
/// `Retry-After` by the API and as a message beside the form by pages. Each limit is decided in
/// its service, where the thing is made; this is only how it is said.
public struct LimitReached: Error, Sendable, Equatable {
    /// For people: what the limit is and what to do.
    public var message: String
    /// When trying again can succeed.
    public var retryAfterSeconds: Int

    public init(_ message: String, retryAfterSeconds: Int = 3_600) {
        self.message = message
        self.retryAfterSeconds = max(1, retryAfterSeconds)
    }
}
