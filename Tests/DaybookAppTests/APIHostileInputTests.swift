import DaybookMedia
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// What an outside attack run sent and got wrong answers to (issue 20): each must be a 4xx that
/// names what is wrong, and must not store anything.
@Suite("API: hostile inputs")
struct APIHostileInputTests {
    static let jpeg = try! SampleImage.make(width: 64, height: 48, format: .jpeg)

    /// Sends a hand-made multipart body.
    func upload(_ api: API, body: String, boundary: String = "XX") async throws -> APIResponse {
        try await api.call(
            .post, "/media", raw: body, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"])
    }

    func part(_ name: String, _ content: String, filename: String? = nil) -> String {
        let file = filename.map { "; filename=\"\($0)\"" } ?? ""
        return "--XX\r\nContent-Disposition: form-data; name=\"\(name)\"\(file)\r\n\r\n\(content)\r\n"
    }

    @Test(arguments: TestDatabase.available)
    func malformedUploadsAreRefusedNamingWhatIsWrong(database: TestDatabase) async throws {
        try await withApp(database) { client, store in
            let api = try await API(client).register("uploader")
            let photo = String(decoding: Self.jpeg, as: UTF8.self)
            let cases: [(String, String, HTTPResponse.Status, String?)] = [
                ("an extra part", part("file", photo, filename: "a.jpg") + part("extra", "1") + "--XX--\r\n", .badRequest, "extra"),
                ("two files", part("file", photo, filename: "a.jpg") + part("file", photo, filename: "b.jpg") + "--XX--\r\n", .badRequest, "file"),
                ("a part named photo", part("photo", photo, filename: "a.jpg") + "--XX--\r\n", .badRequest, "photo"),
                ("an empty body", "", .badRequest, nil),
                ("a part header without a colon", "--XX\r\nBroken header\r\n\r\nabc\r\n--XX--\r\n", .badRequest, nil),
                ("a part without a name", "--XX\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--XX--\r\n", .badRequest, nil),
                ("no closing boundary", part("file", photo, filename: "a.jpg"), .badRequest, nil),
                ("only the closing boundary", "--XX--\r\n", .badRequest, "file"),
            ]
            for (label, body, status, field) in cases {
                let response = try await upload(api, body: body)
                #expect(response.status == status, "\(label): \(response.text)")
                #expect(response.isProblem, "\(label)")
                if let field { #expect(response.errorCode(field) != nil, "\(label): \(response.text)") }
            }
            #expect(try await store.media.list(userID: UUID(), kind: nil, after: nil, limit: 10).isEmpty)
            #expect(try await api.get("/media").items.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aWrongBodyTypeSaysWhichOneIsExpected(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("typer")
            let photo = try await api.call(.post, "/media", raw: "{}", headers: [.contentType: "application/json"])
            photo.expectProblem(.unsupportedMediaType, "unsupported_media_type")
            #expect((photo["detail"] as? String)?.contains("multipart/form-data, not application/json") == true, "\(photo.text)")
            let json = try await api.call(.post, "/checkins", raw: "mood=3", headers: [.contentType: "text/plain"])
            json.expectProblem(.unsupportedMediaType, "unsupported_media_type")
            #expect((json["detail"] as? String)?.contains("application/json, not text/plain") == true, "\(json.text)")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aPolyglotIsRefused(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("polyglot")
            let response = try await api.upload(Self.jpeg + Data("<html><script>alert(1)</script></html>".utf8))
            response.expectProblem(.unprocessableContent, "validation_failed")
            #expect(response.errorCode("file") == "undecodable")
            #expect(try await api.get("/media").items.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theAPIRefusesWhatItsDocumentRefuses(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("strict")
            for path in ["/days?limit=1&limit=2", "/checkins?from=2024-03-03&from=2024-03-04", "/media?kind=photo&kind=avatar"] {
                let response = try await api.get(path)
                response.expectProblem(.badRequest, "malformed_request")
                #expect((response.json["errors"] as? [[String: Any]])?.first?["code"] as? String == "repeated", "\(path): \(response.text)")
            }
            // A date with a space after it, in a path and in a query.
            #expect(try await api.get("/days/2024-03-03%20").status.code / 100 == 4)
            #expect(try await api.get("/checkins?from=2024-03-03%20").status.code / 100 == 4)
            // 60 characters is the documented limit: spaces around the name count.
            let long = try await api.post("/people", ["name": String(repeating: "a", count: 60) + " "])
            long.expectProblem(.unprocessableContent, "validation_failed")
            #expect(long.errorCode("name") == "too_long")
            let fits = try await api.post("/people", ["name": String(repeating: "a", count: 60)])
            #expect(fits.status == .created, "\(fits.text)")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aFullPhotoStorageIsA413(database: TestDatabase) async throws {
        try await withApp(database, configure: { $0.photoQuotaMB = 1 }) { client, _ in
            let api = try await API(client).register("hoarder")
            let photo = try SampleImage.make(width: 1200, height: 900, format: .jpeg, texture: .noise)
            var stored = 0
            var refusal: APIResponse?
            for _ in 0..<20 {
                let response = try await api.upload(photo)
                if response.status == .created {
                    stored += 1
                } else {
                    refusal = response
                    break
                }
            }
            let full = try #require(refusal)
            full.expectProblem(.contentTooLarge, "payload_too_large")
            #expect(full.errorCode("file") == "storage_full")
            #expect((full["detail"] as? String)?.contains("1 MB") == true, "\(full.text)")
            #expect(stored >= 1)
            #expect(try await api.get("/media").items.count == stored)
            // Deleting makes room again.
            for item in try await api.get("/media").items { try await api.delete("/media/\(item["id"] as! String)") }
            #expect(try await api.upload(photo).status == .created)
        }
    }
}
