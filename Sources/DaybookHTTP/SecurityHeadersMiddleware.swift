import HTTPTypes
import Hummingbird

/// Headers every response carries, error answers included. The Content-Security-Policy allows
/// nothing from another host and no inline script, so injected markup cannot run code. Over HTTPS
/// (as `ClientMiddleware`, which runs first, decided) browsers are told to use nothing else.
public struct SecurityHeadersMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext

    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            // Anything else would become a bare 500 from the server, without these headers.
            context.logger.error("Request failed", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            response = Response(
                status: .internalServerError, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "Something went wrong on our side. Please try again.\n")))
        }
        Self.apply(to: &response.headers, secure: context.isSecure)
        return response
    }

    public static func apply(to headers: inout HTTPFields, secure: Bool) {
        headers[.contentSecurityPolicy] = SecurityPolicy.content
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "same-origin"
        headers[.xFrameOptions] = "DENY"
        headers[.crossOriginOpenerPolicy] = "same-origin"
        headers[.permissionsPolicy] = "camera=(self), geolocation=(self), microphone=()"
        if secure {
            // A year, the usual minimum for browsers' preload lists; sub-domains are the
            // operator's to decide, so not included.
            headers[.strictTransportSecurity] = "max-age=31536000"
        }
        if !headers.contains(.cacheControl) {
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
    public static let strictTransportSecurity = Self("Strict-Transport-Security")!
}
