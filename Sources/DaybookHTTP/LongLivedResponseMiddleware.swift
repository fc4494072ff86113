import Hummingbird

/// Answers a request whose response lives long (the notification stream) in a child task, so that
/// the connection keeps only the memory the streaming itself needs.
///
/// A task's async frames come from its own stack allocator, which keeps every slab it grew to
/// until the task ends. Every request of a connection runs in that connection's task, so after
/// the middleware chain (authentication, the API checks, the logging) a connection holds about
/// 50 KB of frames for as long as it is open, which is what an open notification stream cost.
/// Run in a child task instead, the chain's frames go when the response has been made, before
/// its body starts streaming. Placed first, so that every frame below it goes. Other requests
/// pass straight through: a child task per request is a thread hop, and their connections are
/// short-lived or reused for more requests of the same depth anyway.
public struct LongLivedResponseMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext

    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard APIPath.opensEventStream(request.uri.path, method: request.method) else {
            return try await next(request, context)
        }
        return try await withoutActuallyEscaping(next) { next in
            // Not shared: this task waits for the child before it goes on.
            let chain = UncheckedSendableChain(next: next)
            // `async let` is a child task: its frames are its own, and go when it ends.
            async let response = chain.next(request, context)
            return try await response
        }
    }
}

/// The rest of the middleware chain, handed to the child task that runs it while this task waits.
private struct UncheckedSendableChain: @unchecked Sendable {
    let next: (Request, AppRequestContext) async throws -> Response
}
