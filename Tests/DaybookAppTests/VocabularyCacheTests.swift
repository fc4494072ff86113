import DaybookCore
import DaybookServices
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("The vocabulary cache")
struct VocabularyCacheTests {
    func name(_ service: VocabularyService, _ user: User, _ id: UUID) async throws -> String? {
        try await service.lookup(userID: user.id, itemIDs: [id]).items[id]?.name
    }

    @Test(arguments: TestDatabase.available)
    func namesComeFromACopyOfHalfASecondAndThisServersChangesShowAtOnce(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = ManualMonotonicClock()
            let service = VocabularyService(store: store, cache: VocabularyCache(now: { clock.now }))
            let user = User(email: "v@example.org", username: "vocab")
            try await store.users.insert(user, passwordHash: "x")
            let run = try await service.add(userID: user.id, kind: .activity, name: "Run", emoji: "🏃")
            #expect(try await name(service, user, run.id) == "Run")

            // Renamed behind the service's back, as another app server would: the copy is used
            // for half a second, then read again.
            var renamed = run
            renamed.name = "Jog"
            try await store.vocabulary.update(renamed)
            clock.advance(.milliseconds(499))
            #expect(try await name(service, user, run.id) == "Run")
            clock.advance(.milliseconds(1))
            #expect(try await name(service, user, run.id) == "Jog")

            // Changed through the service: at once.
            _ = try await service.change(userID: user.id, id: run.id, kind: .activity, name: "Sprint")
            #expect(try await name(service, user, run.id) == "Sprint")
            let ann = try await service.addPerson(userID: user.id, name: "Ann")
            #expect(try await service.lookup(userID: user.id, itemIDs: [], personIDs: [ann.id]).people[ann.id] != nil)
            _ = try await service.changePerson(userID: user.id, id: ann.id, name: "Anna")
            #expect(
                try await service.lookup(userID: user.id, itemIDs: [], personIDs: [ann.id]).people[ann.id]?.name
                    == "Anna")

            // A word added elsewhere is named at once: an id the copy lacks reads it again.
            let swim = VocabularyItem(userID: user.id, kind: .activity, name: "Swim", emoji: "🏊", position: 9)
            try await store.vocabulary.insert([swim])
            let both = try await service.lookup(userID: user.id, itemIDs: [run.id, swim.id])
            #expect(both.items[run.id]?.name == "Sprint" && both.items[swim.id]?.name == "Swim")
            // And for a page of check-ins: the one naming a new word reads the vocabulary again.
            let dive = VocabularyItem(userID: user.id, kind: .feeling, name: "Dive", emoji: "🤿", position: 10)
            try await store.vocabulary.insert([dive])
            let page = [run.id, dive.id].map {
                Checkin(
                    userID: user.id, at: Date(), localDate: LocalDate(year: 2025, month: 1, day: 1)!, timeZone: "UTC",
                    feelingID: $0)
            }
            #expect(try await service.lookup(userID: user.id, checkins: page).items[dive.id]?.name == "Dive")

            // Another user's word stays unnamed.
            let other = User(email: "o@example.org", username: "other")
            try await store.users.insert(other, passwordHash: "x")
            let theirs = try await service.add(userID: other.id, kind: .activity, name: "Theirs", emoji: "🔒")
            #expect(try await name(service, user, theirs.id) == nil)
        }
    }

    /// A lookup for a record's few ids or a page's many names each of the user's ids, repeats and
    /// all, and none of another user's; with a cache it is the user's whole cached vocabulary, in
    /// its order, not a copy of a part of it.
    @Test(arguments: TestDatabase.available)
    func aLookupNamesTheUsersOwnIds(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = VocabularyService(store: store, cache: VocabularyCache())
            let user = User(email: "p@example.org", username: "parts")
            try await store.users.insert(user, passwordHash: "x")
            var activities: [VocabularyItem] = []
            for index in 0..<12 {
                activities.append(
                    try await service.add(userID: user.id, kind: .activity, name: "Word \(index)", emoji: "⭐️"))
            }
            var people: [Person] = []
            for name in ["Cleo", "Ann", "Bea"] {
                people.append(try await service.addPerson(userID: user.id, name: name))
            }
            let whole = try await service.lookup(userID: user.id)
            let other = User(email: "q@example.org", username: "other")
            try await store.users.insert(other, passwordHash: "x")
            let theirs = try await service.add(userID: other.id, kind: .activity, name: "Theirs", emoji: "🔒")

            for asked in [[activities[7], activities[2], activities[7]], Array(activities.reversed())] {
                let lookup = try await service.lookup(
                    userID: user.id, itemIDs: asked.map(\.id) + [theirs.id], personIDs: [people[2].id, people[0].id])
                #expect(asked.allSatisfy { lookup.items[$0.id]?.name == $0.name })
                #expect(lookup.people[people[2].id]?.name == "Bea" && lookup.people[people[0].id]?.name == "Cleo")
                #expect(lookup.items[theirs.id] == nil)
                #expect(lookup.activities.map(\.id) == whole.activities.map(\.id))
                #expect(lookup.allPeople.map(\.id) == whole.allPeople.map(\.id))
            }
        }
    }
}
