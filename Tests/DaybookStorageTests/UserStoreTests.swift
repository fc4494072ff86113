import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("UserStore conformance")
struct UserStoreTests {
    @Test(arguments: TestDatabase.available)
    func insertedUserReadsBackEqual(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let user = sampleUser("AnnaK", avatar: UUID())
            try await store.users.insert(user, passwordHash: "$2b$12$abc")
            #expect(try await store.users.user(id: user.id) == user)
            #expect(try await store.users.user(id: UUID()) == nil)
            #expect(try await store.users.passwordHash(userID: user.id) == "$2b$12$abc")
            #expect(try await store.users.passwordHash(userID: UUID()) == nil)

            let plain = User(email: "b@example.com", username: "bob", createdAt: baseTime, updatedAt: baseTime)
            try await store.users.insert(plain, passwordHash: "h")
            #expect(try await store.users.user(id: plain.id) == plain)
        }
    }

    @Test(arguments: TestDatabase.available)
    func emailAndUsernameConflicts(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "AnnaK")
            let sameEmail = User(email: anna.email, username: "someone_else")
            #expect(await storeError { try await store.users.insert(sameEmail, passwordHash: "h") } == .conflict(field: "email"))
            let sameNameOtherCase = User(email: "other@example.com", username: "annak")
            #expect(
                await storeError { try await store.users.insert(sameNameOtherCase, passwordHash: "h") }
                    == .conflict(field: "username"))
            #expect(try await store.users.count() == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func findsByEmailOrUsernameIgnoringCase(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "AnnaK")
            try await addUser(store, "bob")
            for login in ["annak@example.com", "ANNAK@Example.com", "AnnaK", "annak", "ANNAK"] {
                #expect(try await store.users.user(login: login)?.id == anna.id, "login \(login)")
            }
            #expect(try await store.users.user(login: "anna") == nil)
            #expect(try await store.users.user(login: "nobody@example.com") == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func updateSavesProfileAndReportsConflicts(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "AnnaK")
            var bob = try await addUser(store, "bob")
            bob.username = "Bobby"
            bob.email = "bobby@example.com"
            bob.displayName = "Robert"
            bob.bio = "Line one\nline two ✨"
            bob.timeZone = "America/New_York"
            bob.avatarMediaID = UUID()
            bob.updatedAt = time(60)
            #expect(try await store.users.update(bob))
            #expect(try await store.users.user(id: bob.id) == bob)
            #expect(try await store.users.user(login: "bobby")?.id == bob.id)
            #expect(try await store.users.user(login: "bob") == nil)

            // Changing only the case of one's own username is no conflict.
            bob.username = "BOBBY"
            #expect(try await store.users.update(bob))

            var clash = bob
            clash.email = anna.email
            #expect(await storeError { try await store.users.update(clash) } == .conflict(field: "email"))
            clash = bob
            clash.username = "ANNAK"
            #expect(await storeError { try await store.users.update(clash) } == .conflict(field: "username"))
            #expect(try await store.users.user(id: bob.id) == bob)

            #expect(try await store.users.update(User(email: "ghost@example.com", username: "ghost")) == false)
            bob.avatarMediaID = nil
            #expect(try await store.users.update(bob))
            #expect(try await store.users.user(id: bob.id)?.avatarMediaID == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func setPasswordHash(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            try await store.users.setPasswordHash("new-hash", userID: anna.id)
            #expect(try await store.users.passwordHash(userID: anna.id) == "new-hash")
            #expect(try await store.users.passwordHash(userID: bob.id) == "hash-of-bob")
        }
    }

    @Test(arguments: TestDatabase.available)
    func listIsOldestFirstAndCounts(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            #expect(try await store.users.count() == 0)
            #expect(try await store.users.list(limit: 10, offset: 0).isEmpty)
            let names = ["carol", "anna", "dave", "bob", "erin"]
            var users: [User] = []
            for (index, name) in names.enumerated() {
                // Created out of name order: the list follows creation time.
                users.append(try await addUser(store, name, createdAt: time(Double([3, 0, 4, 1, 2][index]))))
            }
            let oldestFirst = users.sorted { $0.createdAt < $1.createdAt }
            #expect(try await store.users.count() == 5)
            #expect(try await store.users.list(limit: 10, offset: 0) == oldestFirst)
            #expect(try await store.users.list(limit: 2, offset: 1) == Array(oldestFirst[1...2]))
            #expect(try await store.users.list(limit: 2, offset: 4) == [oldestFirst[4]])

            // Equal creation times: then by id.
            let twins = [sampleUser("twin_a", createdAt: time(100)), sampleUser("twin_b", createdAt: time(100))]
            for twin in twins { try await store.users.insert(twin, passwordHash: "h") }
            let listed = try await store.users.list(limit: 2, offset: 5)
            #expect(listed == twins.sorted { $0.id.uuidString.lowercased() < $1.id.uuidString.lowercased() })
        }
    }

    @Test(arguments: TestDatabase.available)
    func deleteCascadesToEverythingTheUserOwns(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            var ids: [UUID: (session: Session, item: VocabularyItem, person: Person, checkin: Checkin)] = [:]
            for (user, token) in [(anna, "a"), (bob, "b")] {
                let session = sampleSession(userID: user.id, token: token)
                try await store.sessions.insert(session)
                let item = VocabularyItem(userID: user.id, kind: .feeling, name: "happy", emoji: "😊", createdAt: baseTime)
                try await store.vocabulary.insert([item])
                let person = Person(userID: user.id, name: "Mia", createdAt: baseTime)
                try await store.vocabulary.insert(person)
                _ = try await store.days.upsert(
                    DayEntry(userID: user.id, date: date("2025-06-01"), mood: .good, createdAt: baseTime, updatedAt: baseTime))
                let checkin = Checkin(
                    userID: user.id, at: baseTime, localDate: date("2025-06-01"), timeZone: "UTC", feelingID: item.id,
                    createdAt: baseTime, updatedAt: baseTime)
                try await store.checkins.insert(checkin)
                ids[user.id] = (session, item, person, checkin)
            }

            #expect(try await store.users.delete(id: anna.id))
            #expect(try await store.users.delete(id: anna.id) == false)
            #expect(try await store.users.user(id: anna.id) == nil)
            let gone = ids[anna.id]!
            #expect(try await store.sessions.session(tokenHash: gone.session.tokenHash) == nil)
            #expect(try await store.sessions.sessions(userID: anna.id).isEmpty)
            #expect(try await store.vocabulary.item(id: gone.item.id, userID: anna.id) == nil)
            #expect(try await store.vocabulary.person(id: gone.person.id, userID: anna.id) == nil)
            #expect(try await store.days.entry(userID: anna.id, date: date("2025-06-01")) == nil)
            #expect(try await store.checkins.checkin(id: gone.checkin.id, userID: anna.id) == nil)

            let kept = ids[bob.id]!
            #expect(try await store.sessions.session(tokenHash: kept.session.tokenHash) == kept.session)
            #expect(try await store.vocabulary.item(id: kept.item.id, userID: bob.id) == kept.item)
            #expect(try await store.vocabulary.person(id: kept.person.id, userID: bob.id) == kept.person)
            #expect(try await store.days.entry(userID: bob.id, date: date("2025-06-01")) != nil)
            #expect(try await store.checkins.checkin(id: kept.checkin.id, userID: bob.id) == kept.checkin)
            #expect(try await store.users.count() == 1)

            // The freed email and username can be taken again.
            try await store.users.insert(sampleUser("ANNA"), passwordHash: "h")
        }
    }
}
