import HTTPTypes
import Hummingbird

/// Headers every response carries. The Content-Security-Policy allows nothing from another host
/// and no inline script, so injected markup cannot run code.
public struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            var response = try await next(request, context)
            Self.apply(to: &response.headers)
            return response
        } catch let error as any HTTPResponseError {
            var response = try error.response(from: request, context: context)
            Self.apply(to: &response.headers)
            return response
        }
    }

    public static func apply(to headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = SecurityPolicy.content
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "same-origin"
        headers[.xFrameOptions] = "DENY"
        headers[.crossOriginOpenerPolicy] = "same-origin"
        headers[.permissionsPolicy] = "camera=(self), geolocation=(self), microphone=()"
        if headers[.cacheControl] == nil {
            // Pages and API answers are private to the person logged in.
            headers[.cacheControl] = "no-store"
        }
    }
}

/// The Content-Security-Policy, built once: it is the same on every response.
enum SecurityPolicy {
    static let content = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
        "font-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri 'none'",
        "form-action 'self'", "frame-ancestors 'none'", "manifest-src 'self'",
    ].joined(separator: "; ")
}

extension HTTPField.Name {
    public static let xFrameOptions = Self("X-Frame-Options")!
    public static let referrerPolicy = Self("Referrer-Policy")!
    public static let permissionsPolicy = Self("Permissions-Policy")!
    public static let crossOriginOpenerPolicy = Self("Cross-Origin-Opener-Policy")!
}
