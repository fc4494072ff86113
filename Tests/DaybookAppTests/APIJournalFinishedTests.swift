import DaybookTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 17 over HTTP: dates and coordinates, tags, memories, public profiles; bad input names its
/// field, other people's things are 404.
@Suite("API: the journal, finished")
struct APIJournalFinishedTests {
    @Test(arguments: TestDatabase.available)
    func anEntryHasItsDateAndCoordinates(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("dater")
            let lastWeek = TestDates.date(daysFromToday: -7)
            let created = try await api.post(
                "/journal",
                [
                    "body": "Back then", "date": lastWeek, "location": "Eiffel Tower", "latitude": 48.8584,
                    "longitude": 2.2945,
                ])
            #expect(created.status == .created, "\(created.text)")
            #expect(created["date"] as? String == lastWeek)
            #expect(created["latitude"] as? Double == 48.8584 && created["longitude"] as? Double == 2.2945)
            let id = try #require(created["id"] as? String)
            let plain = try await api.post("/journal", ["body": "Today"])
            #expect(plain["date"] as? String == TestDates.todayUTC && plain["latitude"] == nil)
            // The calendar marks the day the entry is about.
            let month = String(lastWeek.prefix(7))
            let calendar = try await api.get("/calendar?month=\(month)")
            let days = calendar["days"] as? [[String: Any]] ?? []
            #expect(days.contains { $0["date"] as? String == lastWeek && $0["hasJournal"] as? Bool == true })

            let bad = try await api.put(
                "/journal/\(id)",
                ["body": "x", "date": TestDates.date(daysFromToday: 2), "latitude": 91])
            bad.expectProblem(.unprocessableContent, "validation_failed")
            #expect(bad.errorCode("date") == "in_future")
            #expect(bad.errorCode("latitude") == "invalid")
            #expect(bad.errorCode("longitude") == "required")
            #expect(
                try await api.put("/journal/\(id)", ["body": "x", "date": "last week"]).errorCode("date") == "invalid")
            // Nothing was lost.
            #expect(try await api.get("/journal/\(id)")["date"] as? String == lastWeek)
        }
    }

    @Test(arguments: TestDatabase.available)
    func tagsAreRenamedMergedAndDeleted(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("tagger")
            let other = try await API(client).register("stranger")
            let one = try await api.post("/journal", ["body": "one", "tags": ["trip", "food"]])
            _ = try await api.post("/journal", ["body": "two", "tags": ["travel"]])
            _ = try await api.post("/journal", ["body": "three", "tags": ["trip", "travel"]])
            _ = try await other.post("/journal", ["body": "mine", "tags": ["trip"]])

            let renamed = try await api.patch("/journal/tags/food", ["name": "#Cooking"])
            #expect(renamed.status == .ok && renamed["tag"] as? String == "cooking" && renamed["count"] as? Int == 1)
            let taken = try await api.patch("/journal/tags/cooking", ["name": "travel"])
            #expect(taken.errorCode("name") == "exists")
            #expect(try await api.patch("/journal/tags/cooking", ["name": "a/b"]).errorCode("name") == "invalid")
            try await api.patch("/journal/tags/nothing", ["name": "x"]).expectProblem(.notFound, "not_found")

            let merged = try await api.post("/journal/tags/merge", ["tag": "trip", "into": "travel"])
            #expect(merged.status == .ok && merged["tag"] as? String == "travel" && merged["count"] as? Int == 3)
            #expect(
                try await api.post("/journal/tags/merge", ["tag": "travel", "into": "nope"]).errorCode("into")
                    == "unknown")
            #expect(
                try await api.post("/journal/tags/merge", ["tag": "travel", "into": "travel"]).errorCode("into")
                    == "invalid")
            try await api.post("/journal/tags/merge", ["tag": "trip", "into": "travel"]).expectProblem(
                .notFound, "not_found")
            let first = try await api.get("/journal/\(try #require(one["id"] as? String))")
            #expect(first["tags"] as? [String] == ["travel", "cooking"] && first["body"] as? String == "one")

            #expect(try await api.delete("/journal/tags/cooking").status == .noContent)
            try await api.delete("/journal/tags/cooking").expectProblem(.notFound, "not_found")
            let tags = try await api.get("/journal/tags").items
            #expect(tags.map { $0["tag"] as? String } == ["travel"] && tags.first?["count"] as? Int == 3)
            // The stranger's tag is theirs: untouched, and not one the tagger can reach.
            #expect(try await other.get("/journal/tags").items.map { $0["tag"] as? String } == ["trip"])
            try await other.delete("/journal/tags/travel").expectProblem(.notFound, "not_found")
        }
    }

    @Test(arguments: TestDatabase.available)
    func memoriesAreThisDateInEarlierYears(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("rememberer")
            let other = try await API(client).register("someone")
            _ = try await api.put("/days/2024-11-24", ["mood": 5, "note": "Snow!"])
            _ = try await api.post("/journal", ["body": "First snow of the year", "date": "2023-11-24"])
            _ = try await api.post("/journal", ["body": "Not this day", "date": "2023-11-23"])
            _ = try await other.post("/journal", ["body": "Someone else's", "date": "2024-11-24"])
            let memories = try await api.get("/memories?date=2026-11-24")
            #expect(memories.status == .ok, "\(memories.text)")
            #expect(memories["date"] as? String == "2026-11-24")
            #expect(memories.items.map { $0["date"] as? String } == ["2024-11-24", "2023-11-24"])
            #expect((memories.items[0]["day"] as? [String: Any])?["mood"] as? Int == 5)
            let journal = memories.items[1]["journal"] as? [[String: Any]]
            #expect(journal?.map { $0["body"] as? String } == ["First snow of the year"])
            #expect(try await api.get("/memories?date=2026-11-25").items.isEmpty)
            #expect(try await api.get("/memories?date=tomorrow").errorCode("date") == "invalid")
            #expect(try await api.get("/memories").status == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aPublicProfileShowsOnlyPublicEntries(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let author = try await API(client).register("author")
            let reader = try await API(client).register("reader")
            _ = try await author.patch("/me", ["displayName": "The Author", "bio": "Writes things."])
            _ = try await author.post(
                "/journal", ["title": "Open letter", "body": "Hello all", "visibility": "public"])
            _ = try await author.post("/journal", ["title": "Secret", "body": "shh"])
            _ = try await author.post("/journal", ["title": "For friends", "body": "hi", "visibility": "friends"])

            let profile = try await reader.get("/users/Author")
            #expect(profile.status == .ok, "\(profile.text)")
            #expect(profile["username"] as? String == "author" && profile["displayName"] as? String == "The Author")
            #expect(profile["bio"] as? String == "Writes things." && profile["email"] == nil)
            let entries = try await reader.get("/users/author/journal")
            #expect(entries.items.map { $0["title"] as? String } == ["Open letter"])
            #expect((entries.items.first?["author"] as? [String: Any])?["username"] as? String == "author")
            try await reader.get("/users/nobody").expectProblem(.notFound, "not_found")
            try await reader.get("/users/nobody/journal").expectProblem(.notFound, "not_found")
            // An email address is not a username.
            try await reader.get("/users/author@example.org").expectProblem(.notFound, "not_found")
            #expect(try await reader.get("/users/author/journal?cursor=zzz").errorCode("cursor") == "invalid")
            try await reader.with(token: nil).get("/users/author").expectProblem(.unauthorized, "unauthorized")
        }
    }
}
