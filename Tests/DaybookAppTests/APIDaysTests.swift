import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("API: day entries and the calendar")
struct APIDaysTests {
    @Test(arguments: TestDatabase.available)
    func putCreatesThenReplaces(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("days")
            let walk = try await api.wordID("activities", "walk")
            let reading = try await api.wordID("activities", "reading")
            let created = try await api.put(
                "/days/2024-03-03",
                [
                    "mood": 4, "activityIds": [reading, walk, walk], "note": "  A good day.\nWalked a lot. ",
                    "thoughts": "Spring is near.", "gratitude": ["sun", "", "tea\ncake"], "answer": "Nothing much.",
                    "song": ["title": "Here Comes the Sun", "artist": "The Beatles", "link": "https://example.org/sun"],
                ])
            #expect(created.status == .created, "\(created.text)")
            #expect(created["replaced"] as? Bool == false)
            #expect(created["date"] as? String == "2024-03-03")
            #expect(created["mood"] as? Int == 4)
            #expect(created["moodName"] as? String == "good")
            #expect(created["moodEmoji"] as? String == "🙂")
            #expect(created["moodColor"] as? String == "#5bbf6a")
            #expect(created["note"] as? String == "A good day.\nWalked a lot.")
            #expect(created["gratitude"] as? [String] == ["sun", "tea", "cake"])
            let activities = try #require(created["activities"] as? [[String: Any]])
            // In picker order, each once, as whole vocabulary items.
            #expect(activities.map { $0["id"] as? String } == [walk, reading])
            #expect(activities.first?["emoji"] is String && activities.first?["kind"] as? String == "activity")
            let question = try #require(created["question"] as? String)
            #expect(!question.isEmpty)
            let song = try #require(created["song"] as? [String: Any])
            #expect(song["link"] as? String == "https://example.org/sun")

            let replaced = try await api.put("/days/2024-03-03", ["mood": 2])
            #expect(replaced.status == .ok)
            #expect(replaced["replaced"] as? Bool == true)
            #expect(replaced["note"] as? String == "")
            #expect((replaced["activities"] as? [Any])?.isEmpty == true)
            #expect(replaced["song"] == nil)
            #expect(replaced["question"] as? String == question)
            #expect(replaced["createdAt"] as? String == created["createdAt"] as? String)

            let fetched = try await api.get("/days/2024-03-03")
            #expect(fetched.status == .ok)
            #expect(fetched["mood"] as? Int == 2)
            #expect(fetched["replaced"] == nil)

            #expect(try await api.delete("/days/2024-03-03").status == .noContent)
            try await api.get("/days/2024-03-03").expectProblem(.notFound, "not_found")
            try await api.delete("/days/2024-03-03").expectProblem(.notFound, "not_found")
            #expect(try await api.put("/days/2024-03-03", ["mood": 3]).status == .created)
        }
    }

    @Test(arguments: TestDatabase.available)
    func listIsNewestFirstWithACursor(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("lister")
            let walk = try await api.wordID("activities", "walk")
            for day in 1...7 {
                let response = try await api.put(
                    "/days/2024-01-0\(day)", ["mood": day % 5 + 1, "note": "\n  Day \(day)  \nsecond line", "activityIds": [walk]])
                #expect(response.status == .created)
            }
            let first = try await api.get("/days?limit=3")
            #expect(first.items.map { $0["date"] as? String } == ["2024-01-07", "2024-01-06", "2024-01-05"])
            #expect(first.items.first?["noteFirstLine"] as? String == "Day 7")
            #expect(first.items.first?["activityEmojis"] as? [String] == ["🚶"])
            #expect(first.items.first?["moodName"] is String)
            let cursor = try #require(first["nextCursor"] as? String)
            let second = try await api.get("/days?limit=3&cursor=\(cursor)")
            #expect(second.items.map { $0["date"] as? String } == ["2024-01-04", "2024-01-03", "2024-01-02"])
            let third = try await api.get("/days?limit=3&cursor=\(try #require(second["nextCursor"] as? String))")
            #expect(third.items.map { $0["date"] as? String } == ["2024-01-01"])
            #expect(third["nextCursor"] == nil)
            // Default page size is 30.
            #expect(try await api.get("/days").items.count == 7)
            // Another user sees none of them.
            let other = try await API(client).register("other_lister")
            #expect(try await other.get("/days").items.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func calendarShowsMoodsAndCheckinCounts(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("calendar")
            let happy = try await api.wordID("feelings", "happy")
            #expect(try await api.put("/days/2024-03-05", ["mood": 5]).status == .created)
            #expect(try await api.put("/days/2024-03-20", ["mood": 1]).status == .created)
            #expect(try await api.put("/days/2024-04-01", ["mood": 3]).status == .created)
            for at in ["2024-03-05T08:00:00Z", "2024-03-05T20:00:00Z", "2024-03-12T12:00:00Z", "2024-02-29T12:00:00Z"] {
                #expect(try await api.post("/checkins", ["feelingId": happy, "at": at]).status == .created)
            }
            let month = try await api.get("/calendar?month=2024-03")
            #expect(month.status == .ok)
            #expect(month["month"] as? String == "2024-03")
            let days = try #require(month["days"] as? [[String: Any]])
            #expect(days.map { $0["date"] as? String } == ["2024-03-05", "2024-03-12", "2024-03-20"])
            #expect(days[0]["mood"] as? Int == 5)
            #expect(days[0]["moodColor"] as? String == "#2a9d8f")
            #expect(days[0]["moodEmoji"] as? String == "😄")
            #expect(days[0]["checkinCount"] as? Int == 2)
            #expect(days[1]["mood"] == nil || days[1]["mood"] is NSNull)
            #expect(days[1]["checkinCount"] as? Int == 1)
            #expect(days[2]["checkinCount"] as? Int == 0)
            #expect(days.allSatisfy { $0["hasJournal"] as? Bool == false && $0["hasOutfit"] as? Bool == false })
            let empty = try await api.get("/calendar?month=1999-12")
            #expect((empty["days"] as? [Any])?.isEmpty == true)
            // Another user's calendar is their own.
            let other = try await API(client).register("other_calendar")
            #expect((try await other.get("/calendar?month=2024-03")["days"] as? [Any])?.isEmpty == true)
        }
    }

    @Test(arguments: TestDatabase.available)
    func badValuesAreNamed(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("badday")
            for mood in [0, 6, -1] {
                let response = try await api.put("/days/2024-03-03", ["mood": mood])
                response.expectProblem(.unprocessableContent, "validation_failed")
                #expect(response.errorCode("mood") == "out_of_range")
            }
            let future = try await api.put("/days/\(TestDates.date(daysFromToday: 2))", ["mood": 3])
            future.expectProblem(.unprocessableContent, "validation_failed")
            #expect(future.errorCode("date") == "future_date")
            #expect(try await api.put("/days/\(TestDates.todayUTC)", ["mood": 3]).status == .created)
            for date in ["2024-02-30", "2024-13-01", "20240303", "03-03-2024", "yesterday"] {
                let response = try await api.put("/days/\(date)", ["mood": 3])
                response.expectProblem(.unprocessableContent, "validation_failed")
                #expect(response.errorCode("date") == "invalid", "\(date)")
            }
            let long = try await api.put(
                "/days/2024-03-03",
                ["mood": 3, "note": String(repeating: "n", count: 10_001), "thoughts": String(repeating: "t", count: 10_001)])
            #expect(long.errorCode("note") == "too_long")
            #expect(long.errorCode("thoughts") == "too_long")
            #expect(try await api.put("/days/2024-03-03", ["mood": 3, "note": String(repeating: "n", count: 10_000)]).status == .created)
            for link in ["ftp://example.org/song.mp3", "javascript:alert(1)", "data:text/html,hi"] {
                let response = try await api.put("/days/2024-03-04", ["mood": 3, "song": ["title": "x", "link": link]])
                response.expectProblem(.unprocessableContent, "validation_failed")
                #expect(response.errorCode("song.link") == "invalid_scheme", "\(link): \(response.text)")
            }
            let gratitude = try await api.put("/days/2024-03-04", ["mood": 3, "gratitude": ["a", "b", "c", "d"]])
            #expect(gratitude.errorCode("gratitude") == "too_many")
            // Every bad field at once, ids included.
            let all = try await api.put(
                "/days/\(TestDates.date(daysFromToday: 3))",
                ["mood": 7, "activityIds": [UUID().uuidString, "not-an-id"], "photoId": UUID().uuidString])
            all.expectProblem(.unprocessableContent, "validation_failed")
            #expect(Set(all.errorFields) == ["date", "mood", "activityIds[0]", "activityIds[1]", "photoId"])
            #expect(all.errorCode("activityIds[0]") == "unknown")
            #expect(all.errorCode("activityIds[1]") == "invalid")
            #expect(try await api.get("/days?limit=100").items.count == 2)
        }
    }

    @Test(arguments: TestDatabase.available)
    func ownersOnly(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let alice = try await API(client).register("alice")
            let bob = try await API(client).register("bob")
            #expect(try await alice.put("/days/2024-03-03", ["mood": 5, "note": "secret"]).status == .created)
            try await bob.get("/days/2024-03-03").expectProblem(.notFound, "not_found")
            try await bob.delete("/days/2024-03-03").expectProblem(.notFound, "not_found")
            // Bob's own entry for that date is his own.
            let bobs = try await bob.put("/days/2024-03-03", ["mood": 1])
            #expect(bobs.status == .created)
            #expect(try await alice.get("/days/2024-03-03")["note"] as? String == "secret")
            // An activity of Alice's is unknown to Bob.
            let alicesWalk = try await alice.wordID("activities", "walk")
            let refused = try await bob.put("/days/2024-03-04", ["mood": 3, "activityIds": [alicesWalk]])
            refused.expectProblem(.unprocessableContent, "validation_failed")
            #expect(refused.errorCode("activityIds[0]") == "unknown")
            try await bob.get("/days/2024-03-04").expectProblem(.notFound, "not_found")
        }
    }

    @Test(arguments: TestDatabase.available)
    func archivedActivitiesStayOnOldEntries(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("archiver")
            let gaming = try await api.wordID("activities", "gaming")
            #expect(try await api.put("/days/2024-03-03", ["mood": 3, "activityIds": [gaming]]).status == .created)
            #expect(try await api.delete("/activities/\(gaming)").status == .noContent)
            let entry = try await api.get("/days/2024-03-03")
            let activities = try #require(entry["activities"] as? [[String: Any]])
            #expect(activities.first?["id"] as? String == gaming)
            #expect(activities.first?["archived"] as? Bool == true)
            #expect(try await api.get("/days")["items"].flatMap { $0 as? [[String: Any]] }?.first?["activityEmojis"] as? [String] == ["🎮"])
            // Saving the entry again keeps it.
            #expect(try await api.put("/days/2024-03-03", ["mood": 4, "activityIds": [gaming]]).status == .ok)
        }
    }
}
