import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookTransfer
import HTTPTypes
import Hummingbird
import NIOCore

/// Wraps every request under `/api/`, around the generated server:
///
/// - reads the body up to `bodyLimit` (413 beyond), so nothing downstream buffers without bound;
///   an import's upload alone is passed on as a stream (its handler writes it to the disk, up to
///   `importLimit`);
/// - drops the `Accept` header: every answer has exactly one content type (JSON, or problem JSON
///   for errors), and the generated server would otherwise fail a problem response with a 500
///   when `Accept` does not list `application/problem+json`;
/// - turns anything thrown into an `application/problem+json` answer (`APIErrorMapper`).
struct APIMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// Large enough for a day entry with every text at its longest, in any script.
    static let defaultBodyLimit = 1024 * 1024
    var bodyLimit = defaultBodyLimit
    /// The largest photo the processor takes; `POST /api/v1/media` may carry it and its framing.
    var photoLimit: Int
    /// The largest file `POST /api/v1/imports` takes.
    var importLimit: Int
    /// The contract: its paths tell "no such method here" (405) from "no such path" (404), its
    /// query parameters which may be repeated and what a request got wrong.
    var contract: APIContract

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard APIPath.contains(request.uri.path) else {
            return try await next(request, context)
        }
        var body = ByteBuffer()
        let streams = request.method == .post && request.uri.path == "/api/v1/imports"
        let bodyLimit =
            streams
            ? importLimit + 64 * 1024
            : request.method == .post && request.uri.path == "/api/v1/media" ? photoLimit + 64 * 1024 : bodyLimit
        do {
            if let length = request.headers.firstValue(.contentLength).flatMap({ Int($0) }), length > bodyLimit {
                throw streams
                    ? APIProblem.importFile(.tooLarge(limit: importLimit)) : .payloadTooLarge(limit: bodyLimit)
            }
            try refuseRepeatedParameters(request)
            var request = request
            if streams {
                var head = request.head
                head.headerFields[.accept] = nil
                return try await next(Request(head: head, body: request.body), context)
            }
            body = try await request.collectBody(upTo: bodyLimit)
            var head = request.head
            head.headerFields[.accept] = nil
            var response = try await next(Request(head: head, body: .init(buffer: body)), context)
            // The OpenAPI runtime writes a response header as a URI component (`attachment%3B%20
            // filename%3D…`), which no browser reads as a file name: the one header that carries
            // text, the download's, is written as sent.
            if let disposition = response.headers[.contentDisposition], disposition.contains("%"),
                let plain = disposition.removingPercentEncoding
            {
                response.headers[.contentDisposition] = plain
            }
            return response
        } catch {
            let mapper = APIErrorMapper(
                contract: contract, requestBody: body, bodyLimit: bodyLimit, logger: context.logger)
            var problem = mapper.problem(for: error)
            if problem.status == .notFound, error is HTTPError {
                // The router found no route: a path of ours with another method, or no path at all.
                if let allowed = contract.paths.allowedMethods(for: request.uri.path) {
                    problem = .methodNotAllowed(request.method, allowed: allowed)
                } else {
                    problem = .noSuchEndpoint(request.method, request.uri.path)
                }
            }
            return problem.response()
        }
    }
}

extension APIMiddleware {
    /// Only a list parameter (the closet's `tag`: every tag must match) may be given several
    /// times; for any other the generated server would silently use one of the values. Refused
    /// before any handler runs, for every operation.
    func refuseRepeatedParameters(_ request: Request) throws {
        guard let query = request.uri.query, query.utf8.contains(UInt8(ascii: "&")) else { return }
        // A plain query's names read as their bytes: most queries are answered here, without
        // decoding them or looking up the operation.
        if let plain = PlainQuery(query[...], style: nil, explode: nil), !plain.repeatsAName { return }
        let parameters = contract.paths.operationID(for: request.uri.path, method: request.method)
            .flatMap { contract.queryParameters[$0] }
        var seen = Set<String>()
        for (name, _) in URLEncoded.pairs(query)
        where parameters?[name]?.kind != .list && !seen.insert(name).inserted {
            throw APIProblem.malformed(
                "Give the query parameter “\(name.prefix(100))” once.",
                errors: [FieldError(field: String(name.prefix(100)), code: "repeated", message: "Give it once.")])
        }
    }
}

/// What API handlers know about the request beyond `RequestScope`.
enum APIRequest {
    /// The top-level body fields sent as an explicit `null` (set by `RejectNulls`).
    @TaskLocal static var explicitNulls: Set<String> = []

    /// Whether the request carried a bearer token, valid or not.
    static var tokenPresented: Bool { RequestScope.current?.tokenPresented ?? false }
}
