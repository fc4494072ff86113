import Foundation

/// How a session was started: a browser cookie or an API bearer token.
public enum SessionKind: String, Sendable, Codable, CaseIterable {
    case web
    case api
}

/// A logged-in device. Only the SHA-256 of its token is stored, so a copy of the database does not
/// let anyone log in.
public struct Session: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var userID: UUID
    /// Lower-case hex SHA-256 of the random token the client holds.
    public var tokenHash: String
    public var kind: SessionKind
    /// "Keep me logged in": a cookie that outlives the browser, with a sliding 30-day expiry.
    public var persistent: Bool
    /// A short description of the device, from its User-Agent or the API client's own name.
    public var deviceName: String
    public var ipAddress: String
    public var createdAt: Date
    public var lastSeenAt: Date
    public var expiresAt: Date

    public init(
        id: UUID = .timeOrdered(), userID: UUID, tokenHash: String, kind: SessionKind, persistent: Bool,
        deviceName: String, ipAddress: String, createdAt: Date, lastSeenAt: Date, expiresAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.tokenHash = tokenHash
        self.kind = kind
        self.persistent = persistent
        self.deviceName = deviceName
        self.ipAddress = ipAddress
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
    }
}
