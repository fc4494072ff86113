import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("API: feelings, activities and people")
struct APIVocabularyTests {
    @Test(arguments: TestDatabase.available)
    func everyUserStartsWithTheDefaults(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("defaults")
            let feelings = try await api.get("/feelings")
            #expect(feelings.items.map { $0["name"] as? String } == DefaultVocabulary.feelings.map(\.name))
            #expect(feelings.items.map { $0["emoji"] as? String } == DefaultVocabulary.feelings.map(\.emoji))
            #expect(feelings.items.allSatisfy { $0["kind"] as? String == "feeling" && $0["archived"] as? Bool == false })
            let positions = feelings.items.compactMap { $0["position"] as? Int }
            #expect(positions == positions.sorted())
            let activities = try await api.get("/activities")
            #expect(activities.items.map { $0["name"] as? String } == DefaultVocabulary.activities.map(\.name))
            #expect(try await api.get("/people").items.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available, ["feelings", "activities"])
    func addRenameReEmojiArchiveAndBringBack(database: TestDatabase, list: String) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("wordsmith")
            let added = try await api.post("/\(list)", ["name": "  cozy ", "emoji": "🧸"])
            #expect(added.status == .created, "\(added.text)")
            #expect(added["name"] as? String == "cozy")
            #expect(added["kind"] as? String == (list == "feelings" ? "feeling" : "activity"))
            let id = try #require(added["id"] as? String)
            let listed = try await api.get("/\(list)")
            #expect(listed.items.last?["id"] as? String == id)

            let renamed = try await api.patch("/\(list)/\(id)", ["name": "snug"])
            #expect(renamed["name"] as? String == "snug" && renamed["emoji"] as? String == "🧸")
            let reEmojied = try await api.patch("/\(list)/\(id)", ["emoji": "🛋️"])
            #expect(reEmojied["name"] as? String == "snug" && reEmojied["emoji"] as? String == "🛋️")

            #expect(try await api.delete("/\(list)/\(id)").status == .noContent)
            #expect(try await api.get("/\(list)").items.contains { $0["id"] as? String == id } == false)
            let archived = try await api.get("/\(list)?includeArchived=true").items.first { $0["id"] as? String == id }
            #expect(archived?["archived"] as? Bool == true)
            let back = try await api.patch("/\(list)/\(id)", ["archived": false])
            #expect(back["archived"] as? Bool == false)
            #expect(try await api.get("/\(list)?includeArchived=false").items.contains { $0["id"] as? String == id })
        }
    }

    @Test(arguments: TestDatabase.available)
    func badWordsAreNamed(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("badwords")
            let empty = try await api.post("/feelings", ["name": " ", "emoji": "ab"])
            empty.expectProblem(.unprocessableContent, "validation_failed")
            #expect(empty.errorCode("name") == "required")
            #expect(empty.errorCode("emoji") == "invalid")
            let long = try await api.post("/activities", ["name": String(repeating: "a", count: 41), "emoji": "🎉🎉🎉"])
            #expect(long.errorCode("name") == "too_long")
            #expect(long.errorCode("emoji") == "too_long")
            let taken = try await api.post("/feelings", ["name": "HAPPY", "emoji": "😀"])
            #expect(taken.errorCode("name") == "taken")
            let missing = try await api.post("/feelings", ["name": "x"])
            missing.expectProblem(.badRequest, "malformed_request")
            #expect(missing.errorCode("emoji") == "required")
            let happy = try await api.wordID("feelings", "happy")
            let rename = try await api.patch("/feelings/\(happy)", ["name": "calm"])
            #expect(rename.errorCode("name") == "taken")
            // A feeling is not reachable as an activity.
            try await api.patch("/activities/\(happy)", ["name": "joy"]).expectProblem(.notFound, "not_found")
            try await api.delete("/activities/\(happy)").expectProblem(.notFound, "not_found")
            let person = try await api.post("/people", ["name": String(repeating: "p", count: 61)])
            #expect(person.errorCode("name") == "too_long")
        }
    }

    @Test(arguments: TestDatabase.available)
    func archivedWordsStayOnOldCheckins(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("keeper")
            let sad = try await api.wordID("feelings", "sad")
            let music = try await api.wordID("activities", "music")
            let mum = try #require(try await api.post("/people", ["name": "Mum"])["id"] as? String)
            let id = try #require(
                try await api.post("/checkins", ["feelingId": sad, "activityId": music, "personIds": [mum]])["id"] as? String)
            #expect(try await api.delete("/feelings/\(sad)").status == .noContent)
            #expect(try await api.delete("/activities/\(music)").status == .noContent)
            #expect(try await api.delete("/people/\(mum)").status == .noContent)

            let checkin = try await api.get("/checkins/\(id)")
            let feeling = try #require(checkin["feeling"] as? [String: Any])
            #expect(feeling["name"] as? String == "sad" && feeling["archived"] as? Bool == true)
            #expect((checkin["activity"] as? [String: Any])?["archived"] as? Bool == true)
            #expect((checkin["people"] as? [[String: Any]])?.first?["archived"] as? Bool == true)
            #expect(try await api.get("/checkins").items.first?["feeling"].flatMap { $0 as? [String: Any] }?["name"] as? String == "sad")
            // Editing the old check-in keeps them.
            let edited = try await api.patch("/checkins/\(id)", ["note": "still sad"])
            #expect(edited.status == .ok, "\(edited.text)")
        }
    }

    @Test(arguments: TestDatabase.available)
    func peopleAddRenameArchive(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("social")
            let anna = try await api.post("/people", ["name": " Anna "])
            #expect(anna.status == .created)
            #expect(anna["name"] as? String == "Anna")
            let id = try #require(anna["id"] as? String)
            // The same name again is the same person.
            let again = try await api.post("/people", ["name": "anna"])
            #expect(again.status == .ok)
            #expect(again["id"] as? String == id)
            _ = try await api.post("/people", ["name": "Ben"])
            #expect(try await api.get("/people").items.map { $0["name"] as? String } == ["Anna", "Ben"])

            let renamed = try await api.patch("/people/\(id)", ["name": "Anna K."])
            #expect(renamed["name"] as? String == "Anna K.")
            #expect(try await api.delete("/people/\(id)").status == .noContent)
            #expect(try await api.get("/people").items.map { $0["name"] as? String } == ["Ben"])
            let all = try await api.get("/people?includeArchived=true")
            #expect(all.items.first { $0["id"] as? String == id }?["archived"] as? Bool == true)
            // Adding an archived person by name brings them back.
            let back = try await api.post("/people", ["name": "ANNA K."])
            #expect(back["id"] as? String == id && back["archived"] as? Bool == false)
            #expect(try await api.patch("/people/\(id)", ["name": ""]).errorCode("name") == "required")
        }
    }

    @Test(arguments: TestDatabase.available)
    func anotherUsersWordsAndPeopleAreNotFound(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let alice = try await API(client).register("alice")
            let bob = try await API(client).register("bob")
            let happy = try await alice.wordID("feelings", "happy")
            let work = try await alice.wordID("activities", "work")
            let anna = try #require(try await alice.post("/people", ["name": "Anna"])["id"] as? String)
            try await bob.patch("/feelings/\(happy)", ["name": "mine"]).expectProblem(.notFound, "not_found")
            try await bob.delete("/feelings/\(happy)").expectProblem(.notFound, "not_found")
            try await bob.patch("/activities/\(work)", ["archived": true]).expectProblem(.notFound, "not_found")
            try await bob.delete("/activities/\(work)").expectProblem(.notFound, "not_found")
            try await bob.patch("/people/\(anna)", ["name": "Bob's Anna"]).expectProblem(.notFound, "not_found")
            try await bob.delete("/people/\(anna)").expectProblem(.notFound, "not_found")
            #expect(try await bob.get("/people?includeArchived=true").items.isEmpty)
            // Nothing of Alice's changed.
            #expect(try await alice.get("/feelings").items.first?["name"] as? String == "happy")
            #expect(try await alice.get("/people").items.first?["name"] as? String == "Anna")
        }
    }
}
