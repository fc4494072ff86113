import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

/// Search over every kind (issue 17), with filters, on both databases: the same hits, only the
/// user's own.
@Suite("SearchStore conformance: every kind and filters")
struct SearchEverythingTests {
    struct World {
        let anna: User
        let day: String
        let checkin: String
        let picnic: String
        let work: String
        let hat: String
        let hatID: UUID
    }

    /// Anna: a rad day with a photo, a check-in that day, a journal entry about that day with a
    /// photo and two tags, a later one about work, a closet item with a photo (added 2025-06-15).
    /// Bob writes "picnic" too.
    func world(_ store: any DaybookStore) async throws -> World {
        let anna = try await addUser(store, "anna")
        let bob = try await addUser(store, "bob")
        let dayPhoto = samplePhoto(anna.id, "a")
        let entryPhoto = samplePhoto(anna.id, "b")
        let hatPhoto = samplePhoto(anna.id, "c")
        for record in [dayPhoto, entryPhoto, hatPhoto] { try await store.media.insert(record) }
        _ = try await store.days.upsert(
            DayEntry(
                userID: anna.id, date: date("2025-06-01"), mood: .rad, note: "Picnic day at last", photoID: dayPhoto.id,
                createdAt: baseTime, updatedAt: baseTime))
        _ = try await store.days.upsert(
            DayEntry(userID: anna.id, date: date("2025-06-10"), mood: .bad, createdAt: baseTime, updatedAt: baseTime))
        let checkin = Checkin(
            userID: anna.id, at: time(0), localDate: date("2025-06-01"), timeZone: "UTC", feelingID: UUID(),
            note: "picnic blanket is too small", createdAt: time(0), updatedAt: time(0))
        try await store.checkins.insert(checkin)
        let picnic = JournalEntry(
            userID: anna.id, title: "By the lake", body: "A *picnic* with **friends**", tags: ["travel", "summer"],
            location: "Vaasa harbour", date: date("2025-06-01"), photoIDs: [entryPhoto.id], createdAt: time(10),
            updatedAt: time(10))
        let work = JournalEntry(
            userID: anna.id, title: "Work notes", body: "Deadlines and coffee", tags: ["work"],
            date: date("2025-06-10"), createdAt: time(20), updatedAt: time(20))
        try await store.journal.save(picnic, insert: true)
        try await store.journal.save(work, insert: true)
        try await store.closet.addDefaultCategories(userID: anna.id, names: ["Hats"])
        let category = try await store.closet.categories(userID: anna.id)[0].id
        let hat = ClosetItem(
            userID: anna.id, name: "Picnic hat", categoryID: category, tags: ["summer", "straw"], photoID: hatPhoto.id,
            brand: "Sunny", notes: "wide brim", createdAt: time(0), updatedAt: time(0))
        try await store.closet.saveItem(hat, insert: true)
        try await store.journal.save(
            JournalEntry(userID: bob.id, body: "picnic picnic", tags: ["summer"], date: date("2025-06-01")),
            insert: true)
        return World(
            anna: anna, day: "day 2025-06-01", checkin: "checkin \(checkin.id)", picnic: "journal \(picnic.id)",
            work: "journal \(work.id)", hat: "item \(hat.id)", hatID: hat.id)
    }

    func find(_ store: any DaybookStore, _ user: User, _ text: String, _ filters: SearchFilters = SearchFilters())
        async throws -> [String]
    {
        let query = try #require(try SearchQuery.parse(text, filters: filters))
        return try await store.search.search(userID: user.id, query: query, limit: 50, offset: 0).map { hit in
            hit.kind == .day ? "day \(hit.date)" : "\(hit.kind.rawValue) \(hit.id!)"
        }
    }

