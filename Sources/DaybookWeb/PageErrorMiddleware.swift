import DaybookCore
import DaybookHTTP
import DaybookServices
import Hummingbird
import HTTPTypes

/// What a page that did not catch a service's error answers, so that an expected refusal is never
/// a bare 500: a rule broken (`ValidationError`, 422) or a per-person limit reached
/// (`LimitReached`, 429 with `Retry-After`) becomes a message page saying what happened; a record
/// that is not there (`NotFound`), the not-found page. Pages that show the message beside a field
/// catch these themselves; this is the net under the rest. Anything else stays an error, logged,
/// answered 500, and the server goes on.
struct PageErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let web: Web

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as ValidationError {
            let text = error.errors.map(\.message).joined(separator: " ")
            return web.message(
                context, heading: "That could not be done", message: text.isEmpty ? "Something was not valid." : text,
                action: ("/today", "Go to Today"), status: .unprocessableContent)
        } catch let error as LimitReached {
            var response = web.message(
                context, heading: "Not now", message: error.message, status: .tooManyRequests)
            response.headers[.retryAfter] = String(error.retryAfterSeconds)
            return response
        } catch is NotFound {
            return web.notFound(context)
        }
    }
}
