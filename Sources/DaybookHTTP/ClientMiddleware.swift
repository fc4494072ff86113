import DaybookServices
import Hummingbird

/// Fills in the request's client address, scheme and device name before anything else runs.
public struct ClientMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext
    let resolver: ClientResolver

    public init(resolver: ClientResolver) {
        self.resolver = resolver
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let (address, secure) = resolver.resolve(remote: context.remoteAddress, headers: request.headers)
        context.client = ClientInfo(
            ipAddress: address, deviceName: DeviceName.from(userAgent: request.headers.firstValue(.userAgent)))
        context.isSecure = secure
        return try await next(request, context)
    }
}
