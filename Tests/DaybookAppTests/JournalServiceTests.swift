import DaybookCore
import DaybookMedia
import DaybookServices
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

/// The journal's rules where they meet photos and the calendar, on both databases, with real
/// images and blobs in memory.
@Suite("Journal: entries, their photos, who sees them")
struct JournalServiceTests {
    /// 2026-03-10 20:00 UTC: already the 11th in Auckland.
    static let evening = Date(timeIntervalSince1970: 1_773_172_800)

    struct Fixture {
        let services: Services
        let blobs: InMemoryBlobStore
        let anna: User
        let bob: User
    }

    func withFixture(_ database: TestDatabase, _ body: @Sendable @escaping (Fixture) async throws -> Void)
        async throws
    {
        try await database.withStore { store in
            let blobs = InMemoryBlobStore()
            let services = Services(
                store: store, hasher: PasswordHasher(cost: 4), blobs: blobs, now: { Self.evening })
            let anna = User(email: "anna@example.com", username: "anna", timeZone: "Pacific/Auckland")
            let bob = User(email: "bob@example.com", username: "bob")
            try await store.users.insert(anna, passwordHash: "x")
            try await store.users.insert(bob, passwordHash: "x")
            try await body(Fixture(services: services, blobs: blobs, anna: anna, bob: bob))
        }
    }

    func photo(_ fixture: Fixture, for user: User, shade: Int) async throws -> MediaRecord {
        let bytes = try SampleImage.make(width: 64 + shade, height: 48, format: .png)
        return try await fixture.services.media.upload(userID: user.id, data: bytes, kind: .photo)
    }

