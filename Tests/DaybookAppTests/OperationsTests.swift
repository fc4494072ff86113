import DaybookSQLite
import DaybookServices
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import DaybookApp

@Suite("Operations: health, metrics, headers")
struct OperationsTests {
    @Test(arguments: TestDatabase.available)
    func healthChecksTheDatabase(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text == "ok\n")
            }
        }
    }

    @Test func metricsCountRequestsByRouteAndStatus() async throws {
        try await withApp(.sqlite) { client, _ in
            try await client.execute(uri: "/healthz", method: .get) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("healthz"))
                #expect(response.text.contains("# TYPE"))
            }
        }
    }

    @Test func everyResponseCarriesSecurityHeaders() async throws {
        try await withApp(.sqlite) { client, _ in
            for uri in ["/healthz", "/login", "/no-such-page", "/api/v1/me"] {
                try await client.execute(uri: uri, method: .get) { response in
                    let policy = try #require(response.headers[.contentSecurityPolicy], "\(uri)")
                    #expect(policy.contains("default-src 'self'"))
                    #expect(policy.contains("script-src 'self'"))
                    #expect(!policy.contains("unsafe-inline"))
                    #expect(policy.contains("frame-ancestors 'none'"))
                    #expect(response.headers[.xContentTypeOptions] == "nosniff")
                    #expect(response.headers[HTTPField.Name("Referrer-Policy")!] != nil)
                    #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                }
            }
        }
    }

    @Test func serveTheOpenAPIDocument() async throws {
        try await withApp(.sqlite) { client, _ in
            try await client.execute(uri: "/api/v1/openapi.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.hasPrefix("openapi: "))
                #expect(response.text.contains("/auth/register"))
            }
        }
    }

    @Test func benchRouteExistsOnlyWhenAskedFor() async throws {
        try await withApp(.sqlite) { client, _ in
            try await client.execute(uri: "/bench/hello", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
        try await withApp(.sqlite, configure: { $0.benchRoutes = true }) { client, _ in
            try await client.execute(uri: "/bench/hello", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text == "hello")
            }
        }
    }

    /// `next` after logging in is a path on this site or nothing: what browsers would turn into
    /// another site (a tab or line break dropped, a backslash read as a slash) is refused.
    @Test(arguments: [
        "/%09/evil.example", "//evil.example", "/%5Cevil.example", "/%0A/evil.example", "https://evil.example",
        "/%20/evil.example", "/%E2%80%8B/evil.example",
    ])
    func loginsNextIsOnlyEverAPathOfThisSite(next: String) async throws {
        try await withApp(.sqlite) { client, _ in
            try await client.execute(uri: "/login?next=\(next)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(!response.text.contains("evil.example"), "\(next)")
            }
            try await client.execute(uri: "/login?next=/days%3Fmonth%3D2024-03", method: .get) { response in
                #expect(response.text.contains("/days?month"))
            }
        }
    }

    @Test func formsWithoutTheCSRFTokenAreRefused() async throws {
        try await withApp(.sqlite) { client, _ in
            try await client.execute(
                uri: "/login", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "login=someone&password=whatever12345")
            ) { response in
                #expect(response.status == .forbidden)
            }
        }
    }
}

@Suite("Backups")
struct BackupTests {
    @Test func dailyBackupsAreConsistentCopiesAndOnlyTheNewestAreKept() async throws {
        try await TestDatabase.sqlite.withStore { store in
            let sqlite = try #require(store as? SQLiteStore)
            _ = try await AccountService(store: store, hasher: PasswordHasher(cost: 4)).register(
                Registration(email: "b@example.org", username: "backed_up", password: "a fine password 1"),
                kind: .web, persistent: false, client: ClientInfo(ipAddress: "x", deviceName: "x"))
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("backups-\(UUID())").path
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let service = BackupService(store: sqlite, directory: directory, keep: 2, logger: Logger(label: "test"))
            for day in 0..<4 {
                try await service.backUpIfDue(now: Date(timeIntervalSince1970: 1_790_000_000 + Double(day) * 86_400))
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            #expect(files.count == 2)
            let copy = try SQLiteStore(path: directory + "/" + files.last!)
            #expect(try await copy.users.user(login: "backed_up") != nil)
        }
    }
}
