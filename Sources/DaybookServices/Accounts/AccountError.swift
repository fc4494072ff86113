/// Why an account operation was refused, beyond a bad field (which is a `ValidationError`).
public enum AccountError: Error, Sendable, Equatable {
    /// Login failed. Deliberately does not say whether the email/username or the password was
    /// wrong: that would tell an attacker which accounts exist.
    case invalidCredentials
    /// Too many failed logins for this account or address; try again after this many seconds.
    case tooManyAttempts(retryAfterSeconds: Int)
    /// The password was right and two-factor sign-in is on: send a code with this challenge
    /// token (`AccountService.completeLogin`) within five minutes.
    case secondFactorRequired(challenge: String)
    /// The challenge token is unknown or its five minutes are up: log in again.
    case challengeExpired
}

/// The thing asked for does not exist, or belongs to someone else: both look the same.
public struct NotFound: Error, Sendable, Equatable {
    public init() {}
}
