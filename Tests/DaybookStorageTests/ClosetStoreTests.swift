import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("ClosetStore conformance")
struct ClosetStoreTests {
    func item(
        _ userID: UUID, _ name: String, category: UUID, at seconds: Double = 0, tags: [String] = [],
        colors: [String] = [], season: String = "", brand: String = "", notes: String = "", photo: UUID? = nil,
        price: Int? = nil
    ) -> ClosetItem {
        ClosetItem(
            userID: userID, name: name, categoryID: category, tags: tags, colors: colors, photoID: photo, brand: brand,
            size: "M", season: season, purchaseDate: date("2024-02-29"), priceCents: price, notes: notes,
            createdAt: time(seconds), updatedAt: time(seconds + 1))
    }

    func worn(_ userID: UUID, _ day: String, _ items: [UUID], outfit: UUID? = nil, status: OutfitDayStatus = .worn)
        -> OutfitDay
    {
        OutfitDay(
            userID: userID, date: date(day), status: status, outfitID: outfit, itemIDs: items, note: "note \(day)",
            updatedAt: time(5))
    }

    /// A user with the default categories; returns the user and the first category's id.
    func closetUser(_ store: any DaybookStore, _ name: String) async throws -> (User, UUID) {
        let user = try await addUser(store, name)
        try await store.closet.addDefaultCategories(userID: user.id, names: ["Tops", "Bottoms", "Shoes"])
        let categories = try await store.closet.categories(userID: user.id)
        return (user, categories[0].id)
    }

