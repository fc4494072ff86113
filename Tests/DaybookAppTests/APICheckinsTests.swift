import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("API: check-ins")
struct APICheckinsTests {
    static func instant(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    @Test(arguments: TestDatabase.available)
    func createWithFeelingActivityAndPeople(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("checker")
            let calm = try await api.wordID("feelings", "calm")
            let walk = try await api.wordID("activities", "walk")
            let anna = try #require(try await api.post("/people", ["name": "Anna"])["id"] as? String)
            let ben = try #require(try await api.post("/people", ["name": "Ben"])["id"] as? String)
            let created = try await api.post(
                "/checkins",
                ["feelingId": calm, "activityId": walk, "personIds": [anna, ben, anna], "note": " by the sea ",
                 "at": "2024-03-09T12:00:00.123456Z"])
            #expect(created.status == .created, "\(created.text)")
            #expect((created["id"] as? String).flatMap(UUID.init(uuidString:)) != nil)
            #expect(created["at"] as? String == "2024-03-09T12:00:00.123456Z")
            #expect(created["localDate"] as? String == "2024-03-09")
            #expect(created["timeZone"] as? String == "UTC")
            #expect((created["feeling"] as? [String: Any])?["name"] as? String == "calm")
            #expect((created["activity"] as? [String: Any])?["name"] as? String == "walk")
            #expect((created["people"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Anna", "Ben"])
            #expect(created["note"] as? String == "by the sea")

            let id = try #require(created["id"] as? String)
            let fetched = try await api.get("/checkins/\(id)")
            #expect(fetched.status == .ok)
            #expect(fetched["at"] as? String == "2024-03-09T12:00:00.123456Z")
            #expect(fetched["createdAt"] is String && fetched["updatedAt"] is String)
        }
    }

