import Hummingbird

/// Answers a request whose response lives long (the notification stream) in a task of its own, so
/// that the connection keeps only the memory the streaming itself needs.
///
/// A task's async frames come from its own stack allocator, which keeps every slab it grew to
/// until the task ends. Every request of a connection runs in that connection's task, so after
/// the router and the middleware chain (authentication, the API checks, the logging) a connection
/// held about 50 KB of frames for as long as it was open, which is what an open notification
/// stream cost. Run in a task of its own instead, those frames go when the response has been made,
/// before its body starts streaming. It wraps the router's responder, so that the router's own
/// frames go too (as a middleware, the first one, it left the router's and its own: ~5 KB a
/// stream). Other requests pass straight through: a task per request is a thread hop, and
/// their connections are short-lived or reused for more requests of the same depth anyway.
public struct LongLivedResponses<Base: HTTPResponder>: HTTPResponder where Base.Context == AppRequestContext {
    public typealias Context = AppRequestContext
    let base: Base

    public init(_ base: Base) {
        self.base = base
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        guard APIPath.opensEventStream(request.uri.path, method: request.method) else {
            return try await base.respond(to: request, context: context)
        }
        // A task of its own: its frames are its own, and go when it ends. (Not `async let`: a
        // child task is allocated in this task's stack allocator, which keeps the 2 KB it took.)
        let base = self.base
        let responding = Task { try await base.respond(to: request, context: context) }
        return try await withTaskCancellationHandler {
            try await responding.value
        } onCancel: {
            responding.cancel()
        }
    }
}