    @Test(arguments: TestDatabase.available)
    func categoriesStartOnceRenameReorderAndDelete(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            // Several first visits at once give one set of defaults.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await store.closet.addDefaultCategories(userID: anna.id, names: ["Tops", "Shoes"])
                    }
                }
                try await group.waitForAll()
            }
            var categories = try await store.closet.categories(userID: anna.id)
            #expect(categories.map(\.name) == ["Tops", "Shoes"])
            try await store.closet.addDefaultCategories(userID: anna.id, names: ["Other"])
            #expect(try await store.closet.categories(userID: anna.id).count == 2)

            // A name is unique per user, ignoring case; another user may have it.
            let hats = ClosetCategory(userID: anna.id, name: "Hats", position: 2)
            #expect(try await store.closet.saveCategory(hats, insert: true))
            let clash = ClosetCategory(userID: anna.id, name: "tOPS", position: 3)
            #expect(
                await storeError { try await store.closet.saveCategory(clash, insert: true) }
                    == .conflict(field: "name"))
            let bob = try await addUser(store, "bob")
            #expect(
                try await store.closet.saveCategory(
                    ClosetCategory(userID: bob.id, name: "Hats", position: 0), insert: true))

            var renamed = hats
            renamed.name = "Caps & hats"
            #expect(try await store.closet.saveCategory(renamed, insert: false))
            #expect(
                try await store.closet.saveCategory(
                    ClosetCategory(userID: anna.id, name: "Nope", position: 9), insert: false) == false)

            categories = try await store.closet.categories(userID: anna.id)
            try await store.closet.reorderCategories(
                userID: anna.id, ids: [hats.id, categories[1].id, categories[0].id])
            #expect(try await store.closet.categories(userID: anna.id).map(\.name) == ["Caps & hats", "Shoes", "Tops"])
            // Another user's ids change nothing.
            try await store.closet.reorderCategories(userID: bob.id, ids: [categories[0].id])
            #expect(try await store.closet.categories(userID: anna.id).map(\.name) == ["Caps & hats", "Shoes", "Tops"])

            // A category in use stays; an empty one goes.
            try await store.closet.saveItem(item(anna.id, "Tee", category: categories[0].id), insert: true)
            #expect(try await store.closet.deleteCategory(id: categories[0].id, userID: anna.id) == false)
            #expect(try await store.closet.deleteCategory(id: hats.id, userID: bob.id) == false)
            #expect(try await store.closet.deleteCategory(id: hats.id, userID: anna.id))
            #expect(try await store.closet.categories(userID: anna.id).map(\.name) == ["Shoes", "Tops"])
            #expect(try await store.closet.itemCounts(userID: anna.id) == [categories[0].id: 1])
        }
    }

    @Test(arguments: TestDatabase.available)
    func itemsRoundTripAndStayTheirOwners(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let (anna, tops) = try await closetUser(store, "anna")
            let (bob, bobTops) = try await closetUser(store, "bob")
            let picture = samplePhoto(anna.id, "a")
            try await store.media.insert(picture)
            var shirt = item(
                anna.id, "Linen shirt", category: tops, tags: ["linen", "summer-wear"], colors: ["navy", "white"],
                season: "summer", brand: "Åland Co", notes: "Iron low ✨", photo: picture.id, price: 4990)
            #expect(try await store.closet.saveItem(shirt, insert: true))
            #expect(try await store.closet.item(id: shirt.id, userID: anna.id) == shirt)
            #expect(try await store.closet.item(id: shirt.id, userID: bob.id) == nil)
            #expect(try await store.closet.items(ids: [shirt.id], userID: bob.id).isEmpty)
            #expect(try await store.media.uses(id: picture.id, userID: anna.id) == 1)

            // Bob cannot overwrite Anna's item by its id, nor file an item under her category.
            var stolen = shirt
            stolen.userID = bob.id
            stolen.categoryID = bobTops
            #expect(try await store.closet.saveItem(stolen, insert: false) == false)
            #expect(try await store.closet.item(id: shirt.id, userID: anna.id) == shirt)
            let misfiled = item(bob.id, "Bad", category: tops)
            await #expect(throws: (any Error).self) { try await store.closet.saveItem(misfiled, insert: true) }

            shirt.name = "Linen shirt, blue"
            shirt.priceCents = nil
            shirt.purchaseDate = nil
            shirt.updatedAt = time(30)
            #expect(try await store.closet.saveItem(shirt, insert: false))
            #expect(try await store.closet.item(id: shirt.id, userID: anna.id) == shirt)

            #expect(
                try await store.closet.archiveItem(id: shirt.id, userID: bob.id, reason: .sold, at: time(40)) == false)
            #expect(try await store.closet.archiveItem(id: shirt.id, userID: anna.id, reason: .donated, at: time(40)))
            #expect(try await store.closet.item(id: shirt.id, userID: anna.id)?.archivedReason == .donated)
            #expect(try await store.closet.items(userID: anna.id, query: ClosetItemQuery()).isEmpty)
            #expect(
                try await store.closet.items(userID: anna.id, query: ClosetItemQuery(archived: true)).map(\.id) == [
                    shirt.id
                ])
            #expect(try await store.closet.itemCounts(userID: anna.id).isEmpty)

            // Deleting the photo clears it from the item.
            _ = try await store.media.delete(id: picture.id, userID: anna.id)
            #expect(try await store.closet.item(id: shirt.id, userID: anna.id)?.photoID == nil)

            #expect(try await store.closet.deleteItem(id: shirt.id, userID: bob.id) == nil)
            #expect(try await store.closet.deleteItem(id: shirt.id, userID: anna.id)?.id == shirt.id)
            #expect(try await store.closet.item(id: shirt.id, userID: anna.id) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func searchByTagsWordsCategoryAndSort(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let (anna, tops) = try await closetUser(store, "anna")
            let shoes = try await store.closet.categories(userID: anna.id)[2].id
            let (bob, bobTops) = try await closetUser(store, "bob")
            let tee = item(
                anna.id, "White tee", category: tops, at: 1, tags: ["cotton", "casual"], colors: ["white"],
                season: "summer")
            let shirt = item(
                anna.id, "Oxford shirt", category: tops, at: 2, tags: ["cotton", "work"], colors: ["light-blue"],
                brand: "Brooks")
            let boots = item(
                anna.id, "Chelsea boots", category: shoes, at: 3, tags: ["leather"], colors: ["brown"],
                season: "winter", notes: "Resole in Ümeå")
            for thing in [tee, shirt, boots] { try await store.closet.saveItem(thing, insert: true) }
            try await store.closet.saveItem(
                item(bob.id, "Bob's cotton tee", category: bobTops, tags: ["cotton"]), insert: true)

            func names(_ query: ClosetItemQuery) async throws -> [String] {
                try await store.closet.items(userID: anna.id, query: query).map(\.name)
            }
            #expect(try await names(ClosetItemQuery()) == ["Chelsea boots", "Oxford shirt", "White tee"])
            #expect(try await names(ClosetItemQuery(sort: .name)) == ["Chelsea boots", "Oxford shirt", "White tee"])
            #expect(try await names(ClosetItemQuery(categoryID: tops)) == ["Oxford shirt", "White tee"])
            #expect(try await names(ClosetItemQuery(tags: ["cotton"])) == ["Oxford shirt", "White tee"])
            // Every tag must match; colours and seasons count as tags.
            #expect(try await names(ClosetItemQuery(tags: ["cotton", "white"])) == ["White tee"])
            #expect(try await names(ClosetItemQuery(tags: ["cotton", "summer"])) == ["White tee"])
            #expect(try await names(ClosetItemQuery(tags: ["cotton", "leather"])) == [])
            // The tags' index follows an edit; a word that is both a tag and a colour is one match,
            // and a tag asked twice is asked once.
            var edited = shirt
            (edited.tags, edited.colors, edited.season) = (["linen", "white"], ["white"], "summer")
            try await store.closet.saveItem(edited, insert: false)
            #expect(try await names(ClosetItemQuery(tags: ["cotton"])) == ["White tee"])
            #expect(try await names(ClosetItemQuery(tags: ["white", "white"])) == ["Oxford shirt", "White tee"])
            #expect(try await names(ClosetItemQuery(tags: ["linen", "summer", "white"])) == ["Oxford shirt"])
            try await store.closet.saveItem(shirt, insert: false)
            #expect(try await names(ClosetItemQuery(tags: ["cotton", "work"])) == ["Oxford shirt"])
            #expect(try await names(ClosetItemQuery(tags: ["linen"])) == [])
            // Words are found in name, brand and notes, lower-cased.
            #expect(try await names(ClosetItemQuery(words: ["brooks"])) == ["Oxford shirt"])
            #expect(try await names(ClosetItemQuery(words: ["ümeå"])) == ["Chelsea boots"])
            #expect(try await names(ClosetItemQuery(tags: ["cotton"], words: ["tee"])) == ["White tee"])
            #expect(try await names(ClosetItemQuery(words: ["%"])) == [])
            #expect(try await names(ClosetItemQuery(limit: 2)) == ["Chelsea boots", "Oxford shirt"])
            #expect(try await names(ClosetItemQuery(offset: 2, limit: 2)) == ["White tee"])

            // Wear: the tee twice, the shirt once long ago, the boots never; a plan is not a wear.
            try await store.closet.putDay(worn(anna.id, "2025-06-01", [tee.id, shirt.id]))
            try await store.closet.putDay(worn(anna.id, "2025-06-02", [tee.id]))
            try await store.closet.putDay(worn(anna.id, "2025-06-03", [tee.id, boots.id], status: .planned))
            try await store.closet.putDay(worn(anna.id, "2024-01-01", [shirt.id]))
            #expect(
                try await store.closet.item(id: tee.id, userID: anna.id)?.wear
                    == WearSummary(count: 2, lastWorn: date("2025-06-02")))
            #expect(try await store.closet.item(id: boots.id, userID: anna.id)?.wear == WearSummary())
            #expect(
                try await names(ClosetItemQuery(sort: .leastWorn)) == ["Chelsea boots", "Oxford shirt", "White tee"])
            // Not worn since 2025-01-01: the shirt's last wear is 2025-06-01, so only boots, added before.
            let since = ClosetItemQuery(notWornSince: (date("2025-06-02"), time(10)))
            #expect(try await names(since) == ["Chelsea boots", "Oxford shirt"])
            let recentOnly = ClosetItemQuery(notWornSince: (date("2025-06-02"), time(0)))
            #expect(try await names(recentOnly) == ["Oxford shirt"])

            let own = try await store.closet.itemTags(userID: anna.id)
            #expect(own.first?.tag == "cotton" && own.first?.count == 2)
            #expect(!own.contains { $0.tag == "white" })

            // A removed item leaves the tags' index with it.
            #expect(try await store.closet.deleteItem(id: tee.id, userID: anna.id) != nil)
            #expect(try await names(ClosetItemQuery(tags: ["cotton"])) == ["Oxford shirt"])
            #expect(try await names(ClosetItemQuery(tags: ["white"])) == [])
            #expect(try await store.closet.items(userID: bob.id, query: ClosetItemQuery(tags: ["cotton"])).count == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func outfitsAndCalendarDays(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let (anna, tops) = try await closetUser(store, "anna")
            let (bob, _) = try await closetUser(store, "bob")
            let a = item(anna.id, "A", category: tops)
            let b = item(anna.id, "B", category: tops, at: 1)
            let c = item(anna.id, "C", category: tops, at: 2)
            for thing in [a, b, c] { try await store.closet.saveItem(thing, insert: true) }
            let cover = samplePhoto(anna.id, "o")
            try await store.media.insert(cover)

            var outfit = Outfit(
                userID: anna.id, name: "Monday", itemIDs: [c.id, a.id, b.id], photoID: cover.id, createdAt: time(1),
                updatedAt: time(2))
            #expect(try await store.closet.saveOutfit(outfit, insert: true))
            #expect(try await store.closet.outfit(id: outfit.id, userID: anna.id) == outfit)
            #expect(try await store.closet.outfit(id: outfit.id, userID: bob.id) == nil)
            #expect(try await store.media.uses(id: cover.id, userID: anna.id) == 1)
            outfit.itemIDs = [b.id, c.id]
            outfit.name = "Monday, lighter"
            #expect(try await store.closet.saveOutfit(outfit, insert: false))
            #expect(try await store.closet.outfit(id: outfit.id, userID: anna.id)?.itemIDs == [b.id, c.id])
            var other = outfit
            other.userID = bob.id
            #expect(try await store.closet.saveOutfit(other, insert: false) == false)

            try await store.closet.putDay(worn(anna.id, "2025-03-01", outfit.itemIDs, outfit: outfit.id))
            try await store.closet.putDay(worn(anna.id, "2025-03-05", [a.id, c.id]))
            try await store.closet.putDay(worn(anna.id, "2025-04-01", [c.id], status: .planned))
            let march = try await store.closet.days(userID: anna.id, from: date("2025-03-01"), to: date("2025-03-31"))
            #expect(march.map(\.date.description) == ["2025-03-01", "2025-03-05"])
            #expect(march[0] == worn(anna.id, "2025-03-01", [b.id, c.id], outfit: outfit.id))
            #expect(
                try await store.closet.days(userID: bob.id, from: date("2025-01-01"), to: date("2025-12-31")).isEmpty)
            #expect(
                try await store.closet.outfit(id: outfit.id, userID: anna.id)?.wear
                    == WearSummary(count: 1, lastWorn: date("2025-03-01")))

            // Replacing a day replaces its items.
            try await store.closet.putDay(worn(anna.id, "2025-03-05", [b.id]))
            #expect(try await store.closet.day(userID: anna.id, date: date("2025-03-05"))?.itemIDs == [b.id])

            // Moods on days with and without the item.
            for (day, mood) in [("2025-03-01", Mood.rad), ("2025-03-05", .good), ("2025-03-09", .bad)] {
                _ = try await store.days.upsert(
                    DayEntry(userID: anna.id, date: date(day), mood: mood, createdAt: baseTime, updatedAt: baseTime))
            }
            let byWear = try await store.closet.moodsByWear(userID: anna.id, of: .item(b.id))
            #expect(byWear.sorted { $0.mood < $1.mood }.map { "\($0.mood)\($0.worn)" } == ["2false", "4true", "5true"])
            let byOutfit = try await store.closet.moodsByWear(userID: anna.id, of: .outfit(outfit.id))
            #expect(byOutfit.filter(\.worn).map(\.mood) == [5])

            // Deleting an item takes it out of outfits and days; deleting an outfit keeps its days' items.
            #expect(try await store.closet.deleteItem(id: c.id, userID: anna.id) != nil)
            #expect(try await store.closet.outfit(id: outfit.id, userID: anna.id)?.itemIDs == [b.id])
            #expect(try await store.closet.day(userID: anna.id, date: date("2025-03-01"))?.itemIDs == [b.id])
            #expect(try await store.closet.deleteOutfit(id: outfit.id, userID: bob.id) == nil)
            #expect(try await store.closet.deleteOutfit(id: outfit.id, userID: anna.id)?.photoID == cover.id)
            let kept = try await store.closet.day(userID: anna.id, date: date("2025-03-01"))
            #expect(kept?.outfitID == nil && kept?.itemIDs == [b.id])
            #expect(try await store.closet.deleteDay(userID: bob.id, date: date("2025-03-01")) == false)
            #expect(try await store.closet.deleteDay(userID: anna.id, date: date("2025-03-01")))
            #expect(try await store.closet.day(userID: anna.id, date: date("2025-03-01")) == nil)

            // Deleting the user deletes the closet.
            try await store.users.delete(id: anna.id)
            #expect(try await store.closet.categories(userID: anna.id).isEmpty)
        }
    }
}
