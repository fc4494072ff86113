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

    /// The runtime's configuration, on the server and for clients: instants with microseconds.
    static let configuration = Configuration(dateTranscoder: .rfc3339Microseconds)

    public func add(to router: Router<AppRequestContext>) throws {
        // Added first, so it wraps the routes below; it passes every other path straight through.
        router.add(middleware: APIMiddleware())

        let document = try OpenAPIDocument.load()
        router.get("/api/v1/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8", .cacheControl: "public, max-age=300"],
                body: .init(byteBuffer: ByteBuffer(string: document)))
        }
        try APIHandlers(services: services).registerHandlers(
            on: router, serverURL: URL(string: "/api/v1")!, configuration: Self.configuration,
            middlewares: [RequireAuthentication()])
    }
}

/// Refuses an operation that needs a user before its request is even decoded, so a caller
/// without a valid token learns that first (401), not what is wrong with the body.
struct RequireAuthentication: ServerMiddleware {
    /// The operations the contract marks `security: []`.
    static let publicOperations: Set<String> = ["register", "login"]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if !Self.publicOperations.contains(operationID), RequestScope.current?.auth == nil {
            throw APIProblem.unauthorized(tokenPresented: APIRequest.tokenPresented)
        }
        return try await next(request, body, metadata)
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
