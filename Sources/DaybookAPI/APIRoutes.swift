import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime

/// The JSON API under `/api/v1`: the handlers the OpenAPI generator's stubs call, and the
/// document itself.
public struct APIRoutes: Sendable {
    let services: Services

    public init(services: Services) {
        self.services = services
    }

    /// Instants with microseconds; compact JSON (the runtime pretty-prints by default, which only
    /// costs bytes and time), `/` not escaped. Keys are not sorted: sorting cost a measurable share
    /// of every answer, and JSON objects have no order a client may rely on.
    static let configuration = Configuration(
        dateTranscoder: .rfc3339Microseconds, jsonEncodingOptions: [.withoutEscapingSlashes])

    public func add(to router: Router<AppRequestContext>) throws {
        // Added first, so it wraps the routes below; it passes every other path straight through.
        let contract = try APIContract.shipped.get()
        router.add(
            middleware: APIMiddleware(
                photoLimit: services.media.processor.limits.maxBytes, importLimit: services.imports.limits.fileBytes,
                contract: contract))
        router.add(middleware: EventStreamMiddleware(services: services))

        router.get("/api/v1/openapi.yaml") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/yaml; charset=utf-8", .cacheControl: "public, max-age=300"],
                body: .init(byteBuffer: ByteBuffer(string: contract.document)))
        }
        try APIHandlers(services: services).registerHandlers(
            on: router, serverURL: URL(string: "/api/v1")!, configuration: Self.configuration,
            middlewares: [
                RequireAuthentication(publicOperations: contract.publicOperations), RejectNulls(),
                IdempotentCreates(idempotency: services.idempotency),
            ])
    }
}

/// Refuses an operation that needs a user before its request is even decoded, so a caller
/// without a valid token learns that first (401), not what is wrong with the body.
struct RequireAuthentication: ServerMiddleware {
    /// The operations the contract marks `security: []` (`APIContract`).
    let publicOperations: Set<String>

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if !publicOperations.contains(operationID), RequestScope.current?.auth == nil {
            throw APIProblem.unauthorized(tokenPresented: APIRequest.tokenPresented)
        }
        return try await next(request, body, metadata)
    }
}

/// Refuses `null` anywhere in a JSON request body but where the contract allows it (`photoId`,
/// `avatarMediaId`). The generated decoder would read a null optional field as absent, so
/// `{"activityId": null}` would silently change nothing; a client meaning "remove it" is told how
/// instead. The allowed top-level nulls are passed on in `APIRequest.explicitNulls`.
struct RejectNulls: ServerMiddleware {
    static let nullable: Set<String> = [
        "photoId", "avatarMediaId", "dailyReminder", "expirationTime", "purchaseDate", "price", "outfitId",
    ]

    /// Whether the body holds the four letters `null` anywhere: a byte scan, because Foundation's
    /// generic `Data.firstRange(of:)` took 2.7 % of a check-in's CPU on a 200-byte body.
    static func mentionsNull(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            guard bytes.count >= 4 else { return false }
            for index in 0...(bytes.count - 4) where bytes[index] == UInt8(ascii: "n") {
                if bytes[index + 1] == UInt8(ascii: "u") && bytes[index + 2] == UInt8(ascii: "l")
                    && bytes[index + 3] == UInt8(ascii: "l")
                {
                    return true
                }
            }
            return false
        }
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let body, request.headerFields.firstValue(.contentType)?.lowercased().hasPrefix("multipart/") != true
        else {
            return try await next(request, body, metadata)
        }
        // `APIMiddleware` has already read the body into memory, within its limit.
        let data = try await Data(collecting: body, upTo: APIMiddleware.defaultBodyLimit)
        // A JSON null is the four letters `null`; a body without them (nearly every one) has none
        // to refuse, and is passed on without being parsed a second time.
        guard Self.mentionsNull(data) else {
            return try await next(request, HTTPBody(data), metadata)
        }
        let object = data.isEmpty ? nil : try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        if let object, let field = Self.firstNull(in: object, path: "") {
            throw APIProblem.malformed(
                "“\(field)” is null.",
                errors: [
                    FieldError(
                        field: field, code: "wrong_type",
                        message: field == "activityId"
                            ? "null is not a value here: to remove the activity, send “clearActivity”: true."
                            : "null is not a value here: give a value, or leave the field out.")
                ])
        }
        // Only allowed nulls get this far: the generated types read them as absent, but
        // `"avatarMediaId": null` means "take it away".
        let nulls = Set((object as? [String: Any] ?? [:]).filter { $0.value is NSNull }.map(\.key))
        return try await APIRequest.$explicitNulls.withValue(nulls) {
            try await next(request, HTTPBody(data), metadata)
        }
    }

    static func firstNull(in value: Any, path: String) -> String? {
        switch value {
        case is NSNull:
            return path.isEmpty || nullable.contains(path) ? nil : path
        case let dictionary as [String: Any]:
            for key in dictionary.keys.sorted() {
                if let found = firstNull(in: dictionary[key]!, path: path.isEmpty ? key : path + "." + key) {
                    return found
                }
            }
            return nil
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = firstNull(in: element, path: path + "[\(index)]") { return found }
            }
            return nil
        default:
            return nil
        }
    }
}

/// The contract, as shipped in this target's resources.
enum OpenAPIDocument {
    static func load() throws -> String {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