    @Test(arguments: TestDatabase.available)
    func everyKindIsFoundAndOnlyTheOwners(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let w = try await world(store)
            #expect(Set(try await find(store, w.anna, "picnic")) == [w.day, w.checkin, w.picnic, w.hat])
            // Title, tags and place of an entry; brand, notes and tags of an item.
            #expect(try await find(store, w.anna, "lake") == [w.picnic])
            #expect(try await find(store, w.anna, "travel") == [w.picnic])
            #expect(try await find(store, w.anna, "harbour") == [w.picnic])
            #expect(try await find(store, w.anna, "sunny") == [w.hat])
            #expect(try await find(store, w.anna, "brim straw") == [w.hat])
            #expect(Set(try await find(store, w.anna, "summer")) == [w.picnic, w.hat])
            let hits = try await store.search.search(
                userID: w.anna.id, query: try #require(try SearchQuery.parse("lake")), limit: 5, offset: 0)
            #expect(hits.first?.title == "By the lake" && hits.first?.date == date("2025-06-01"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func filtersNarrowWordsOrStandAlone(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let w = try await world(store)
            #expect(try await find(store, w.anna, "picnic", SearchFilters(kind: .journal)) == [w.picnic])
            #expect(try await find(store, w.anna, "picnic", SearchFilters(kind: .item)) == [w.hat])
            #expect(Set(try await find(store, w.anna, "", SearchFilters(tag: "summer"))) == [w.picnic, w.hat])
            #expect(try await find(store, w.anna, "", SearchFilters(tag: "work")) == [w.work])
            #expect(try await find(store, w.anna, "picnic", SearchFilters(kind: .checkin, tag: "summer")).isEmpty)
            // Mood: the rad day, and what was logged and written about it; items have no mood.
            #expect(
                Set(try await find(store, w.anna, "picnic", SearchFilters(mood: .rad))) == [w.day, w.checkin, w.picnic])
            #expect(try await find(store, w.anna, "", SearchFilters(kind: .journal, mood: .bad)) == [w.work])
            // Dates: the day a thing is about, both ends included; newest first without words.
            #expect(
                try await find(store, w.anna, "", SearchFilters(from: date("2025-06-10"), to: date("2025-06-15")))
                    == [w.hat, "day 2025-06-10", w.work])
            #expect(
                Set(try await find(store, w.anna, "picnic", SearchFilters(to: date("2025-06-01"))))
                    == [w.day, w.checkin, w.picnic])
            // Photos.
            #expect(
                Set(try await find(store, w.anna, "picnic", SearchFilters(hasPhotos: true))) == [
                    w.day, w.picnic, w.hat,
                ])
            #expect(try await find(store, w.anna, "picnic", SearchFilters(hasPhotos: false)) == [w.checkin])
            #expect(try await find(store, w.anna, "", SearchFilters(kind: .journal, hasPhotos: false)) == [w.work])
            // Everything together.
            #expect(
                try await find(
                    store, w.anna, "lake",
                    SearchFilters(
                        kind: .journal, tag: "travel", mood: .rad, from: date("2025-06-01"), to: date("2025-06-01"),
                        hasPhotos: true)) == [w.picnic])
        }
    }

    @Test(arguments: TestDatabase.available)
    func snippetsWithoutWordsAreTheOpening(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let w = try await world(store)
            let hits = try await store.search.search(
                userID: w.anna.id,
                query: try #require(try SearchQuery.parse("", filters: SearchFilters(kind: .journal))),
                limit: 5, offset: 0)
            // The store gives the text's start; the service shortens it to its opening words.
            #expect(
                hits.map { SearchHighlight.opening($0.snippet) } == [
                    "Work notes Deadlines and coffee work",
                    "By the lake A *picnic* with **friends** travel summer Vaasa harbour",
                ])
        }
    }

    @Test(arguments: TestDatabase.available)
    func theIndexFollowsJournalAndClosetChanges(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let w = try await world(store)
            var entry = try #require(try await store.journal.entries(userID: w.anna.id, on: [date("2025-06-10")]).first)
            entry.title = "Holiday plans"
            entry.tags = ["rest"]
            entry.date = date("2025-06-09")
            try await store.journal.save(entry, insert: false)
            #expect(try await find(store, w.anna, "work").isEmpty)
            #expect(try await find(store, w.anna, "holiday rest") == [w.work])
            let hits = try await store.search.search(
                userID: w.anna.id, query: try #require(try SearchQuery.parse("holiday")), limit: 5, offset: 0)
            #expect(hits.map(\.date) == [date("2025-06-09")])
            _ = try await store.journal.delete(id: entry.id, userID: w.anna.id)
            #expect(try await find(store, w.anna, "holiday").isEmpty)

            var hat = try #require(try await store.closet.item(id: w.hatID, userID: w.anna.id))
            hat.name = "Straw boater"
            try await store.closet.saveItem(hat, insert: false)
            #expect(try await find(store, w.anna, "boater") == [w.hat])
            #expect(Set(try await find(store, w.anna, "picnic")) == [w.day, w.checkin, w.picnic])
            _ = try await store.closet.deleteItem(id: hat.id, userID: w.anna.id)
            #expect(try await find(store, w.anna, "boater").isEmpty)
        }
    }
}
