import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A JSON answer of the API, parsed.
struct APIResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let text: String
    /// The body as it came (for images).
    var bytes: [UInt8] = []

    /// The body as a JSON object (empty when it is none).
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    subscript(key: String) -> Any? { json[key] }

    var items: [[String: Any]] { json["items"] as? [[String: Any]] ?? [] }

    /// The `field` of each entry in a problem's `errors`.
    var errorFields: [String] { (json["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String } }

    /// The `code` of the problem's entry for a field.
    func errorCode(_ field: String) -> String? {
        (json["errors"] as? [[String: Any]] ?? []).first { $0["field"] as? String == field }?["code"] as? String
    }

    var isProblem: Bool { headers[.contentType]?.hasPrefix("application/problem+json") == true }

    /// Checks the answer is an RFC 9457 problem with this status and code, and returns it.
    @discardableResult
    func expectProblem(
        _ status: HTTPResponse.Status, _ code: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> APIResponse {
        #expect(self.status == status, "\(text)", sourceLocation: sourceLocation)
        #expect(isProblem, "content type \(headers[.contentType] ?? "none")", sourceLocation: sourceLocation)
        #expect(json["code"] as? String == code, "\(text)", sourceLocation: sourceLocation)
        #expect(json["status"] as? Int == status.code, sourceLocation: sourceLocation)
        #expect(json["type"] is String && json["title"] is String, sourceLocation: sourceLocation)
        return self
    }
}

/// Calls the API of a test app as one user (or none).
struct API: Sendable {
    let client: any TestClientProtocol
    var token: String?

    init(_ client: any TestClientProtocol, token: String? = nil) {
        self.client = client
        self.token = token
    }

    func with(token: String?) -> API { API(client, token: token) }

    @discardableResult
    func call(
        _ method: HTTPRequest.Method, _ path: String, json: Any? = nil, raw: String? = nil, headers: HTTPFields = [:]
    ) async throws -> APIResponse {
        var fields = headers
        if let token, fields[.authorization] == nil { fields[.authorization] = "Bearer \(token)" }
        var body: ByteBuffer?
        if let json {
            body = ByteBuffer(data: try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed]))
        } else if let raw {
            body = ByteBuffer(string: raw)
        }
        if body != nil, fields[.contentType] == nil { fields[.contentType] = "application/json" }
        return try await client.execute(uri: "/api/v1" + path, method: method, headers: fields, body: body) { response in
            APIResponse(
                status: response.status, headers: response.headers, text: String(buffer: response.body),
                bytes: Array(response.body.readableBytesView))
        }
    }

    func get(_ path: String) async throws -> APIResponse { try await call(.get, path) }
    func delete(_ path: String, json: Any? = nil) async throws -> APIResponse { try await call(.delete, path, json: json) }
    func post(_ path: String, _ json: Any) async throws -> APIResponse { try await call(.post, path, json: json) }
    func put(_ path: String, _ json: Any) async throws -> APIResponse { try await call(.put, path, json: json) }
    func patch(_ path: String, _ json: Any) async throws -> APIResponse { try await call(.patch, path, json: json) }

    /// Signs up a new user and returns the API as them.
    func register(
        _ username: String, password: String = "correct horse battery", timeZone: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> API {
        var body: [String: Any] = ["email": "\(username)@example.org", "username": username, "password": password]
        if let timeZone { body["timeZone"] = timeZone }
        let response = try await with(token: nil).post("/auth/register", body)
        #expect(response.status == .created, "\(response.text)", sourceLocation: sourceLocation)
        return with(token: try #require(response["token"] as? String, sourceLocation: sourceLocation))
    }

    /// The id of one of the user's words (`/feelings` or `/activities`) by name.
    func wordID(_ list: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let items = try await get("/\(list)?includeArchived=true").items
        return try #require(items.first { $0["name"] as? String == name }?["id"] as? String, sourceLocation: sourceLocation)
    }
}

/// Dates relative to today, in UTC (the zone test users have unless they choose another).
enum TestDates {
    static var todayUTC: String { date(daysFromToday: 0) }

    static func date(daysFromToday days: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = calendar.date(byAdding: .day, value: days, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
