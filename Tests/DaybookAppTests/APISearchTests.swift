import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("API: search")
struct APISearchTests {
    @Test(arguments: TestDatabase.available)
    func findsTheUsersOwnWordsWithHighlights(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anna = try await API(client).register("anna")
            let bob = try await API(client).register("bob")
            #expect(
                try await anna.put("/days/2024-03-03", ["mood": 4, "note": "Picnic by the lake"]).status == .created)
            let calm = try await anna.wordID("feelings", "calm")
            let checkin = try await anna.post(
                "/checkins", ["feelingId": calm, "at": "2024-03-04T09:00:00Z", "note": "Lakeside coffee"])
            #expect(checkin.status == .created, "\(checkin.text)")
            #expect(
                try await bob.put("/days/2024-03-03", ["mood": 2, "note": "lake trip cancelled"]).status == .created)

            let found = try await anna.get("/search?q=lake")
            #expect(found.status == .ok, "\(found.text)")
            let kinds = Set(found.items.map { "\($0["kind"]!) \($0["date"]!)" })
            #expect(kinds == ["day 2024-03-03", "checkin 2024-03-04"])
            let hit = try #require(found.items.first { $0["kind"] as? String == "checkin" })
            #expect(hit["checkinId"] as? String == checkin["id"] as? String)
            let parts = try #require(hit["snippet"] as? [[String: Any]])
            #expect(
                parts.contains {
                    $0["highlighted"] as? Bool == true && ($0["text"] as? String)?.lowercased() == "lakeside"
                })

            #expect(try await anna.get("/search?q=cancelled").items.isEmpty)
            #expect(try await anna.get("/search?q=picnic%20lake&limit=1").items.count == 1)

            let paged = try await anna.get("/search?q=lake&limit=1")
            let next = try #require(paged["nextCursor"] as? String)
            let rest = try await anna.get("/search?q=lake&limit=1&cursor=\(next)")
            #expect(rest.items.count == 1 && rest["nextCursor"] == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func badQueriesAreNamed(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("searcher")
            let empty = try await api.get("/search?q=%20%20")
            empty.expectProblem(.unprocessableContent, "validation_failed")
            #expect(empty.errorCode("q") == "required")
            let missing = try await api.get("/search")
            missing.expectProblem(.unprocessableContent, "validation_failed")
            #expect(missing.errorFields == ["q"])
            let long = try await api.get("/search?q=" + String(repeating: "a", count: 1_001))
            #expect(long.errorCode("q") == "too_long", "\(long.text)")
            // Typed but not a word, operators of either engine, 1,000 characters: an answer, never an error.
            for text in [
                "%22", "%2A", "AND", "-", "((", "%F0%9F%99%82", "NEAR(a%20b)", "a%3Ab", "%27%3B%20DROP",
                String(repeating: "x%20", count: 333) + "x",
            ] {
                let answer = try await api.get("/search?q=\(text)")
                #expect(answer.status == .ok, "\(text): \(answer.text)")
            }
            let filters = try await api.get(
                "/search?kind=photo&tag=a%2Fb&mood=9&from=yesterday&to=2026-13-01&hasPhotos=maybe")
            filters.expectProblem(.unprocessableContent, "validation_failed")
            #expect(Set(filters.errorFields) == ["kind", "tag", "mood", "from", "to", "hasPhotos"])
            #expect(try await api.get("/search?q=x&cursor=abc").errorCode("cursor") == "invalid")
            #expect(try await api.get("/search?q=x&limit=0").errorCode("limit") == "out_of_range")
            try await api.with(token: nil).get("/search?q=x").expectProblem(.unauthorized, "unauthorized")
        }
    }
}
