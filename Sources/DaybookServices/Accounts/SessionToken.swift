import Crypto
import DaybookCore

/// Session cookies and API tokens: 256 random bits, given to the client once; only their SHA-256
/// is stored, so a leaked database holds nothing that logs anyone in.
public enum SessionToken {
    /// 32 bytes from the system's secure generator, base64url without padding (43 characters).
    /// Four 64-bit draws: one draw per byte was 32 `getrandom` calls a token.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return bytes.base64URLString
    }

    /// Lower-case hex SHA-256 of the token, as stored. Hashed from the string's own bytes: every
    /// authenticated request hashes its token, and a `Data` copy of it was 0.2 % of a request.
    public static func hash(_ token: String) -> String {
        var token = token
        var hasher = SHA256()
        token.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        return hasher.finalize().hexString
    }

    /// The token a page's forms carry against cross-site requests: with a session, an HMAC of the
    /// browser's CSRF cookie keyed by its session token, so a form token is good only with the
    /// session it was made for (a sibling subdomain that plants a CSRF cookie and a matching form
    /// field cannot know it: the session cookie is HttpOnly and never leaves this origin's
    /// requests). Without a session (the log-in and sign-up forms), the cookie itself.
    public static func formToken(csrfCookie: String, session: String?) -> String {
        guard let session, looksValid(session) else { return csrfCookie }
        let mac = HMAC<SHA256>.authenticationCode(
            for: Array(csrfCookie.utf8), using: SymmetricKey(data: Array(session.utf8)))
        return Array(mac).base64URLString
    }

    /// Cheap shape check before touching the database: tokens are 43 base64url characters.
    public static func looksValid(_ token: String) -> Bool {
        token.utf8.count == 43
            && token.utf8.allSatisfy { c in
                (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 95
            }
    }
}