    @Test(arguments: TestDatabase.available)
    func timeDefaultsToNowAndMayNotBeInTheFuture(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("nowish")
            let happy = try await api.wordID("feelings", "happy")
            let before = Date()
            let created = try await api.post("/checkins", ["feelingId": happy])
            #expect(created.status == .created)
            let at = try #require((created["at"] as? String).flatMap(Self.instant))
            #expect(abs(at.timeIntervalSince(before)) < 60)
            #expect(created["activity"] == nil)
            #expect((created["people"] as? [Any])?.isEmpty == true)

            let future = try await api.post("/checkins", ["feelingId": happy, "at": "2999-01-01T00:00:00Z"])
            future.expectProblem(.unprocessableContent, "validation_failed")
            #expect(future.errorCode("at") == "future_date")
            let ancient = try await api.post("/checkins", ["feelingId": happy, "at": "1850-01-01T00:00:00Z"])
            #expect(ancient.errorCode("at") == "out_of_range")
            let long = try await api.post("/checkins", ["feelingId": happy, "note": String(repeating: "x", count: 10_001)])
            #expect(long.errorCode("note") == "too_long")
            // Offsets and lower case are RFC 3339 too.
            let offset = try await api.post("/checkins", ["feelingId": happy, "at": "2024-03-09t23:30:00+02:00"])
            #expect(offset["at"] as? String == "2024-03-09T21:30:00.000000Z")
        }
    }

    @Test func everyRFC3339FormIsReadAndMicrosecondsAreWritten() async throws {
        try await withApp(.sqlite) { client, _ in
            let api = try await API(client).register("rfc3339")
            let happy = try await api.wordID("feelings", "happy")
            let cases = [
                ("2024-03-09T12:00:00Z", "2024-03-09T12:00:00.000000Z"),
                ("2024-03-09t12:00:00z", "2024-03-09T12:00:00.000000Z"),
                ("2024-03-09T12:00:00.5Z", "2024-03-09T12:00:00.500000Z"),
                ("2024-03-09T12:00:00.123456Z", "2024-03-09T12:00:00.123456Z"),
                ("2024-03-09T12:00:00.1234567891Z", "2024-03-09T12:00:00.123457Z"),
                ("2024-03-09T23:30:00+23:45", "2024-03-08T23:45:00.000000Z"),
                ("2024-03-09T00:30:00-12:00", "2024-03-09T12:30:00.000000Z"),
                ("2024-02-29T12:00:00+00:00", "2024-02-29T12:00:00.000000Z"),
                ("1900-01-01T00:00:00Z", "1900-01-01T00:00:00.000000Z"),
                ("1969-12-31T23:59:59.999999Z", "1969-12-31T23:59:59.999999Z"),
            ]
            for (sent, written) in cases {
                let response = try await api.post("/checkins", ["feelingId": happy, "at": sent])
                #expect(response["at"] as? String == written, "\(sent): \(response.text)")
            }
            for bad in ["2024-03-09", "2024-03-09T12:00:00", "2024-02-30T12:00:00Z", "2024-03-09T24:00:00Z",
                        "2024-03-09T12:00:00+24:00", "2024-03-09 12:00:00Z", "2024-03-09T12:00:00.Z", "yesterday"] {
                let response = try await api.post("/checkins", ["feelingId": happy, "at": bad])
                response.expectProblem(.badRequest, "malformed_request")
                #expect(response.errorFields == ["at"], "\(bad)")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func unknownAndOtherUsersWordsAreRefused(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("mine")
            let other = try await API(client).register("theirs")
            let theirFeeling = try await other.wordID("feelings", "happy")
            let theirActivity = try await other.wordID("activities", "work")
            let theirPerson = try #require(try await other.post("/people", ["name": "Zoe"])["id"] as? String)
            let myActivity = try await api.wordID("activities", "work")

            let refused = try await api.post(
                "/checkins",
                ["feelingId": theirFeeling, "activityId": theirActivity, "personIds": [theirPerson],
                 "note": String(repeating: "x", count: 10_001)])
            refused.expectProblem(.unprocessableContent, "validation_failed")
            #expect(refused.errorCode("feelingId") == "unknown")
            #expect(refused.errorCode("activityId") == "unknown")
            #expect(refused.errorCode("personIds[0]") == "unknown")
            #expect(refused.errorCode("note") == "too_long")

            // An activity is not a feeling.
            let wrongKind = try await api.post("/checkins", ["feelingId": myActivity])
            #expect(wrongKind.errorCode("feelingId") == "unknown")
            let random = try await api.post("/checkins", ["feelingId": UUID().uuidString])
            #expect(random.errorCode("feelingId") == "unknown")
            let malformed = try await api.post("/checkins", ["feelingId": "happy", "personIds": ["x"]])
            #expect(malformed.errorCode("feelingId") == "invalid")
            #expect(malformed.errorCode("personIds[0]") == "invalid")
            #expect(try await api.get("/checkins").items.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func listFiltersByDateAndPagesNewestFirst(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("pager")
            let happy = try await api.wordID("feelings", "happy")
            for day in 1...6 {
                for hour in ["08", "20"] {
                    let response = try await api.post("/checkins", ["feelingId": happy, "at": "2024-05-0\(day)T\(hour):00:00Z"])
                    #expect(response.status == .created)
                }
            }
            let all = try await api.get("/checkins?limit=100")
            #expect(all.items.count == 12)
            #expect(all.items.first?["at"] as? String == "2024-05-06T20:00:00.000000Z")
            #expect(all["nextCursor"] == nil)

            var seen: [String] = []
            var path = "/checkins?from=2024-05-02&to=2024-05-04&limit=4"
            while true {
                let page = try await api.get(path)
                #expect(page.status == .ok)
                seen += page.items.compactMap { $0["at"] as? String }
                guard let cursor = page["nextCursor"] as? String else { break }
                path = "/checkins?from=2024-05-02&to=2024-05-04&limit=4&cursor=\(cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
            }
            #expect(seen == [
                "2024-05-04T20:00:00.000000Z", "2024-05-04T08:00:00.000000Z", "2024-05-03T20:00:00.000000Z",
                "2024-05-03T08:00:00.000000Z", "2024-05-02T20:00:00.000000Z", "2024-05-02T08:00:00.000000Z",
            ])
            let backwards = try await api.get("/checkins?from=2024-05-04&to=2024-05-02")
            backwards.expectProblem(.unprocessableContent, "validation_failed")
            #expect(backwards.errorCode("to") == "invalid")
            #expect(try await API(client).register("nobody_else").get("/checkins").items.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func patchChangesFieldsAndClearsTheActivity(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("patcher")
            let happy = try await api.wordID("feelings", "happy")
            let tired = try await api.wordID("feelings", "tired")
            let work = try await api.wordID("activities", "work")
            let cooking = try await api.wordID("activities", "cooking")
            let anna = try #require(try await api.post("/people", ["name": "Anna"])["id"] as? String)
            let created = try await api.post(
                "/checkins", ["feelingId": happy, "activityId": work, "personIds": [anna], "note": "first", "at": "2024-03-09T10:00:00Z"])
            let id = try #require(created["id"] as? String)

            let note = try await api.patch("/checkins/\(id)", ["note": "second"])
            #expect(note.status == .ok)
            #expect(note["note"] as? String == "second")
            #expect((note["feeling"] as? [String: Any])?["id"] as? String == happy)
            #expect((note["activity"] as? [String: Any])?["id"] as? String == work)
            #expect((note["people"] as? [Any])?.count == 1)

            let changed = try await api.patch(
                "/checkins/\(id)", ["feelingId": tired, "activityId": cooking, "personIds": [] as [String], "at": "2024-03-08T10:00:00Z"])
            #expect((changed["feeling"] as? [String: Any])?["name"] as? String == "tired")
            #expect((changed["activity"] as? [String: Any])?["name"] as? String == "cooking")
            #expect((changed["people"] as? [Any])?.isEmpty == true)
            #expect(changed["localDate"] as? String == "2024-03-08")

            let both = try await api.patch("/checkins/\(id)", ["activityId": work, "clearActivity": true])
            both.expectProblem(.unprocessableContent, "validation_failed")
            #expect(both.errorCode("clearActivity") == "conflict")
            let cleared = try await api.patch("/checkins/\(id)", ["clearActivity": true])
            #expect(cleared.status == .ok)
            #expect(cleared["activity"] == nil)
            #expect(try await api.get("/checkins/\(id)")["activity"] == nil)
            let keep = try await api.patch("/checkins/\(id)", ["clearActivity": false, "note": "third"])
            #expect(keep["activity"] == nil && keep["note"] as? String == "third")

            let bad = try await api.patch("/checkins/\(id)", ["feelingId": work, "at": "2999-01-01T00:00:00Z"])
            #expect(bad.errorCode("feelingId") == "unknown")
            #expect(bad.errorCode("at") == "future_date")

            #expect(try await api.delete("/checkins/\(id)").status == .noContent)
            try await api.get("/checkins/\(id)").expectProblem(.notFound, "not_found")
            try await api.patch("/checkins/\(id)", ["note": "gone"]).expectProblem(.notFound, "not_found")
            try await api.delete("/checkins/\(id)").expectProblem(.notFound, "not_found")
        }
    }

    @Test(arguments: TestDatabase.available)
    func anotherUsersCheckinIsNotFound(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let alice = try await API(client).register("alice")
            let bob = try await API(client).register("bob")
            let happy = try await alice.wordID("feelings", "happy")
            let id = try #require(try await alice.post("/checkins", ["feelingId": happy, "note": "mine"])["id"] as? String)
            try await bob.get("/checkins/\(id)").expectProblem(.notFound, "not_found")
            try await bob.patch("/checkins/\(id)", ["note": "hacked"]).expectProblem(.notFound, "not_found")
            try await bob.delete("/checkins/\(id)").expectProblem(.notFound, "not_found")
            #expect(try await alice.get("/checkins/\(id)")["note"] as? String == "mine")
        }
    }

    @Test(arguments: TestDatabase.available)
    func lateEveningBelongsToThatLocalDateAcrossDaylightSaving(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("newyorker", timeZone: "America/New_York")
            let happy = try await api.wordID("feelings", "happy")
            let cases = [
                // 23:30 on the evening before, the day of, and the day after spring forward (10 March 2024).
                ("2024-03-09T23:30:00-05:00", "2024-03-09"), ("2024-03-10T23:30:00-04:00", "2024-03-10"),
                ("2024-03-11T23:30:00-04:00", "2024-03-11"),
                // The repeated hour when clocks fall back (3 November 2024), both times, and 23:30.
                ("2024-11-03T01:30:00-04:00", "2024-11-03"), ("2024-11-03T01:30:00-05:00", "2024-11-03"),
                ("2024-11-03T23:30:00-05:00", "2024-11-03"),
                // Just after midnight local is the next date, though UTC still says the previous one.
                ("2024-06-01T00:10:00-04:00", "2024-06-01"),
            ]
            for (at, date) in cases {
                let created = try await api.post("/checkins", ["feelingId": happy, "at": at])
                #expect(created["localDate"] as? String == date, "\(at)")
                #expect(created["timeZone"] as? String == "America/New_York")
            }
            let evening = try await api.get("/checkins?from=2024-03-09&to=2024-03-09")
            #expect(evening.items.count == 1)
            let calendar = try await api.get("/calendar?month=2024-03")
            #expect((calendar["days"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2024-03-09", "2024-03-10", "2024-03-11"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func movingTimeZoneKeepsOldCheckinsOnTheirDates(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("traveller", timeZone: "America/New_York")
            let happy = try await api.wordID("feelings", "happy")
            let old = try await api.post("/checkins", ["feelingId": happy, "at": "2024-03-09T23:30:00-05:00"])
            let id = try #require(old["id"] as? String)
            #expect(old["localDate"] as? String == "2024-03-09")

            #expect(try await api.patch("/me", ["timeZone": "Asia/Tokyo"]).status == .ok)
            let after = try await api.get("/checkins/\(id)")
            #expect(after["localDate"] as? String == "2024-03-09")
            #expect(after["timeZone"] as? String == "America/New_York")
            // Editing anything but the time keeps the date it was logged on.
            let edited = try await api.patch("/checkins/\(id)", ["note": "in Tokyo now"])
            #expect(edited["localDate"] as? String == "2024-03-09")
            // The same instant logged now belongs to Tokyo's date.
            let new = try await api.post("/checkins", ["feelingId": happy, "at": "2024-03-09T23:30:00-05:00"])
            #expect(new["localDate"] as? String == "2024-03-10")
            #expect(new["timeZone"] as? String == "Asia/Tokyo")
            // Moving the time places it in the zone the user is in now.
            let moved = try await api.patch("/checkins/\(id)", ["at": "2024-03-09T23:30:00-05:00"])
            #expect(moved["localDate"] as? String == "2024-03-10")
            #expect(moved["timeZone"] as? String == "Asia/Tokyo")
        }
    }
}
