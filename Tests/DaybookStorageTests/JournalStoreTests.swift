import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("JournalStore conformance")
struct JournalStoreTests {
    func entry(
        _ userID: UUID, _ title: String, at seconds: Double = 0, tags: [String] = [], photos: [UUID] = [],
        isPublic: Bool = false
    ) -> JournalEntry {
        JournalEntry(
            userID: userID, title: title, body: "Body of \(title)\nsecond line ✍️", tags: tags, location: "Vaasa",
            photoIDs: photos, visibility: isPublic ? .public : .private, createdAt: time(seconds),
            updatedAt: time(seconds + 1))
    }

    @Test(arguments: TestDatabase.available)
    func entriesRoundTripWithPhotosInOrder(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let a = samplePhoto(anna.id, "a")
            let b = samplePhoto(anna.id, "b")
            let c = samplePhoto(anna.id, "c")
            for p in [a, b, c] { try await store.media.insert(p) }
            let saved = entry(anna.id, "Lake day", tags: ["summer", "swim"], photos: [c.id, a.id, b.id])
            #expect(try await store.journal.save(saved, insert: true))
            #expect(try await store.journal.entry(id: saved.id, userID: anna.id) == saved)

            // Reorder and drop one; the text changes too.
            var edited = saved
            edited.photoIDs = [b.id, c.id]
            edited.body = "Rewritten"
            edited.visibility = .public
            edited.updatedAt = time(50)
            #expect(try await store.journal.save(edited, insert: false))
            #expect(try await store.journal.entry(id: saved.id, userID: anna.id) == edited)
            #expect(try await store.media.uses(id: a.id, userID: anna.id) == 0)
            #expect(try await store.media.uses(id: b.id, userID: anna.id) == 1)

            // Updating an entry that is not there inserts nothing.
            let ghost = entry(anna.id, "Ghost")
            #expect(try await store.journal.save(ghost, insert: false) == false)
            #expect(try await store.journal.entry(id: ghost.id, userID: anna.id) == nil)
            #expect(try await store.journal.entries(userID: anna.id, tag: nil, after: nil, limit: 10).count == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func createdWithAndWithoutPhotosAndNeverOverAnother(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let a = samplePhoto(anna.id, "a")
            let b = samplePhoto(anna.id, "b")
            for p in [a, b] { try await store.media.insert(p) }
            let plain = entry(anna.id, "Plain", at: 1, tags: ["quiet"])
            let pictured = entry(anna.id, "Pictured", at: 2, photos: [b.id, a.id])
            try await store.journal.create(plain)
            try await store.journal.create(pictured)
            #expect(try await store.journal.entry(id: plain.id, userID: anna.id) == plain)
            #expect(try await store.journal.entry(id: pictured.id, userID: anna.id) == pictured)
            // Creating is never replacing: the same id again fails and the entry stays as it was.
            var again = plain
            again.title = "Overwritten"
            await #expect(throws: (any Error).self) { try await store.journal.create(again) }
            #expect(try await store.journal.entry(id: plain.id, userID: anna.id)?.title == "Plain")
        }
    }

    @Test(arguments: TestDatabase.available)
    func ownerOnly(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let secret = entry(anna.id, "Secret")
            try await store.journal.save(secret, insert: true)
            #expect(try await store.journal.entry(id: secret.id, userID: bob.id) == nil)
            #expect(try await store.journal.readableEntry(id: secret.id, viewerID: nil) == nil)
            #expect(try await store.journal.delete(id: secret.id, userID: bob.id) == nil)
            var stolen = secret
            stolen.userID = bob.id
            stolen.title = "Mine now"
            #expect(try await store.journal.save(stolen, insert: false) == false)
            #expect(try await store.journal.entry(id: secret.id, userID: anna.id)?.title == "Secret")
            #expect(try await store.journal.entries(userID: bob.id, tag: nil, after: nil, limit: 10).isEmpty)
        }
    }

    /// PostgreSQL prepares pages up to the API's largest (101 rows) and sends longer ones (an
    /// export's) unprepared: both kinds read the same entries in the same order.
    @Test(arguments: TestDatabase.available)
    func pagesLongerThanTheAPIsReadTheSameEntries(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            var all: [JournalEntry] = []
            for index in 0..<120 {
                let item = entry(anna.id, "E\(index)", at: Double(index / 2))
                try await store.journal.create(item)
                all.append(item)
            }
            let expected = all.sorted {
                ($0.createdAt, $0.id.uuidString.lowercased()) > ($1.createdAt, $1.id.uuidString.lowercased())
            }.map(\.id)
            func page(after last: JournalEntry?, limit: Int) async throws -> [UUID] {
                let cursor = last.map { PageCursor(createdAt: $0.createdAt, id: $0.id) }
                return try await store.journal.entries(userID: anna.id, tag: nil, after: cursor, limit: limit).map(\.id)
            }
            #expect(try await page(after: nil, limit: 200) == expected)
            #expect(try await page(after: nil, limit: 101) == Array(expected[..<101]))
            let hundredth = all.first { $0.id == expected[99] }
            #expect(try await page(after: hundredth, limit: 102) == Array(expected[100...]))
        }
    }

    @Test(arguments: TestDatabase.available)
    func feedsPageNewestFirstAndFilterByTag(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            var annas: [JournalEntry] = []
            for index in 0..<5 {
                let e = entry(
                    anna.id, "A\(index)", at: Double(index), tags: index.isMultiple(of: 2) ? ["even", "all"] : ["all"],
                    isPublic: index >= 3)
                annas.append(e)
                try await store.journal.save(e, insert: true)
            }
            let bobs = entry(bob.id, "B", at: 3.5, isPublic: true)
            try await store.journal.save(bobs, insert: true)
            try await store.journal.save(entry(bob.id, "B private", at: 10), insert: true)

            let first = try await store.journal.entries(userID: anna.id, tag: nil, after: nil, limit: 2)
            #expect(first.map(\.title) == ["A4", "A3"])
            let rest = try await store.journal.entries(
                userID: anna.id, tag: nil, after: PageCursor(createdAt: first[1].createdAt, id: first[1].id), limit: 10)
            #expect(rest.map(\.title) == ["A2", "A1", "A0"])
            #expect(
                try await store.journal.entries(userID: anna.id, tag: "even", after: nil, limit: 10).map(\.title)
                    == ["A4", "A2", "A0"])
            #expect(try await store.journal.entries(userID: anna.id, tag: "none", after: nil, limit: 10).isEmpty)

            let tags = try await store.journal.tags(userID: anna.id)
            #expect(tags.map(\.tag) == ["all", "even"])
            #expect(tags.map(\.count) == [5, 3])

            let feed = try await store.journal.publicEntries(authorID: nil, after: nil, limit: 10)
            #expect(feed.map(\.entry.title) == ["A4", "B", "A3"])
            #expect(feed[1].author.username == "bob")
            #expect(feed[1].author.displayName == "bob Example")
            let older = try await store.journal.publicEntries(
                authorID: nil, after: PageCursor(createdAt: feed[0].entry.createdAt, id: feed[0].entry.id), limit: 1)
            #expect(older.map(\.entry.title) == ["B"])
            #expect(try await store.journal.readableEntry(id: bobs.id, viewerID: nil)?.entry == bobs)
        }
    }

    @Test(arguments: TestDatabase.available)
    func photoIsPublicOnlyInItsOwnersPublicEntry(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let p = samplePhoto(anna.id, "p")
            try await store.media.insert(p)
            func isPublic(_ id: UUID) async throws -> Bool? { try await store.media.servable(id: id)?.isPublic }
            #expect(try await isPublic(p.id) == false)
            #expect(try await store.media.servable(id: p.id)?.record == p)
            #expect(try await isPublic(UUID()) == nil)
            // Bob puts Anna's photo id in his public entry: that makes nothing of hers public.
            try await store.journal.save(entry(bob.id, "Borrowed", photos: [p.id], isPublic: true), insert: true)
            #expect(try await isPublic(p.id) == false)
            var own = entry(anna.id, "Mine", photos: [p.id])
            try await store.journal.save(own, insert: true)
            #expect(try await isPublic(p.id) == false)
            own.visibility = .public
            try await store.journal.save(own, insert: false)
            #expect(try await isPublic(p.id) == true)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aProfilePictureIsPublicBesideItsOwnersPublicEntries(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            var anna = try await addUser(store, "anna")
            let picture = samplePhoto(anna.id, "a")
            let other = samplePhoto(anna.id, "o")
            try await store.media.insert(picture)
            try await store.media.insert(other)
            anna.avatarMediaID = picture.id
            #expect(try await store.users.update(anna))
            var diary = entry(anna.id, "Diary")
            try await store.journal.save(diary, insert: true)
            #expect(try await store.media.servable(id: picture.id)?.isPublic == false)
            diary.visibility = .public
            try await store.journal.save(diary, insert: false)
            #expect(try await store.media.servable(id: picture.id)?.isPublic == true)
            // Only the current picture, not every photo she has.
            #expect(try await store.media.servable(id: other.id)?.isPublic == false)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deletingAPhotoTakesItOutOfEntries(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let a = samplePhoto(anna.id, "a")
            let b = samplePhoto(anna.id, "b")
            for p in [a, b] { try await store.media.insert(p) }
            let e = entry(anna.id, "Two", photos: [a.id, b.id], isPublic: true)
            try await store.journal.save(e, insert: true)
            #expect(try await store.media.uses(id: a.id, userID: anna.id) == 1)
            #expect(try await store.media.delete(id: a.id, userID: anna.id) != nil)
            #expect(try await store.journal.entry(id: e.id, userID: anna.id)?.photoIDs == [b.id])
            #expect(try await store.media.servable(id: a.id) == nil)

            let deleted = try await store.journal.delete(id: e.id, userID: anna.id)
            #expect(deleted?.photoIDs == [b.id])
            #expect(try await store.media.uses(id: b.id, userID: anna.id) == 0)
            #expect(try await store.journal.entry(id: e.id, userID: anna.id) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func accountDeletionTakesEntriesAlong(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let a = samplePhoto(anna.id, "a")
            try await store.media.insert(a)
            try await store.journal.save(entry(anna.id, "Bye", photos: [a.id], isPublic: true), insert: true)
            #expect(try await store.media.deleteAll(userID: anna.id).count == 1)
            #expect(
                try await store.journal.entries(userID: anna.id, tag: nil, after: nil, limit: 5).first?.photoIDs == [])
            #expect(try await store.users.delete(id: anna.id))
            #expect(try await store.journal.publicEntries(authorID: nil, after: nil, limit: 5).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func friendsOnlyEntriesReachFriendsAndNobodyElse(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let eve = try await addUser(store, "eve")
            try await befriend(store, anna, bob)
            var forFriends = entry(anna.id, "For friends", at: 3)
            forFriends.visibility = .friends
            let open = entry(anna.id, "For all", at: 4, isPublic: true)
            let secret = entry(anna.id, "Mine", at: 5)
            let evesOwn = entry(eve.id, "Eve's", at: 6, isPublic: true)
            for e in [forFriends, open, secret, evesOwn] { try await store.journal.save(e, insert: true) }

            #expect(try await store.journal.entry(id: forFriends.id, userID: anna.id)?.visibility == .friends)
            // Bob's friends feed: Anna's entries for friends and for all, newest first; not Eve's, not the secret.
            let feed = try await store.journal.friendsEntries(viewerID: bob.id, after: nil, limit: 10)
            #expect(feed.map(\.entry.id) == [open.id, forFriends.id])
            #expect(feed.last?.author.username == "anna" && feed.last?.entry.visibility == .friends)
            let older = try await store.journal.friendsEntries(
                viewerID: bob.id, after: PageCursor(createdAt: open.createdAt, id: open.id), limit: 10)
            #expect(older.map(\.entry.id) == [forFriends.id])
            #expect(try await store.journal.friendsEntries(viewerID: eve.id, after: nil, limit: 10).isEmpty)
            // Nowhere else: not the public feed.
            let everyone = try await store.journal.publicEntries(authorID: nil, after: nil, limit: 10).map(\.entry.id)
            #expect(!everyone.contains(forFriends.id))

            #expect(
                try await store.journal.readableEntry(id: forFriends.id, viewerID: bob.id)?.entry.title == "For friends"
            )
            #expect(try await store.journal.readableEntry(id: forFriends.id, viewerID: eve.id) == nil)
            #expect(try await store.journal.readableEntry(id: forFriends.id, viewerID: nil) == nil)
            #expect(try await store.journal.readableEntry(id: secret.id, viewerID: bob.id) == nil)

            _ = try await store.friends.unfriend(bob.id, anna.id)
            #expect(try await store.journal.readableEntry(id: forFriends.id, viewerID: bob.id) == nil)
            #expect(try await store.journal.friendsEntries(viewerID: bob.id, after: nil, limit: 10).isEmpty)
        }
    }
}
