import DaybookHTTP
import DaybookServices
import Foundation
import Hummingbird

/// The JSON API under `/api/v1`: the handlers the OpenAPI generator's stubs call, and the
/// document itself.
public struct APIRoutes: Sendable {
    let services: Services

    public init(services: Services) {
        self.services = services
    }

    public func add(to router: Router<AppRequestContext>) throws {
        let document = try OpenAPIDocument.load()
        router.get("/api/v1/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8", .cacheControl: "public, max-age=300"],
                body: .init(byteBuffer: ByteBuffer(string: document)))
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
