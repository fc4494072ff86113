import DaybookServices
import HTTPTypes
import Hummingbird

/// Finds who is logged in, and makes it available to pages through the context and to API
/// handlers through `RequestScope`. It never refuses a request itself: each route decides whether
/// it needs a user.
///
/// How a client authenticates is decided here, and only here:
/// - **API requests (`/api/…`) authenticate by bearer token only.** The API takes no CSRF token
///   (`CSRFMiddleware` skips it), so a browser's session cookie must not be enough there. One
///   exception, `GET /api/v1/events` (`APIPath.takesSessionCookie`): the browser's `EventSource`
///   cannot send a header, and a GET that only streams the user's own notifications changes
///   nothing a forged request could abuse (and a foreign page cannot read the stream).
/// - Pages and photos take a bearer token (native apps) or the session cookie (browsers).
/// Which requests are API requests. One definition for the three places that must agree: the API
/// middleware handles these paths, CSRF protection skips them, and so authentication must not take
/// a browser's cookie for them.
public enum APIPath {
    public static func contains(_ path: String) -> Bool { path.hasPrefix("/api/") || path == "/api" }

    /// The live notification stream (`EventStreamMiddleware`).
    public static let events = "/api/v1/events"

    /// Whether a request opens the live notification stream: answered by `EventStreamMiddleware`,
    /// run apart by `LongLivedResponses`, and the one API request a cookie authenticates.
    public static func opensEventStream(_ path: String, method: HTTPRequest.Method) -> Bool {
        method == .get && path == events
    }

    /// The one API request a browser's session cookie authenticates.
    public static func takesSessionCookie(_ path: String, method: HTTPRequest.Method) -> Bool {
        opensEventStream(path, method: method)
    }
}

public struct AuthenticationMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext
    let accounts: AccountService

    public init(accounts: AccountService) {
        self.accounts = accounts
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        var refreshCookie = false
        let bearer = Self.bearerToken(request.headers)
        if let bearer {
            context.auth = try await accounts.authenticate(token: bearer)
        } else if !APIPath.contains(request.uri.path)
            || APIPath.takesSessionCookie(request.uri.path, method: request.method),
            let token = request.cookies[DaybookCookie.session]?.value, !token.isEmpty
        {
            context.auth = try await accounts.authenticate(token: token)
            refreshCookie = context.auth == nil
        }
        let scope = RequestScope(
            auth: context.auth, client: context.client, isSecure: context.isSecure, tokenPresented: bearer != nil)
        var response = try await RequestScope.$current.withValue(scope) {
            try await next(request, context)
        }
        if refreshCookie, !response.headers.contains(.setCookie) {
            // The browser holds a session that has ended: drop the stale cookie.
            response.setCookie(DaybookCookie.clearSession(secure: context.isSecure))
        }
        return response
    }

    /// The token of `Authorization: Bearer <token>` (the scheme in any case, RFC 9110 § 11.1),
    /// spaces and tabs around it dropped; nil for any other header or none, "" for two. Read as
    /// bytes: this runs on every request, and Foundation's trimming was 5 % of `GET /me`.
    public static func bearerToken(_ headers: HTTPFields) -> String? {
        // One field, read as it is (`headers[.authorization]` joins every field's value first).
        var fields = headers.lazy.filter { $0.name == .authorization }.makeIterator()
        guard let value = fields.next()?.value else { return nil }
        guard fields.next() == nil else { return "" }  // two: a token was sent, but which one?
        let bytes = value.utf8
        var index = bytes.startIndex
        for letter in "bearer ".utf8 {
            guard index != bytes.endIndex else { return nil }
            // ASCII letters compare ignoring case; the space must be a space.
            let byte = letter == UInt8(ascii: " ") ? bytes[index] : bytes[index] | 0x20
            guard byte == letter else { return nil }
            index = bytes.index(after: index)
        }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let rest = bytes[index...]
        guard let first = rest.firstIndex(where: { !isBlank($0) }), let last = rest.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(Substring(bytes[first...last]))
    }
}
