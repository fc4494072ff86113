import Foundation
import Hummingbird

/// The cookies Daybook sets: all HttpOnly and SameSite=Lax, Secure when the request came over HTTPS.
public enum DaybookCookie {
    public static let session = "daybook_session"
    public static let csrf = "daybook_csrf"

    /// The login cookie. Persistent ("keep me logged in") ones carry a Max-Age, renewed as the
    /// session slides; others vanish when the browser closes.
    public static func session(token: String, persistent: Bool, expiresAt: Date, secure: Bool) -> Cookie {
        Cookie(
            name: session, value: token,
            maxAge: persistent ? max(0, Int(expiresAt.timeIntervalSinceNow)) : nil,
            path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    public static func clearSession(secure: Bool) -> Cookie {
        Cookie(name: session, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    public static func csrf(token: String, secure: Bool) -> Cookie {
        Cookie(name: csrf, value: token, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}
