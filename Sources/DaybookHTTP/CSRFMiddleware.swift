import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

/// Cross-site request forgery protection for pages: each browser gets a random token in an
/// HttpOnly cookie, every page form carries it in a hidden `csrf` field (or JS sends it as
/// `X-CSRF-Token`), and a state-changing request whose token does not match is refused. API calls
/// authenticate with a bearer token, which a foreign site cannot make a browser send, so `/api/`
/// needs none; nor do photo files (`/media/`, read-only, never a form): an app fetching
/// thumbnails with its bearer token was given a new cookie with every image.
public struct CSRFMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext

    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if APIPath.contains(path) || MediaPath.contains(path) { return try await next(request, context) }
        var context = context
        var request = request
        let existing = request.cookies[DaybookCookie.csrf]?.value ?? ""
        let isNew = !SessionToken.looksValid(existing)
        let cookie = isNew ? SessionToken.generate() : existing
        // Bound to the session (see `SessionToken.formToken`): a planted cookie and field pair is
        // worth nothing without the victim's session token.
        context.csrfToken = SessionToken.formToken(
            csrfCookie: cookie, session: request.cookies[DaybookCookie.session]?.value)

        switch request.method {
        case .get, .head, .options:
            break
        default:
            let sent = try await Self.sentToken(&request, context: context)
            guard !isNew, let sent, ConstantTime.equal(sent, context.csrfToken) else {
                throw HTTPError(.forbidden, message: "This form has expired. Go back, reload the page and try again.")
            }
        }
        var response = try await next(request, context)
        if isNew { response.setCookie(DaybookCookie.csrf(token: cookie, secure: context.isSecure)) }
        return response
    }

    /// The token from the `X-CSRF-Token` header, or from the `csrf` field of a url-encoded form
    /// (the body is collected and stays readable for the handler).
    static func sentToken(_ request: inout Request, context: Context) async throws -> String? {
        if let header = request.headers[.xCSRFToken] { return header }
        guard request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true else { return nil }
        let body = try await request.collectBody(upTo: 1_048_576)
        return URLEncoded.pairs(String(buffer: body)).first { $0.name == "csrf" }?.value
    }
}
