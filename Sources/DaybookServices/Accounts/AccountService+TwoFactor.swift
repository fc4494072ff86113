import Crypto
import DaybookCore
import DaybookStorage
import Foundation

/// What enrolling shows: the secret as an app scans it (`address`, for the QR code) and as a
/// person types it.
public struct TwoFactorEnrolment: Sendable {
    public var secret: String
    public var address: String
}

/// Whether two-factor sign-in is on for a user, and how many recovery codes are left.
public struct TwoFactorStatus: Sendable, Equatable {
    public var enabled: Bool
    public var recoveryCodesLeft: Int

    public init(enabled: Bool, recoveryCodesLeft: Int) {
        self.enabled = enabled
        self.recoveryCodesLeft = recoveryCodesLeft
    }
}

/// Two-factor sign-in (seed 001 NFR6): an authenticator app's codes (TOTP), and ten one-time
/// recovery codes for a lost phone. Every code is counted against the account's password budget,
/// so a code cannot be guessed faster than a password.
extension AccountService {
    public static let recoveryCodeCount = 10
    /// How long a log-in whose password was right waits for its code.
    public static let challengeLifetime: TimeInterval = 5 * 60

    public func twoFactorStatus(userID: UUID) async throws -> TwoFactorStatus {
        let secret = try await store.twoFactor.secret(userID: userID)
        guard let secret, secret.enabled else { return TwoFactorStatus(enabled: false, recoveryCodesLeft: 0) }
        return TwoFactorStatus(
            enabled: true, recoveryCodesLeft: try await store.twoFactor.recoveryCodesLeft(userID: userID))
    }

    /// Makes a new secret to show; it takes effect only once a code from it is confirmed.
    public func beginTwoFactor(_ auth: Authenticated) async throws -> TwoFactorEnrolment {
        if try await store.twoFactor.secret(userID: auth.user.id)?.enabled == true {
            throw ValidationError([
                FieldError(field: "twoFactor", code: "already_on", message: "Two-factor sign-in is already on.")
            ])
        }
        let secret = TOTP.newSecret()
        try await store.twoFactor.begin(
            TwoFactorSecret(
                userID: auth.user.id, secret: secret, enabled: false, createdAt: now().roundedToMicroseconds))
        return TwoFactorEnrolment(secret: secret, address: TOTP.address(secret: secret, account: auth.user.username))
    }

    /// The enrolling secret again (a page reloaded before the code was typed).
    public func pendingTwoFactor(_ auth: Authenticated) async throws -> TwoFactorEnrolment? {
        guard let pending = try await store.twoFactor.secret(userID: auth.user.id), !pending.enabled else { return nil }
        return TwoFactorEnrolment(
            secret: pending.secret, address: TOTP.address(secret: pending.secret, account: auth.user.username))
    }

    /// Turns two-factor sign-in on with a code from the app, and answers the recovery codes: shown
    /// once, stored only as hashes.
    public func confirmTwoFactor(_ auth: Authenticated, code: String) async throws -> [String] {
        guard let pending = try await store.twoFactor.secret(userID: auth.user.id), !pending.enabled else {
            throw ValidationError([
                FieldError(
                    field: "code", code: "not_enrolling", message: "Start again: turn two-factor sign-in on first.")
            ])
        }
        let attempt = try await reserveAttempt(accountOnly: auth.user.id)
        let code = Self.digitsOnly(code)
        guard let step = TOTP.matchingStep(code, secret: pending.secret, at: now()) else {
            throw Self.wrongCode(code)
        }
        try await store.loginAttempts.release(attempt)
        let codes = Self.newRecoveryCodes()
        guard try await store.twoFactor.enable(userID: auth.user.id, recoveryCodeHashes: codes.map(Self.hash)) else {
            throw NotFound()
        }
        _ = try await store.twoFactor.useStep(userID: auth.user.id, step: step)
        return codes
    }

    /// Turns it off; needs the password, like every change that weakens the account.
    public func disableTwoFactor(_ auth: Authenticated, password: String) async throws {
        try await checkPassword(password, of: auth, field: "password")
        try await store.twoFactor.disable(userID: auth.user.id)
    }

