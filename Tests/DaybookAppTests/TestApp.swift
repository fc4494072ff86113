import DaybookApp
import DaybookStorage
import DaybookTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

/// Builds the real application over a fresh store of the given database and runs `body` with a
/// client. bcrypt runs at cost 4 so suites stay fast; everything else is as in production.
func withApp(
    _ database: TestDatabase, mode: TestingSetup = .router,
    configure: @Sendable (inout DaybookConfiguration) -> Void = { _ in },
    _ body: @Sendable @escaping (any TestClientProtocol, any DaybookStore) async throws -> Void
) async throws {
    try await database.withStore { store in
        var configuration = DaybookConfiguration()
        configuration.bcryptCost = 4
        configuration.signupsPerHour = 1000
        configuration.port = 0
        configuration.dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("daybook-app-test-\(UUID())").path
        configure(&configuration)
        var logger = Logger(label: "daybook-test")
        logger.logLevel = .warning
        let app = try await buildApplication(configuration, store: store, logger: logger)
        try await app.test(mode) { client in try await body(client, store) }
        try? FileManager.default.removeItem(atPath: configuration.dataDirectory)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(buffer: body))
        return try #require(object as? [String: Any])
    }

    /// The `Set-Cookie` values, by cookie name.
    var setCookies: [String: String] {
        var cookies: [String: String] = [:]
        for field in headers[values: .setCookie] {
            let pair = field.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1)
            if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
        }
        return cookies
    }
}

extension Data {
    init(buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}

func jsonBody(_ object: [String: Any]) -> ByteBuffer {
    ByteBuffer(data: try! JSONSerialization.data(withJSONObject: object))
}
