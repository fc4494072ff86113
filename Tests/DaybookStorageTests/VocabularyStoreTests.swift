import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("VocabularyStore conformance")
struct VocabularyStoreTests {
    @Test(arguments: TestDatabase.available)
    func itemsInPickerOrder(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            func item(_ kind: VocabularyKind, _ name: String, _ emoji: String, _ position: Int, archived: Bool = false)
                -> VocabularyItem
            {
                VocabularyItem(
                    userID: anna.id, kind: kind, name: name, emoji: emoji, archived: archived, position: position,
                    createdAt: time(Double(position)))
            }
            let items = [
                item(.feeling, "tired", "🥱", 2),
                item(.feeling, "happy", "😊", 0),
                item(.activity, "work", "💼", 1),
                item(.feeling, "calm", "😌", 1, archived: true),
                item(.activity, "family", "👨‍👩‍👧", 0),
                // Equal positions: by name, in byte order (upper case before lower case).
                item(.activity, "reading", "📚", 5),
                item(.activity, "Reading", "📖", 5),
                item(.activity, "Überraschung", "🎁", 5),
            ]
            try await store.vocabulary.insert(items)
            let byName = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0) })

            let all = try await store.vocabulary.items(userID: anna.id, kind: nil, includeArchived: true)
            #expect(
                all.map(\.name) == ["family", "work", "Reading", "reading", "Überraschung", "happy", "calm", "tired"])
            #expect(all == all.map { byName[$0.name]! })

            let feelings = try await store.vocabulary.items(userID: anna.id, kind: .feeling, includeArchived: false)
            #expect(feelings.map(\.name) == ["happy", "tired"])
            let archivedToo = try await store.vocabulary.items(userID: anna.id, kind: .feeling, includeArchived: true)
            #expect(archivedToo.map(\.name) == ["happy", "calm", "tired"])
            let activities = try await store.vocabulary.items(userID: anna.id, kind: .activity, includeArchived: false)
            #expect(activities.map(\.name) == ["family", "work", "Reading", "reading", "Überraschung"])

            #expect(try await store.vocabulary.items(userID: UUID(), kind: nil, includeArchived: true).isEmpty)
            try await store.vocabulary.insert([])
        }
    }

    /// `named` answers only the asked ids that are the user's own, archived ones included, and
    /// asks nothing for no ids.
    @Test(arguments: TestDatabase.available)
    func namedFindsOnlyTheUsersOwnAskedWordsAndPeople(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let happy = VocabularyItem(
                userID: anna.id, kind: .feeling, name: "happy", emoji: "😊", position: 0, createdAt: baseTime)
            let walk = VocabularyItem(
                userID: anna.id, kind: .activity, name: "walk", emoji: "🚶", archived: true, position: 0,
                createdAt: baseTime)
            let work = VocabularyItem(
                userID: anna.id, kind: .activity, name: "work", emoji: "💼", position: 1, createdAt: baseTime)
            let bobs = VocabularyItem(
                userID: bob.id, kind: .feeling, name: "sad", emoji: "😢", position: 0, createdAt: baseTime)
            try await store.vocabulary.insert([happy, walk, work, bobs])
            let sam = Person(userID: anna.id, name: "Sam", createdAt: baseTime)
            let kim = Person(userID: anna.id, name: "Kim", archived: true, createdAt: baseTime)
            let bobsFriend = Person(userID: bob.id, name: "Jo", createdAt: baseTime)
            for person in [sam, kim, bobsFriend] { try await store.vocabulary.insert(person) }

            let found = try await store.vocabulary.named(
                userID: anna.id, itemIDs: [happy.id, walk.id, bobs.id, UUID()], personIDs: [kim.id, bobsFriend.id])
            #expect(Set(found.items) == [happy, walk])
            #expect(found.people == [kim])
            let none = try await store.vocabulary.named(userID: anna.id, itemIDs: [], personIDs: [])
            #expect(none.items.isEmpty && none.people.isEmpty)
            #expect(
                try await store.vocabulary.named(userID: bob.id, itemIDs: [happy.id], personIDs: [sam.id]).items.isEmpty
            )
        }
    }

    @Test(arguments: TestDatabase.available)
    func itemOfAnotherUserIsUnknown(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let happy = VocabularyItem(
                userID: anna.id, kind: .feeling, name: "happy", emoji: "😊", position: 3, createdAt: baseTime)
            try await store.vocabulary.insert([happy])
            #expect(try await store.vocabulary.item(id: happy.id, userID: anna.id) == happy)
            #expect(try await store.vocabulary.item(id: happy.id, userID: bob.id) == nil)
            #expect(try await store.vocabulary.items(userID: bob.id, kind: nil, includeArchived: true).isEmpty)

            var stolen = happy
            stolen.userID = bob.id
            stolen.name = "mine now"
            #expect(try await store.vocabulary.update(stolen) == false)
            #expect(try await store.vocabulary.item(id: happy.id, userID: anna.id) == happy)
        }
    }

    @Test(arguments: TestDatabase.available)
    func updateRenamesReEmojisArchivesAndMoves(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            var item = VocabularyItem(
                userID: anna.id, kind: .activity, name: "walk", emoji: "🚶", position: 0, createdAt: baseTime)
            try await store.vocabulary.insert([item])
            item.name = "long walk"
            item.emoji = "🥾"
            item.archived = true
            item.position = 7
            #expect(try await store.vocabulary.update(item))
            #expect(try await store.vocabulary.item(id: item.id, userID: anna.id) == item)
            // Kind and creation time are fixed at creation.
            var changed = item
            changed.kind = .feeling
            changed.createdAt = time(99)
            #expect(try await store.vocabulary.update(changed))
            #expect(try await store.vocabulary.item(id: item.id, userID: anna.id) == item)
            #expect(
                try await store.vocabulary.update(
                    VocabularyItem(userID: anna.id, kind: .feeling, name: "x", emoji: "x")) == false)
        }
    }

    @Test(arguments: TestDatabase.available)
    func nextPositionPerKind(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            #expect(try await store.vocabulary.nextPosition(userID: anna.id, kind: .feeling) == 0)
            let feelings = (0..<5).map {
                VocabularyItem(
                    userID: anna.id, kind: .feeling, name: "f\($0)", emoji: "🙂", position: $0 * 2, createdAt: baseTime)
            }
            try await store.vocabulary.insert(feelings)
            try await store.vocabulary.insert([
                VocabularyItem(userID: bob.id, kind: .feeling, name: "x", emoji: "🙂", position: 40, createdAt: baseTime)
            ])
            #expect(try await store.vocabulary.nextPosition(userID: anna.id, kind: .feeling) == 9)
            #expect(try await store.vocabulary.nextPosition(userID: anna.id, kind: .activity) == 0)
            #expect(try await store.vocabulary.nextPosition(userID: bob.id, kind: .feeling) == 41)
        }
    }

    @Test(arguments: TestDatabase.available)
    func insertsManyAtOnce(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let words = DefaultVocabulary.feelings.enumerated().map { index, word in
                VocabularyItem(
                    userID: anna.id, kind: .feeling, name: word.name, emoji: word.emoji, position: index,
                    createdAt: baseTime)
            }
            try await store.vocabulary.insert(words)
            #expect(try await store.vocabulary.items(userID: anna.id, kind: .feeling, includeArchived: false) == words)
        }
    }

    @Test(arguments: TestDatabase.available)
    func peopleByNameIgnoringCase(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let names = ["carol", "Émile", "bob", "Zed", "alice", "Dave"]
            var people: [String: Person] = [:]
            for (index, name) in names.enumerated() {
                let person = Person(
                    userID: anna.id, name: name, archived: name == "Dave", createdAt: time(Double(index)))
                try await store.vocabulary.insert(person)
                people[name] = person
            }
            try await store.vocabulary.insert(Person(userID: bob.id, name: "Bob's friend", createdAt: baseTime))

            // Case is folded for ASCII letters only (SQLite's NOCASE): "Émile" sorts after "Zed".
            let all = try await store.vocabulary.people(userID: anna.id, includeArchived: true)
            #expect(all.map(\.name) == ["alice", "bob", "carol", "Dave", "Zed", "Émile"])
            #expect(all == all.map { people[$0.name]! })
            let active = try await store.vocabulary.people(userID: anna.id, includeArchived: false)
            #expect(active.map(\.name) == ["alice", "bob", "carol", "Zed", "Émile"])

            // Names equal but for case: by id.
            let twins = [
                Person(userID: bob.id, name: "Sam", createdAt: baseTime),
                Person(userID: bob.id, name: "sam", createdAt: baseTime),
            ]
            for twin in twins { try await store.vocabulary.insert(twin) }
            let bobs = try await store.vocabulary.people(userID: bob.id, includeArchived: false)
            #expect(bobs.count == 3)
            #expect(
                Array(bobs.dropFirst())
                    == twins.sorted { $0.id.uuidString.lowercased() < $1.id.uuidString.lowercased() })
        }
    }

    @Test(arguments: TestDatabase.available)
    func personOwnOnly(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            var mia = Person(userID: anna.id, name: "Mia", createdAt: baseTime)
            try await store.vocabulary.insert(mia)
            #expect(try await store.vocabulary.person(id: mia.id, userID: anna.id) == mia)
            #expect(try await store.vocabulary.person(id: mia.id, userID: bob.id) == nil)

            mia.name = "Mia S."
            mia.archived = true
            #expect(try await store.vocabulary.update(mia))
            #expect(try await store.vocabulary.person(id: mia.id, userID: anna.id) == mia)
            var stolen = mia
            stolen.userID = bob.id
            stolen.name = "Bob's Mia"
            #expect(try await store.vocabulary.update(stolen) == false)
            #expect(try await store.vocabulary.person(id: mia.id, userID: anna.id) == mia)
        }
    }
}
