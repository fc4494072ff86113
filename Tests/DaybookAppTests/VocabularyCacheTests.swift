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
            #expect(both.items.count == 2 && both.items[swim.id]?.name == "Swim")
            #expect(both.activities.map(\.id).sorted() == [run.id, swim.id].sorted())

            // Another user's word stays unnamed.
            let other = User(email: "o@example.org", username: "other")
            try await store.users.insert(other, passwordHash: "x")
            let theirs = try await service.add(userID: other.id, kind: .activity, name: "Theirs", emoji: "🔒")
            #expect(try await name(service, user, theirs.id) == nil)
        }
    }

    /// A part of the vocabulary (what an answer about a few records names): the ids asked for,
    /// repeats and all, with the lists in the whole vocabulary's order, for a record's few ids and
    /// for a page's many; another user's id is left out.
    @Test(arguments: TestDatabase.available)
    func aPartHoldsTheIdsAskedForInTheVocabularysOrder(database: TestDatabase) async throws {
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
                let part = try await service.lookup(
                    userID: user.id, itemIDs: asked.map(\.id) + [theirs.id], personIDs: [people[2].id, people[0].id])
                let wanted = Set(asked.map(\.id))
                #expect(Set(part.items.keys) == wanted)
                #expect(part.activities.map(\.id) == whole.activities.map(\.id).filter { wanted.contains($0) })
                #expect(part.feelings.isEmpty)
                #expect(
                    part.allPeople.map(\.id)
                        == whole.allPeople.map(\.id).filter { [people[2].id, people[0].id].contains($0) })
                #expect(part.items[theirs.id] == nil)
            }
        }
    }
}