    /// Ten new recovery codes in place of the old ones; needs the password.
    public func newRecoveryCodes(_ auth: Authenticated, password: String) async throws -> [String] {
        try await checkPassword(password, of: auth, field: "password")
        guard try await store.twoFactor.secret(userID: auth.user.id)?.enabled == true else { throw NotFound() }
        let codes = Self.newRecoveryCodes()
        try await store.twoFactor.replaceRecoveryCodes(userID: auth.user.id, hashes: codes.map(Self.hash))
        return codes
    }

    // MARK: Log-in, second step

    /// After a right password: remembers the log-in for a few minutes and answers the token the
    /// client sends back with the code.
    func challenge(_ user: User, kind: SessionKind, persistent: Bool) async throws -> String {
        let token = SessionToken.generate()
        try await store.twoFactor.insertChallenge(
            LoginChallenge(
                tokenHash: SessionToken.hash(token), userID: user.id, kind: kind, persistent: persistent,
                expiresAt: now().addingTimeInterval(Self.challengeLifetime)))
        return token
    }

    /// The second step: a code from the app (once only) or an unused recovery code. A wrong code
    /// keeps the challenge, so the person can try again within the account's budget.
    public func completeLogin(challenge token: String, code: String, client: ClientInfo) async throws -> IssuedSession {
        guard SessionToken.looksValid(token),
            let challenge = try await store.twoFactor.challenge(tokenHash: SessionToken.hash(token)),
            challenge.expiresAt > now(),
            let user = try await store.users.user(id: challenge.userID),
            let secret = try await store.twoFactor.secret(userID: user.id), secret.enabled
        else { throw AccountError.challengeExpired }
        let attempt = try await reserveAttempt(
            [accountKey(user.id, login: ""), "address:" + client.ipAddress], limit: settings.maxLoginFailures,
            window: settings.failureWindow)
        let digits = Self.digitsOnly(code)
        var accepted = false
        if let step = TOTP.matchingStep(digits, secret: secret.secret, at: now()) {
            // Once only: a code seen over someone's shoulder is spent.
            accepted = try await store.twoFactor.useStep(userID: user.id, step: step)
        } else if Self.normalizedRecoveryCode(code).count == 10 {
            accepted = try await store.twoFactor.useRecoveryCode(userID: user.id, hash: Self.hash(code))
        }
        guard accepted else { throw Self.wrongCode(code) }
        try await store.loginAttempts.release(attempt)
        try await store.loginAttempts.clear(key: accountKey(user.id, login: ""))
        try await store.twoFactor.deleteChallenge(tokenHash: challenge.tokenHash)
        return try await startSession(
            for: user, kind: challenge.kind, persistent: challenge.persistent, client: client)
    }

    // MARK: Codes

    private func reserveAttempt(accountOnly userID: UUID) async throws -> UUID {
        try await reserveAttempt(
            [accountKey(userID, login: "")], limit: settings.maxLoginFailures, window: settings.failureWindow)
    }

    static func wrongCode(_ code: String) -> ValidationError {
        let message =
            code.trimmingCharacters(in: .whitespaces).isEmpty
            ? "Enter the 6-digit code from your authenticator app, or a recovery code."
            : "That code is not right. Codes change every 30 seconds; use the newest one."
        return ValidationError([
            FieldError(field: "code", code: code.isEmpty ? "required" : "wrong_code", message: message)
        ])
    }

    /// "123 456" as apps show it is 123456.
    static func digitsOnly(_ code: String) -> String {
        code.filter { !$0.isWhitespace }
    }

    /// Letters and digits that cannot be mistaken for each other (no 0/o, 1/l/i).
    static let recoveryAlphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")

    /// Ten codes such as `k7m2p-xq9rt`: about 49 bits each.
    static func newRecoveryCodes() -> [String] {
        var generator = SystemRandomNumberGenerator()
        return (0..<recoveryCodeCount).map { _ in
            let characters = (0..<10).map { _ in recoveryAlphabet.randomElement(using: &generator)! }
            return String(characters[0..<5]) + "-" + String(characters[5...])
        }
    }

    /// Case, spaces and dashes ignored.
    static func normalizedRecoveryCode(_ code: String) -> String {
        code.lowercased().filter { $0 != "-" && !$0.isWhitespace }
    }

    static func hash(_ code: String) -> String {
        SessionToken.hash(normalizedRecoveryCode(code))
    }
}
