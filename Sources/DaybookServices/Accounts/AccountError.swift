/// Why an account operation was refused, beyond a bad field (which is a `ValidationError`).
public enum AccountError: Error, Sendable, Equatable {
    /// Login failed. Deliberately does not say whether the email/username or the password was
    /// wrong: that would tell an attacker which accounts exist.
    case invalidCredentials
    /// Too many failed logins for this account or address; try again after this many seconds.
    case tooManyAttempts(retryAfterSeconds: Int)
}

/// The thing asked for does not exist, or belongs to someone else: both look the same.
public struct NotFound: Error, Sendable, Equatable {
    public init() {}
}