    @Test(arguments: TestDatabase.available)
    func photosFollowTheirEntry(_ database: TestDatabase) async throws {
        try await withFixture(database) { f in
            let journal = f.services.journal
            let media = f.services.media
            let first = try await photo(f, for: f.anna, shade: 1)
            let second = try await photo(f, for: f.anna, shade: 2)
            let entry = try await journal.create(
                user: f.anna,
                input: JournalEntryInput(
                    title: "Beach", body: "Cold water", tags: ["#Summer, sea"], photoIDs: [second.id, first.id]))
            #expect(entry.tags == ["summer", "sea"])
            #expect(entry.photoIDs == [second.id, first.id])

            // Taking a photo out of the entry deletes it (nothing else uses it), files and all.
            var input = JournalEntryInput(entry)
            input.photoIDs = [first.id]
            let edited = try await journal.update(user: f.anna, id: entry.id, input: input)
            #expect(edited.createdAt == entry.createdAt)
            await #expect(throws: NotFound.self) { try await media.metadata(userID: f.anna.id, id: second.id) }
            #expect(f.blobs.keys.isDisjoint(with: second.blobKeys.subtracting(first.blobKeys)))

            // Deleting the entry deletes its last photo.
            try await journal.delete(user: f.anna, id: entry.id)
            await #expect(throws: NotFound.self) { try await media.metadata(userID: f.anna.id, id: first.id) }
            #expect(f.blobs.keys.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func onlyPublicEntriesAndTheirPhotosAreSeenByOthers(_ database: TestDatabase) async throws {
        try await withFixture(database) { f in
            let journal = f.services.journal
            let media = f.services.media
            let picture = try await photo(f, for: f.anna, shade: 3)
            var input = JournalEntryInput(body: "Private for now", photoIDs: [picture.id])
            let entry = try await journal.create(user: f.anna, input: input)

            await #expect(throws: NotFound.self) { try await journal.entry(id: entry.id, viewer: f.bob) }
            await #expect(throws: NotFound.self) { try await journal.entry(id: entry.id, viewer: nil) }
            await #expect(throws: NotFound.self) {
                try await media.access(id: picture.id, variant: .small, viewer: f.bob)
            }
            #expect(try await journal.publicPage().entries.isEmpty)

            input.visibility = .public
            _ = try await journal.update(user: f.anna, id: entry.id, input: input)
            let seen = try await journal.entry(id: entry.id, viewer: f.bob)
            #expect(seen.author?.username == "anna")
            #expect(seen.viewerIsOwner == false)
            let served = try await media.access(id: picture.id, variant: .large, viewer: nil)
            #expect(served.isPublic)
            // The owner's own requests are answered for their browser alone, public photo or not.
            let own = try await media.access(id: picture.id, variant: .small, viewer: f.anna)
            #expect(own.viewerIsOwner && own.isPublic == false)
            #expect(try await media.access(id: picture.id, variant: .original, viewer: f.anna).isPublic == false)
            await #expect(throws: NotFound.self) {
                try await media.access(id: picture.id, variant: .original, viewer: f.bob)
            }
            #expect(try await journal.publicPage().entries.map(\.entry.id) == [entry.id])
            // Her profile picture shows beside her public entries; Bob has none, so his does not.
            let annaAvatar = try await media.setAvatar(
                userID: f.anna.id,
                data: try SampleImage.make(
                    width: 300, height: 200, format: .jpeg)
            ).media
            let bobAvatar = try await media.setAvatar(
                userID: f.bob.id,
                data: try SampleImage.make(
                    width: 300, height: 200, format: .jpeg)
            ).media
            #expect(try await media.access(id: annaAvatar.id, variant: .avatar, viewer: f.bob).isPublic)
            await #expect(throws: NotFound.self) {
                try await media.access(id: bobAvatar.id, variant: .avatar, viewer: f.anna)
            }
            // Public is readable, never writable, by others.
            await #expect(throws: NotFound.self) { try await journal.update(user: f.bob, id: entry.id, input: input) }
            await #expect(throws: NotFound.self) { try await journal.delete(user: f.bob, id: entry.id) }
        }
    }

    /// `OwnedMediaCache`: the record an owner read a moment ago answers that owner only; whether
    /// anyone else may see the photo is read from the database on every request of theirs.
    @Test(arguments: TestDatabase.available)
    func anOwnersRecentReadOfAPhotoAnswersNobodyElse(_ database: TestDatabase) async throws {
        try await withFixture(database) { f in
            let journal = f.services.journal
            // A minute's lifetime: every request of Anna's below is answered from what she read first.
            let media = MediaService(
                store: f.services.store, blobs: f.blobs, ownedMedia: OwnedMediaCache(lifetime: .seconds(60)))
            let picture = try await photo(f, for: f.anna, shade: 4)
            var input = JournalEntryInput(body: "Public for a moment", photoIDs: [picture.id])
            let entry = try await journal.create(user: f.anna, input: input)
            #expect(try await media.access(id: picture.id, variant: .small, viewer: f.anna).viewerIsOwner)
            await #expect(throws: NotFound.self) {
                try await media.access(id: picture.id, variant: .small, viewer: f.bob)
            }

            input.visibility = .public
            _ = try await journal.update(user: f.anna, id: entry.id, input: input)
            #expect(try await media.access(id: picture.id, variant: .small, viewer: f.bob).isPublic)
            #expect(try await media.access(id: picture.id, variant: .small, viewer: nil).isPublic)

            input.visibility = .private
            _ = try await journal.update(user: f.anna, id: entry.id, input: input)
            #expect(try await media.access(id: picture.id, variant: .original, viewer: f.anna).viewerIsOwner)
            for viewer in [f.bob, nil] {
                await #expect(throws: NotFound.self) {
                    try await media.access(id: picture.id, variant: .small, viewer: viewer)
                }
            }
        }
    }

    /// A photo deleted through the service that holds its record is gone at the owner's next
    /// request; one deleted through another (another app server) once the lifetime is over.
    @Test(arguments: TestDatabase.available)
    func aDeletedPhotoIsGoneForItsOwnerAtOnceHereAndWithinTheLifetimeElsewhere(_ database: TestDatabase)
        async throws
    {
        try await withFixture(database) { f in
            let clock = ManualMonotonicClock()
            let elsewhere = f.services.media
            let here = MediaService(
                store: f.services.store, blobs: f.blobs,
                ownedMedia: OwnedMediaCache(lifetime: .milliseconds(500), now: { clock.now }))
            let first = try await photo(f, for: f.anna, shade: 5)
            let second = try await photo(f, for: f.anna, shade: 6)
            for picture in [first, second] {
                #expect(try await here.access(id: picture.id, variant: .large, viewer: f.anna).viewerIsOwner)
            }

            try await here.delete(userID: f.anna.id, id: first.id)
            await #expect(throws: NotFound.self) { try await here.access(id: first.id, variant: .large, viewer: f.anna) }

            try await elsewhere.delete(userID: f.anna.id, id: second.id)
            clock.advance(.milliseconds(499))
            #expect(try await here.access(id: second.id, variant: .large, viewer: f.anna).viewerIsOwner)
            clock.advance(.milliseconds(1))
            await #expect(throws: NotFound.self) {
                try await here.access(id: second.id, variant: .large, viewer: f.anna)
            }

            let third = try await photo(f, for: f.anna, shade: 7)
            #expect(try await here.access(id: third.id, variant: .small, viewer: f.anna).viewerIsOwner)
            try await here.deleteAll(userID: f.anna.id)
            await #expect(throws: NotFound.self) { try await here.access(id: third.id, variant: .small, viewer: f.anna) }
        }
    }

    @Test(arguments: TestDatabase.available)
    func badInputNamesTheField(_ database: TestDatabase) async throws {
        try await withFixture(database) { f in
            let bobs = try await photo(f, for: f.bob, shade: 4)
            let stolen = await #expect(throws: ValidationError.self) {
                try await f.services.journal.create(
                    user: f.anna, input: JournalEntryInput(body: "x", photoIDs: [bobs.id]))
            }
            #expect(stolen?.errors.map(\.field) == ["photoIds"])
            let empty = await #expect(throws: ValidationError.self) {
                try await f.services.journal.create(
                    user: f.anna, input: JournalEntryInput(body: "  ", tags: (0..<25).map { "t\($0)" }))
            }
            #expect(Set(empty?.errors.map(\.field) ?? []) == ["body", "tags"])
            // Bob's photo is untouched.
            #expect(try await f.services.media.metadata(userID: f.bob.id, id: bobs.id).id == bobs.id)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theCalendarMarksTheDateInTheWritersZone(_ database: TestDatabase) async throws {
        try await withFixture(database) { f in
            _ = try await f.services.journal.create(user: f.anna, input: JournalEntryInput(body: "Late summer"))
            let march = try #require(YearMonth("2026-03"))
            let days = try await f.services.days.calendar(user: f.anna, month: march)
            #expect(days.filter(\.hasJournal).map(\.date.description) == ["2026-03-11"])
            #expect(try await f.services.days.calendar(user: f.bob, month: march).isEmpty)
        }
    }
}
