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

    @Test func headAnswersAsGetWithoutTheBody() async throws {
        try await withApp(.sqlite) { client, _ in
            for uri in ["/healthz", "/login", "/static/app.css", "/api/v1/openapi.yaml"] {
                var length: String?
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    length = response.headers[.contentLength]
                }
                try await client.execute(uri: uri, method: .head) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.body.readableBytes == 0, "\(uri)")
                    #expect(response.headers[.contentLength] == length, "\(uri)")
                }
            }
            try await client.execute(uri: "/no-such-page", method: .head) { #expect($0.status == .notFound) }
            // Someone else's (or nobody's) data stays unseen with HEAD too.
            try await client.execute(uri: "/api/v1/me", method: .head) { #expect($0.status == .unauthorized) }
        }
    }

    @Test func metricsCountRequestsByRouteAndStatus() async throws {
        try await withApp(.sqlite, configure: { $0.metricsToken = "scrape-secret-1234" }) { client, _ in
            try await client.execute(uri: "/healthz", method: .get) { _ in }
            for refused in ["", "Bearer wrong-secret-1234", "Bearer scrape-secret-123", "Basic scrape-secret-1234"] {
                let headers: HTTPFields = refused.isEmpty ? [:] : [.authorization: refused]
                try await client.execute(uri: "/metrics", method: .get, headers: headers) { response in
                    #expect(response.status == .unauthorized, "\(refused)")
                    #expect(!response.text.contains("# TYPE"))
                }
            }
            try await client.execute(
                uri: "/metrics", method: .get, headers: [.authorization: "Bearer scrape-secret-1234"]
            ) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("healthz"))
                #expect(response.text.contains("# TYPE"))
            }
        }
    }

    /// Without a token set, the metrics are nobody's business: there is no such page.
    @Test func metricsNeedATokenToExist() async throws {
        try await withApp(.sqlite) { client, _ in
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(!response.text.contains("# TYPE"))
            }
        }
    }

    @Test func httpsAnswersCarryHSTSAndPlainOnesDoNot() async throws {
        try await withApp(.sqlite, mode: .live, configure: { $0.trustedProxies = ["127.0.0.1", "::1"] }) { client, _ in
            try await client.execute(
                uri: "/login", method: .get, headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"]
            ) { response in
                #expect(response.headers[HTTPField.Name("Strict-Transport-Security")!] == "max-age=31536000")
            }
            try await client.execute(
                uri: "/no-such-page", method: .get, headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"]
            ) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[HTTPField.Name("Strict-Transport-Security")!] != nil)
            }
            try await client.execute(uri: "/login", method: .get) { response in
                #expect(response.headers[HTTPField.Name("Strict-Transport-Security")!] == nil)
            }
        }
    }

    /// Error answers too: refused forms, unknown photos, malformed API calls, oversize bodies.
    @Test func errorAnswersCarrySecurityHeaders() async throws {
        try await withApp(.sqlite) { client, _ in
            let requests: [(String, HTTPRequest.Method, HTTPFields, String?)] = [
                ("/login", .post, [.contentType: "application/x-www-form-urlencoded"], "login=x"),
                ("/media/\(UUID())/small", .get, [:], nil),
                ("/media/not-an-id/huge", .get, [:], nil),
                ("/api/v1/checkins", .post, [.contentType: "application/json"], "{"),
                ("/api/v1/days?limit=1&limit=2", .get, [:], nil),
                ("/api/v1/nowhere", .delete, [:], nil),
                ("/today", .trace, [:], nil),
            ]
            for (uri, method, headers, body) in requests {
                try await client.execute(
                    uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }
                ) { response in
                    #expect(response.status.code >= 400, "\(method) \(uri)")
                    #expect(
                        response.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true,
                        "\(method) \(uri)")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(method) \(uri)")
                }
            }
        }
    }

    /// A CSRF token known before logging in (planted, or read off a shared computer) is worth
    /// nothing after it.
    @Test func loggingInRenewsTheCSRFToken() async throws {
        try await withApp(.sqlite) { client, _ in
            let csrf = "a" + String(repeating: "b", count: 42)
            _ = try await API(client).register("renewer")
            try await client.execute(
                uri: "/login", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "daybook_csrf=\(csrf)"],
                body: ByteBuffer(string: "csrf=\(csrf)&login=renewer&password=correct+horse+battery")
            ) { response in
                #expect(response.status == .seeOther || response.status == .found, "\(response.text)")
                let renewed = try #require(response.setCookies["daybook_csrf"])
                #expect(renewed != csrf && renewed.count == 43)
                #expect(response.setCookies["daybook_session"] != nil)
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
