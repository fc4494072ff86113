import DaybookMedia
import DaybookTestSupport
import Foundation
import Testing

/// A date's overview (issue 63): everything of it in one request, in the order a person reads it.
@Suite("API: a day, everything of it")
struct APIDayOverviewTests {
    static let photo = try! SampleImage.make(width: 400, height: 300, format: .jpeg)

    @Test(arguments: TestDatabase.available)
    func aDateWithEveryKindOfRecord(database: TestDatabase) async throws {
        try await withMediaApp(database) { client, _, _ in
            let anna = try await API(client).register("overview")
            let date = TestDates.date(daysFromToday: -1)
            let photo = try #require(try await anna.upload(Self.photo)["id"] as? String)
            #expect(try await anna.put("/days/\(date)", ["mood": 4, "note": "Soup", "photoId": photo]).status == .created)
            let calm = try await anna.wordID("feelings", "calm")
            let late = try await anna.post("/checkins", ["feelingId": calm, "at": "\(date)T20:00:00Z", "note": "late"])
            let early = try await anna.post("/checkins", ["feelingId": calm, "at": "\(date)T08:00:00Z", "note": "early"])
            #expect(late.status == .created && early.status == .created, "\(late.text)")
            let entry = try await anna.post(
                "/journal", ["title": "Soup & a river walk", "body": "Walked.", "date": date, "photoIds": [photo]])
            #expect(entry.status == .created, "\(entry.text)")
            let category = try #require(try await anna.get("/closet/categories").items.first?["id"] as? String)
            let item = try #require(try await anna.post("/closet/items", ["name": "Coat", "categoryId": category])["id"] as? String)
            #expect(try await anna.put("/outfit-calendar/\(date)", ["itemIds": [item]]).status == .ok)

            let overview = try await anna.get("/days/\(date)/overview")
            #expect(overview.status == .ok, "\(overview.text)")
            #expect(overview["date"] as? String == date)
            #expect((overview["entry"] as? [String: Any])?["note"] as? String == "Soup")
            let checkins = try #require(overview["checkins"] as? [[String: Any]])
            #expect(checkins.map { $0["note"] as? String } == ["early", "late"], "time order")
            #expect((overview["journal"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Soup & a river walk"])
            #expect(((overview["outfit"] as? [String: Any])?["itemIds"] as? [String]) == [item])
            #expect((overview["photos"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [photo], "once")

            // Another person's same date holds nothing of Anna's.
            let bob = try await API(client).register("overview_b")
            let theirs = try await bob.get("/days/\(date)/overview")
            #expect(theirs.status == .ok && theirs["entry"] == nil && theirs["outfit"] == nil)
            #expect((theirs["checkins"] as? [Any])?.isEmpty == true && (theirs["journal"] as? [Any])?.isEmpty == true)
            try await anna.get("/days/\(date)x/overview").expectProblem(.unprocessableContent, "validation_failed")
        }
    }
}
