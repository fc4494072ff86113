import Foundation

/// Lifetimes and limits of accounts and sessions.
public struct AccountSettings: Sendable {
    /// "Keep me logged in": sliding, renewed on use.
    public var persistentSessionLifetime: TimeInterval = 30 * 24 * 3600
    /// A browser-session cookie: the browser drops it on close; the server forgets it after this
    /// long unused.
    public var browserSessionLifetime: TimeInterval = 24 * 3600
    /// Bearer tokens for API clients, sliding like persistent sessions.
    public var apiTokenLifetime: TimeInterval = 90 * 24 * 3600
    /// How often a session's last-seen time is written, at most: once a minute keeps reads cheap.
    public var touchInterval: TimeInterval = 60
    /// How long a session read from the database is trusted before it is read again
    /// (`SessionCache`): the longest another app server may take to refuse a session revoked on
    /// this one. Zero reads it on every request.
    public var sessionCacheLifetime: Duration = .milliseconds(500)
    /// Password attempts allowed per account and per address within `failureWindow`: logins, and
    /// the password asked for by a password change or an account deletion. A right password
    /// un-counts its attempt.
    public var maxLoginFailures = 10
    public var failureWindow: TimeInterval = 15 * 60
    /// Sign-ups allowed per address within `signupWindow` (`DAYBOOK_SIGNUP_LIMIT`); `.max` counts
    /// none (`AccountService.reserveAttempt`).
    public var maxSignupsPerAddress = 20
    public var signupWindow: TimeInterval = 3600

    public init() {}

    func lifetime(of kind: SessionKindAndPersistence) -> TimeInterval {
        switch kind {
        case .api: apiTokenLifetime
        case .web(persistent: true): persistentSessionLifetime
        case .web(persistent: false): browserSessionLifetime
        }
    }
}

enum SessionKindAndPersistence {
    case api
    case web(persistent: Bool)
}
