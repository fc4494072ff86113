import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Serves `GET /api/v1/events` (the contract's `streamEvents`) with a plain Hummingbird streaming
/// body, before the generated server sees the request. Same behaviour, half the memory per open
/// stream: 34 KB instead of 77 KB measured with 3,000 streams, which matters when every open app
/// holds one. The generated handler stays (the contract lists the operation) but is not reached.
struct EventStreamMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let services: Services

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard APIPath.opensEventStream(request.uri.path, method: request.method) else {
            return try await next(request, context)
        }
        guard let auth = context.auth else {
            throw APIProblem.unauthorized(tokenPresented: RequestScope.current?.tokenPresented ?? false)
        }
        let lastID = request.headers[HTTPField.Name("Last-Event-ID")!].flatMap { UUID(text: $0) }
        let events = NotificationEventStream(services: services, userID: auth.user.id, lastEventID: lastID)
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream", .cacheControl: "no-store",
                HTTPField.Name("X-Accel-Buffering")!: "no",
            ],
            body: ResponseBody { writer in try await events.write(to: &writer) })
    }
}
