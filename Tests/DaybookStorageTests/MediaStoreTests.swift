import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("MediaStore conformance")
struct MediaStoreTests {
    func key(_ seed: String) -> String {
        String(repeating: seed, count: 64 / seed.count)
    }

    func record(
        _ userID: UUID, original: String, small: String? = nil, large: String? = nil, avatar: String? = nil,
        at seconds: Double = 0
    ) -> MediaRecord {
        MediaRecord(
            userID: userID, kind: avatar == nil ? .photo : .avatar, sha256: key(original),
            original: MediaFile(key: key(original), format: "heic", bytes: 2_345_678, width: 3024, height: 4032),
            small: MediaFile(key: key(small ?? original + "1"), format: "webp", bytes: 12_345, width: 240, height: 320),
            large: MediaFile(key: key(large ?? original + "2"), format: "webp", bytes: 234_567, width: 960, height: 1280),
            avatar: avatar.map { MediaFile(key: key($0), format: "webp", bytes: 9_876, width: 256, height: 256) },
            createdAt: time(seconds))
    }

    @Test(arguments: TestDatabase.available)
    func recordsRoundTrip(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let photo = record(anna.id, original: "a")
            let avatar = record(anna.id, original: "b", avatar: "c")
            try await store.media.insert(photo)
            try await store.media.insert(avatar)
            #expect(try await store.media.media(id: photo.id, userID: anna.id) == photo)
            #expect(try await store.media.media(id: avatar.id, userID: anna.id) == avatar)
            #expect(try await store.media.servable(id: avatar.id)?.record == avatar)
            #expect(try await store.media.servable(id: UUID())?.record == nil)
            #expect(photo.width == 3024)
            #expect(avatar.file(.avatar)?.width == 256)
            #expect(photo.file(.avatar) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func bytesUsedCountsEveryFileOfTheUsersPhotos(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            #expect(try await store.media.bytesUsed(userID: anna.id) == 0)
            try await store.media.insert(record(anna.id, original: "a"))
            try await store.media.insert(record(anna.id, original: "b", avatar: "c"))
            try await store.media.insert(record(bob.id, original: "d"))
            #expect(try await store.media.bytesUsed(userID: anna.id) == 2 * (2_345_678 + 12_345 + 234_567) + 9_876)
            #expect(try await store.media.bytesUsed(userID: bob.id) == 2_345_678 + 12_345 + 234_567)
        }
    }

    @Test(arguments: TestDatabase.available)
    func ownerOnly(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let photo = record(anna.id, original: "a")
            try await store.media.insert(photo)
            #expect(try await store.media.media(id: photo.id, userID: bob.id) == nil)
            #expect(try await store.media.delete(id: photo.id, userID: bob.id) == nil)
            #expect(try await store.media.servable(id: photo.id)?.record != nil)
            #expect(try await store.media.owned(ids: [photo.id, UUID()], userID: anna.id) == [photo.id])
            #expect(try await store.media.owned(ids: [photo.id], userID: bob.id).isEmpty)
            #expect(try await store.media.owned(ids: [], userID: bob.id).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func countsReferencesAcrossRecordsAndColumns(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            // The same photo uploaded twice, by two people: the same blobs.
            let first = record(anna.id, original: "a", small: "b", large: "c")
            let second = record(bob.id, original: "a", small: "b", large: "c", avatar: "d")
            try await store.media.insert(first)
            try await store.media.insert(second)
            #expect(try await store.media.references(key: key("a")) == 2)
            #expect(try await store.media.references(key: key("b")) == 2)
            #expect(try await store.media.references(key: key("d")) == 1)
            #expect(try await store.media.references(key: key("e")) == 0)

            #expect(try await store.media.delete(id: first.id, userID: anna.id) == first)
            #expect(try await store.media.references(key: key("a")) == 1)
            #expect(try await store.media.delete(id: second.id, userID: bob.id) == second)
            #expect(try await store.media.references(key: key("a")) == 0)
            #expect(try await store.media.references(key: key("d")) == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deletingClearsTheAvatarAndPhotoOfTheDay(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            var anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let avatar = record(anna.id, original: "a", avatar: "b")
            let photo = record(anna.id, original: "c")
            try await store.media.insert(avatar)
            try await store.media.insert(photo)
            anna.avatarMediaID = avatar.id
            try await store.users.update(anna)
            let day = DayEntry(
                userID: anna.id, date: date("2025-06-15"), mood: .good, photoID: photo.id, createdAt: baseTime,
                updatedAt: baseTime)
            _ = try await store.days.upsert(day)
            // Bob's entry naming Anna's photo keeps its (useless) reference: it is not hers to clear.
            _ = try await store.days.upsert(
                DayEntry(userID: bob.id, date: date("2025-06-15"), mood: .meh, photoID: photo.id, createdAt: baseTime,
                    updatedAt: baseTime))

            _ = try await store.media.delete(id: avatar.id, userID: anna.id)
            #expect(try await store.users.user(id: anna.id)?.avatarMediaID == nil)
            #expect(try await store.days.entry(userID: anna.id, date: date("2025-06-15"))?.photoID == photo.id)

            _ = try await store.media.delete(id: photo.id, userID: anna.id)
            #expect(try await store.days.entry(userID: anna.id, date: date("2025-06-15"))?.photoID == nil)
            #expect(try await store.days.entry(userID: anna.id, date: date("2025-06-15"))?.mood == .good)
            #expect(try await store.days.entry(userID: bob.id, date: date("2025-06-15"))?.photoID == photo.id)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deleteAllAndAccountDeletion(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let photos = [record(anna.id, original: "a"), record(anna.id, original: "b", avatar: "c")]
            for photo in photos { try await store.media.insert(photo) }
            let bobs = record(bob.id, original: "d")
            try await store.media.insert(bobs)
            let deleted = try await store.media.deleteAll(userID: anna.id)
            #expect(Set(deleted) == Set(photos))
            #expect(try await store.media.list(userID: anna.id, kind: nil, after: nil, limit: 10).isEmpty)
            #expect(try await store.media.servable(id: bobs.id)?.record == bobs)
            // Deleting the account cascades to its rows.
            try await store.users.delete(id: bob.id)
            #expect(try await store.media.servable(id: bobs.id)?.record == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func listsNewestFirstWithACursor(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            var records: [MediaRecord] = []
            for index in 0..<7 {
                // Two at the same instant: the id breaks the tie.
                let item = record(anna.id, original: "\(index)", at: Double(index / 2))
                records.append(item)
                try await store.media.insert(item)
            }
            try await store.media.insert(record(try await addUser(store, "bob").id, original: "f", at: 100))
            let expected = records.sorted {
                ($0.createdAt, $0.id.uuidString.lowercased()) > ($1.createdAt, $1.id.uuidString.lowercased())
            }
            var seen: [MediaRecord] = []
            var cursor: PageCursor?
            while true {
                let page = try await store.media.list(userID: anna.id, kind: nil, after: cursor, limit: 3)
                seen += page
                guard let last = page.last, page.count == 3 else { break }
                cursor = PageCursor(token: PageCursor(after: last).token)
            }
            #expect(seen.map(\.id) == expected.map(\.id))
            // Only avatars, or only photos.
            let avatar = record(anna.id, original: "9", avatar: "8", at: 50)
            try await store.media.insert(avatar)
            #expect(try await store.media.list(userID: anna.id, kind: .avatar, after: nil, limit: 10) == [avatar])
            let photos = try await store.media.list(userID: anna.id, kind: .photo, after: nil, limit: 3)
            #expect(photos.map(\.id) == Array(expected.prefix(3)).map(\.id))
            let next = try await store.media.list(
                userID: anna.id, kind: .photo, after: PageCursor(after: photos[2]), limit: 10)
            #expect(next.map(\.id) == Array(expected.dropFirst(3)).map(\.id))
        }
    }
}
