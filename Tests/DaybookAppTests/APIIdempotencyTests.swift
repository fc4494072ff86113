import DaybookMedia
import DaybookTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 19's API half: a create sent again with the same Idempotency-Key makes one record and
/// gets the same answer; the same key with another body is a 422; keys are per user.
@Suite("API: idempotency keys")
struct APIIdempotencyTests {
    func post(_ api: API, _ path: String, _ json: [String: Any], key: String) async throws -> APIResponse {
        try await api.call(.post, path, json: json, headers: [HTTPField.Name("Idempotency-Key")!: key])
    }

    @Test(arguments: TestDatabase.available)
    func aRepeatGetsTheFirstAnswerAndMakesNothing(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("offline")
            let calm = try await api.wordID("feelings", "calm")
            let body: [String: Any] = ["feelingId": calm, "note": "On the train"]
            let first = try await post(api, "/checkins", body, key: "7d0c1a2e-0001")
            #expect(first.status == .created, "\(first.text)")
            let again = try await post(api, "/checkins", body, key: "7d0c1a2e-0001")
            #expect(again.status == .created)
            #expect(again.text == first.text)
            #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(try await api.get("/checkins").items.count == 1)

            // The same key for something else: refused, named, nothing made.
            let other = try await post(api, "/checkins", ["feelingId": calm, "note": "Another"], key: "7d0c1a2e-0001")
            other.expectProblem(.unprocessableContent, "validation_failed")
            #expect(other.errorCode("Idempotency-Key") == "reused")
            #expect(try await api.get("/checkins").items.count == 1)

            // The same object with its keys in another order is the same request.
            let keyed: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "ordered", .contentType: "application/json"]
            let ab = try await api.call(.post, "/journal", raw: #"{"title":"T","body":"B"}"#, headers: keyed)
            let ba = try await api.call(.post, "/journal", raw: #"{"body":"B","title":"T"}"#, headers: keyed)
            #expect(ab.status == .created && ba.text == ab.text, "\(ba.text)")
            try await api.delete("/journal/\(ab["id"] as? String ?? "")")

            // Journal entries and day-less creates alike.
            let entry = try await post(api, "/journal", ["body": "Offline thoughts"], key: "entry-1")
            let entryAgain = try await post(api, "/journal", ["body": "Offline thoughts"], key: "entry-1")
            #expect(entry.status == .created && entryAgain["id"] as? String == entry["id"] as? String)
            #expect(try await api.get("/journal").items.count == 1)
        }
    }

    /// A browser makes a new multipart boundary for every send: a retried photo upload is still
    /// the same request.
    @Test(arguments: TestDatabase.available)
    func aRetriedPhotoUploadIsOnePhoto(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("uploader")
            let photo = try SampleImage.make(width: 64, height: 48, format: .jpeg)
            let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "photo-1"]
            let first = try await api.upload(photo, headers: key)
            let again = try await api.upload(photo, headers: key)
            #expect(first.status == .created, "\(first.text)")
            #expect(again.status == .created && again["id"] as? String == first["id"] as? String, "\(again.text)")
            #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(try await api.get("/media").items.count == 1)
            let other = try SampleImage.make(width: 48, height: 64, format: .jpeg)
            #expect(try await api.upload(other, headers: key).errorCode("Idempotency-Key") == "reused")
        }
    }

    @Test(arguments: TestDatabase.available)
    func keysArePerUserAndFailuresFreeThem(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anna = try await API(client).register("anna")
            let bert = try await API(client).register("bert")
            let annas = try await post(anna, "/journal", ["body": "Anna's"], key: "same-key")
            let berts = try await post(bert, "/journal", ["body": "Bert's"], key: "same-key")
            #expect(annas.status == .created && berts.status == .created)
            #expect(annas["id"] as? String != berts["id"] as? String)
            #expect(try await bert.get("/journal").items.map { $0["body"] as? String } == ["Bert's"])

            // A failed create frees its key: the corrected retry runs.
            let bad = try await post(anna, "/checkins", ["feelingId": UUID().uuidString], key: "retry-me")
            #expect(bad.status == .unprocessableContent)
            let calm = try await anna.wordID("feelings", "calm")
            let fixed = try await post(anna, "/checkins", ["feelingId": calm], key: "retry-me")
            #expect(fixed.status == .created, "\(fixed.text)")

            let invalid = try await post(anna, "/journal", ["body": "x"], key: "has spaces in it")
            invalid.expectProblem(.badRequest, "malformed_request")
            #expect(invalid.errorFields == ["Idempotency-Key"])
        }
    }
}
