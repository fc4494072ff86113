import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix

/// Password hashes: bcrypt over a fixed-length digest of the whole password, run on NIO's thread
/// pool so a hash (a quarter of a second at cost 12) never blocks an event loop.
///
/// bcrypt alone reads a password as a C string of at most 72 bytes: it stops at the first NUL and
/// ignores everything after byte 72, so "abc\u{0}xyz" and "abc" (or two long passwords that share
/// their first 72 bytes) would hash alike. The password is therefore first reduced to
/// HMAC-SHA-256 under a fixed key, in base64 (44 bytes, no NUL), and bcrypt hashes that. The key
/// only keeps these digests apart from plain SHA-256 lists ("shucking"); it is not a secret.
///
/// Stored forms: `bcrypt-sha256$` followed by the bcrypt string (current), or a bare bcrypt string
/// (accounts made before; `needsRehash` says so, and a successful login moves them on).
public struct PasswordHasher: Sendable {
    /// 12 in production. Tests lower it (through `DAYBOOK_BCRYPT_COST`) to stay fast.
    public let cost: Int
    /// A hash of a random password, made once: verified against when a login names no account, so
    /// that an unknown account costs exactly one bcrypt verification, like a known one.
    private let decoy: String

    static let prefix = "bcrypt-sha256$"
    private static let preHashKey = SymmetricKey(data: Data("Daybook password pre-hash, version 1".utf8))

    public init(cost: Int = 12) {
        self.cost = min(max(cost, 4), 31)
        self.decoy = Self.prefix + Bcrypt.hash(Self.preHash(SessionToken.generate()), cost: UInt8(self.cost))
    }

    public func hash(_ password: String) async throws -> String {
        let cost = UInt8(self.cost)
        let digest = Self.preHash(password)
        return try await NIOThreadPool.singleton.runIfActive { Self.prefix + Bcrypt.hash(digest, cost: cost) }
    }

    /// Compares the whole password, whatever its bytes.
    public func verify(_ password: String, hash: String) async throws -> Bool {
        if hash.hasPrefix(Self.prefix) {
            let digest = Self.preHash(password)
            let bcrypt = String(hash.dropFirst(Self.prefix.count))
            return try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(digest, hash: bcrypt) }
        }
        // An old bare-bcrypt hash: a NUL would be cut off, so a password with one cannot be the
        // one that was hashed in full. (Beyond 72 bytes nothing can be told apart until the next
        // successful login rehashes.)
        guard !password.utf8.contains(0) else { return false }
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// Whether a stored hash is of an older form or cost and should be replaced after a login.
    public func needsRehash(_ hash: String) -> Bool {
        guard hash.hasPrefix(Self.prefix) else { return true }
        // "$2b$12$…": the cost is the two digits after the second "$".
        let parts = hash.dropFirst(Self.prefix.count).split(separator: "$", omittingEmptySubsequences: true)
        return parts.count < 2 || Int(parts[1]) != cost
    }

    /// Verifies against the decoy hash, for a login that names no account.
    public func verifyDecoy(_ password: String) async throws {
        _ = try await verify(password, hash: decoy)
    }

    /// HMAC-SHA-256 of the password's UTF-8 bytes, base64: 44 printable bytes.
    static func preHash(_ password: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(password.utf8), using: preHashKey)).base64EncodedString()
    }
}
