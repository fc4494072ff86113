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
}
