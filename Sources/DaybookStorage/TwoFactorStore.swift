import DaybookCore
import Foundation

/// A user's authenticator secret (RFC 6238), enrolling or in force.
public struct TwoFactorSecret: Sendable, Equatable {
    public var userID: UUID
    /// Base32, as the authenticator app was given it.
    public var secret: String
    /// False while enrolling: the secret was shown but no code from it confirmed yet.
    public var enabled: Bool
    /// The last 30-second step a code was accepted for: a code is good once.
    public var lastStep: Int64
    public var createdAt: Date

    public init(userID: UUID, secret: String, enabled: Bool, lastStep: Int64 = 0, createdAt: Date) {
        self.userID = userID
        self.secret = secret
        self.enabled = enabled
        self.lastStep = lastStep
        self.createdAt = createdAt
    }
}

/// A log-in whose password was right, waiting for its second factor. The client holds a random
/// token; only its SHA-256 is stored, as for sessions.
public struct LoginChallenge: Sendable, Equatable {
    public var tokenHash: String
    public var userID: UUID
    /// What the session will be once the code is right.
    public var kind: SessionKind
    public var persistent: Bool
    public var expiresAt: Date

    public init(tokenHash: String, userID: UUID, kind: SessionKind, persistent: Bool, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.kind = kind
        self.persistent = persistent
        self.expiresAt = expiresAt
    }
}

/// Two-factor sign-in: secrets, one-time recovery codes (stored as SHA-256 hashes) and log-ins
/// waiting for their code. The "use once" operations are single conditional writes, so two app
/// servers cannot both accept the same code.
public protocol TwoFactorStore: Sendable {
    func secret(userID: UUID) async throws -> TwoFactorSecret?
    /// Starts (or restarts) enrolling with a new secret; refused by the caller when already on.
    func begin(_ secret: TwoFactorSecret) async throws
    /// Turns an enrolling secret on and replaces the recovery codes; false if there was none.
    func enable(userID: UUID, recoveryCodeHashes: [String]) async throws -> Bool
    /// Removes the secret and the recovery codes.
    func disable(userID: UUID) async throws
    /// Records a code's step as used, if it is later than the last one used; false otherwise.
    func useStep(userID: UUID, step: Int64) async throws -> Bool
    /// Replaces the recovery codes.
    func replaceRecoveryCodes(userID: UUID, hashes: [String]) async throws
    /// Uses up a recovery code; false if it is not one of the user's unused codes.
    func useRecoveryCode(userID: UUID, hash: String) async throws -> Bool
    func recoveryCodesLeft(userID: UUID) async throws -> Int
    /// The unused codes' hashes, sorted (to copy an account to another database).
    func recoveryCodeHashes(userID: UUID) async throws -> [String]

    func insertChallenge(_ challenge: LoginChallenge) async throws
    func challenge(tokenHash: String) async throws -> LoginChallenge?
    func deleteChallenge(tokenHash: String) async throws
    func deleteExpiredChallenges(before: Date) async throws
}
