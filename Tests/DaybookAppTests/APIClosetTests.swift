import DaybookMedia
import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("API: the closet, outfits and the outfit calendar")
struct APIClosetTests {
    static let shirtPhoto = try! SampleImage.make(width: 1200, height: 1600, format: .jpeg, texture: .black)
    static let bootsPhoto = try! SampleImage.make(width: 800, height: 600, format: .png)

    func categoryID(_ api: API, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> String
    {
        let items = try await api.get("/closet/categories").items
        return try #require(
            items.first { $0["name"] as? String == name }?["id"] as? String, sourceLocation: sourceLocation)
    }

    @Test(arguments: TestDatabase.available)
    func itemsWithPhotosTagsSearchArchiveAndDelete(database: TestDatabase) async throws {
        try await withMediaApp(database) { client, _, media in
            let api = try await API(client).register("dresser")
            let categories = try await api.get("/closet/categories")
            #expect(categories.status == .ok)
            let names = categories.items.compactMap { $0["name"] as? String }
            #expect(names.starts(with: ["Tops", "Shirts", "Knitwear", "Bottoms", "Dresses", "Outerwear"]))
            #expect(names.contains("Jewellery") && names.contains("Shoes"))
            let shirts = try await categoryID(api, "Shirts")
            let shoes = try await categoryID(api, "Shoes")

            let photo = try #require(try await api.upload(Self.shirtPhoto)["id"] as? String)
            let colors = try await api.get("/closet/color-suggestions?photoId=\(photo)")
            #expect(colors.status == .ok && colors["colors"] as? [String] == ["black"], "\(colors.text)")

            let created = try await api.post(
                "/closet/items",
                [
                    "name": " Black linen shirt ", "categoryId": shirts, "photoId": photo,
                    "tags": ["Linen", "#work", "my favourite"], "colors": ["Black"], "brand": "Marimekko",
                    "size": "M", "season": "summer", "purchaseDate": "2024-05-01", "price": 60, "notes": "Iron low",
                ])
            #expect(created.status == .created, "\(created.text)")
            let shirt = try #require(created["id"] as? String)
            #expect(created["name"] as? String == "Black linen shirt")
            #expect(created["tags"] as? [String] == ["linen", "work", "my-favourite"])
            #expect(created["colors"] as? [String] == ["black"])
            #expect(created["price"] as? Double == 60)
            #expect(created["wornCount"] as? Int == 0 && created["costPerWear"] == nil)
            #expect((created["photo"] as? [String: Any])?["smallUrl"] as? String == "/media/\(photo)/small")
            #expect(created["archived"] as? Bool == false)

            let boots = try #require(
                try await api.post(
                    "/closet/items",
                    [
                        "name": "Chelsea boots", "categoryId": shoes, "tags": ["leather"], "colors": ["brown"],
                        "season": "winter",
                    ]
                )["id"] as? String)

            func listed(_ query: String) async throws -> [String] {
                let page = try await api.get("/closet/items" + query)
                #expect(page.status == .ok, "\(page.text)")
                return page.items.compactMap { $0["name"] as? String }
            }
            #expect(try await listed("") == ["Chelsea boots", "Black linen shirt"])
            #expect(try await listed("?tag=linen&tag=black") == ["Black linen shirt"])
            #expect(try await listed("?tag=linen&tag=brown") == [])
            // The search bar: a keyword or one of the user's tags is a tag; other words are words.
            #expect(try await listed("?q=winter") == ["Chelsea boots"])
            #expect(try await listed("?q=my-favourite") == ["Black linen shirt"])
            #expect(try await listed("?q=marimekko") == ["Black linen shirt"])
            #expect(try await listed("?q=chel%20leather") == ["Chelsea boots"])
            #expect(try await listed("?category=\(shoes)") == ["Chelsea boots"])
            #expect(try await listed("?sort=name") == ["Black linen shirt", "Chelsea boots"])
            #expect(try await listed("?limit=1").count == 1)
            let first = try await api.get("/closet/items?limit=1")
            let next = try #require(first["nextCursor"] as? String)
            #expect(try await listed("?limit=1&cursor=\(next)") == ["Black linen shirt"])
            for hostile in ["%22", "*", "AND", "-", "((", "%F0%9F%91%97", String(repeating: "x", count: 400)] {
                #expect(try await api.get("/closet/items?q=\(hostile)").status == .ok)
            }

            let counts = try await api.get("/closet/categories").items
            #expect(counts.first { $0["id"] as? String == shoes }?["itemCount"] as? Int == 1)

            let tags = try await api.get("/closet/tags")
            #expect((tags["own"] as? [[String: Any]])?.map { $0["tag"] as? String } == ["my-favourite"])
            let keywords = (tags["groups"] as? [[String: Any]] ?? []).flatMap { $0["keywords"] as? [String] ?? [] }
            #expect(
                keywords.count + (tags["colors"] as? [String] ?? []).count + (tags["seasons"] as? [String] ?? []).count
                    >= 60)

            // Edit: a new photo replaces the old one, which goes with its files.
            let newPhoto = try #require(try await api.upload(Self.bootsPhoto)["id"] as? String)
            #expect(blobCount(media) == 6)
            let edited = try await api.put(
                "/closet/items/\(shirt)",
                ["name": "Linen shirt", "categoryId": shirts, "photoId": newPhoto, "price": 59.9, "purchaseDate": nil])
            #expect(edited.status == .ok, "\(edited.text)")
            #expect(edited["tags"] as? [String] == [] && edited["brand"] as? String == "")
            #expect(edited["price"] as? Double == 59.9 && edited["purchaseDate"] == nil)
            #expect(edited["createdAt"] as? String == created["createdAt"] as? String)
            #expect(try await api.file("/media/\(photo)/small").status == .notFound)
            #expect(blobCount(media) == 3)

            // Archive keeps it out of the closet; bringing it back returns it.
            let archived = try await api.put("/closet/items/\(shirt)/archive", ["reason": "donated"])
            #expect(archived["archived"] as? Bool == true && archived["archivedReason"] as? String == "donated")
            #expect(try await listed("") == ["Chelsea boots"])
            #expect(try await listed("?archived=true") == ["Linen shirt"])
            let back = try await api.put("/closet/items/\(shirt)/archive", [String: Any]())
            #expect(back["archived"] as? Bool == false && back["archivedReason"] == nil)

            // Delete: gone, photo and all.
            #expect(try await api.delete("/closet/items/\(shirt)").status == .noContent)
            try await api.get("/closet/items/\(shirt)").expectProblem(.notFound, "not_found")
            try await api.delete("/closet/items/\(shirt)").expectProblem(.notFound, "not_found")
            #expect(try await api.file("/media/\(newPhoto)/small").status == .notFound)
            #expect(blobCount(media) == 0)
            #expect(try await api.get("/closet/items/\(boots)").status == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func categoriesAddRenameReorderDelete(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("sorter")
            let added = try await api.post("/closet/categories", ["name": " Swimwear "])
            #expect(added.status == .created && added["name"] as? String == "Swimwear", "\(added.text)")
            let swim = try #require(added["id"] as? String)
            try await api.post("/closet/categories", ["name": "swimwear"]).expectProblem(
                .unprocessableContent, "validation_failed"
            )
            .errorCode("name").map { #expect($0 == "taken") }
            try await api.post("/closet/categories", ["name": ""]).expectProblem(
                .unprocessableContent, "validation_failed")
            let renamed = try await api.put("/closet/categories/\(swim)", ["name": "Swim & beach"])
            #expect(renamed["name"] as? String == "Swim & beach")
            let order = try await api.put("/closet/categories/order", ["ids": [swim]])
            #expect(order.items.first?["name"] as? String == "Swim & beach", "\(order.text)")
            #expect(order.items.count == 15)
            try await api.put("/closet/categories/order", ["ids": [UUID().uuidString]])
                .expectProblem(.unprocessableContent, "validation_failed")

            let tops = try await categoryID(api, "Tops")
            _ = try await api.post("/closet/items", ["name": "Tee", "categoryId": tops])
            let inUse = try await api.delete("/closet/categories/\(tops)")
            inUse.expectProblem(.unprocessableContent, "validation_failed")
            #expect(inUse.errorCode("categoryId") == "in_use")
            #expect(try await api.delete("/closet/categories/\(swim)").status == .noContent)
            try await api.delete("/closet/categories/\(swim)").expectProblem(.notFound, "not_found")
        }
    }

    @Test(arguments: TestDatabase.available)
    func outfitsCalendarWearAndMood(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("planner")
            let tops = try await categoryID(api, "Tops")
            let bottoms = try await categoryID(api, "Bottoms")
            let tee = try #require(
                try await api.post("/closet/items", ["name": "Tee", "categoryId": tops, "price": 30])["id"] as? String)
            let jeans = try #require(
                try await api.post("/closet/items", ["name": "Jeans", "categoryId": bottoms])["id"] as? String)
            let scarf = try #require(
                try await api.post("/closet/items", ["name": "Scarf", "categoryId": tops])["id"] as? String)

            let outfit = try await api.post("/outfits", ["name": "Weekend", "itemIds": [jeans, tee, jeans]])
            #expect(outfit.status == .created, "\(outfit.text)")
            let weekend = try #require(outfit["id"] as? String)
            #expect(outfit["itemIds"] as? [String] == [jeans, tee])
            #expect(try await api.get("/outfits").items.map { $0["id"] as? String } == [weekend])

            let yesterday = TestDates.date(daysFromToday: -1)
            let nextWeek = TestDates.date(daysFromToday: 7)
            let worn = try await api.put("/outfit-calendar/\(yesterday)", ["outfitId": weekend, "note": "Park"])
            #expect(worn.status == .ok, "\(worn.text)")
            #expect(worn["status"] as? String == "worn" && worn["itemIds"] as? [String] == [jeans, tee])
            let planned = try await api.put("/outfit-calendar/\(nextWeek)", ["outfitId": weekend])
            #expect(planned["status"] as? String == "planned" && planned["awaitsConfirmation"] as? Bool == false)
            let loose = try await api.put(
                "/outfit-calendar/\(TestDates.date(daysFromToday: -2))", ["itemIds": [scarf, tee]])
            #expect(loose["outfitId"] == nil && loose["itemIds"] as? [String] == [scarf, tee])

            let range = try await api.get("/outfit-calendar?from=\(TestDates.date(daysFromToday: -30))&to=\(nextWeek)")
            #expect(range.items.map { $0["status"] as? String } == ["worn", "worn", "planned"], "\(range.text)")
            let month = try await api.get("/calendar?month=\(yesterday.prefix(7))")
            let monthDays = month["days"] as? [[String: Any]] ?? []
            #expect(
                monthDays.first { $0["date"] as? String == yesterday }?["hasOutfit"] as? Bool == true, "\(month.text)")

            // Wears: the tee twice, the plan not counted; cost per wear 30 / 2.
            let teeNow = try await api.get("/closet/items/\(tee)")
            #expect(teeNow["wornCount"] as? Int == 2 && teeNow["lastWorn"] as? String == yesterday)
            #expect(teeNow["costPerWear"] as? Double == 15)
            #expect(try await api.get("/outfits/\(weekend)")["wornCount"] as? Int == 1)
            let least = try await api.get("/closet/items?sort=least_worn").items.compactMap { $0["name"] as? String }
            // Jeans and scarf once each: the scarf's wear is older, so it comes first.
            #expect(least == ["Scarf", "Jeans", "Tee"])

            // A plan whose day has come is confirmed by putting it as worn; worn in the future is refused.
            let today = TestDates.todayUTC
            _ = try await api.put("/outfit-calendar/\(today)", ["itemIds": [scarf], "status": "planned"])
            #expect(try await api.get("/outfit-calendar/\(today)")["awaitsConfirmation"] as? Bool == true)
            #expect(
                try await api.put("/outfit-calendar/\(today)", ["itemIds": [scarf], "status": "worn"])["status"]
                    as? String == "worn")
            let future = try await api.put("/outfit-calendar/\(nextWeek)", ["itemIds": [scarf], "status": "worn"])
            future.expectProblem(.unprocessableContent, "validation_failed")
            #expect(future.errorCode("status") == "future_date")

            // Mood when worn: 5 worn days with moods 5,4,4,5,3 and 4 others with 2,3,3,4.
            let moods = [5, 2, 4, 3, 4, 3, 5, 4, 3]
            for (index, mood) in moods.enumerated() {
                let day = TestDates.date(daysFromToday: -20 - index)
                #expect(try await api.put("/days/\(day)", ["mood": mood]).status == .created)
                if [0, 2, 4, 6, 8].contains(index) {
                    #expect(try await api.put("/outfit-calendar/\(day)", ["itemIds": [jeans]]).status == .ok)
                }
            }
            let jeansNow = try await api.get("/closet/items/\(jeans)")
            let comparison = try #require(jeansNow["moodWhenWorn"] as? [String: Any], "\(jeansNow.text)")
            #expect(comparison["wornDays"] as? Int == 5 && comparison["otherDays"] as? Int == 4)
            #expect(abs((comparison["wornAverage"] as? Double ?? 0) - 4.2) < 1e-9)
            #expect(comparison["otherAverage"] as? Double == 3)
            #expect(try await api.get("/closet/items/\(tee)")["moodWhenWorn"] == nil)

            // Deleting the outfit keeps what was worn; deleting a day clears it.
            #expect(try await api.delete("/outfits/\(weekend)").status == .noContent)
            let kept = try await api.get("/outfit-calendar/\(yesterday)")
            #expect(kept["outfitId"] == nil && kept["itemIds"] as? [String] == [jeans, tee])
            #expect(try await api.delete("/outfit-calendar/\(yesterday)").status == .noContent)
            try await api.get("/outfit-calendar/\(yesterday)").expectProblem(.notFound, "not_found")
        }
    }

    @Test(arguments: TestDatabase.available)
    func badInputNamesTheField(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("careless")
            let tops = try await categoryID(api, "Tops")
            func expect(
                _ response: APIResponse, _ field: String, _ code: String,
                sourceLocation: SourceLocation = #_sourceLocation
            ) {
                response.expectProblem(.unprocessableContent, "validation_failed", sourceLocation: sourceLocation)
                #expect(response.errorCode(field) == code, "\(response.text)", sourceLocation: sourceLocation)
            }
            expect(
                try await api.post("/closet/items", ["name": "A", "categoryId": UUID().uuidString]), "categoryId",
                "unknown")
            expect(try await api.post("/closet/items", ["name": "A", "categoryId": "tops"]), "categoryId", "invalid")
            expect(
                try await api.post("/closet/items", ["name": "A", "categoryId": tops, "price": -1]), "price",
                "out_of_range")
            expect(
                try await api.post("/closet/items", ["name": "A", "categoryId": tops, "price": 1.999]), "price",
                "invalid")
            expect(
                try await api.post("/closet/items", ["name": "A", "categoryId": tops, "purchaseDate": "2024-02-30"]),
                "purchaseDate", "invalid")
            expect(
                try await api.post("/closet/items", ["name": "A", "categoryId": tops, "season": "monsoon"]), "season",
                "invalid")
            expect(try await api.post("/closet/items", ["name": "", "categoryId": tops]), "name", "required")
            expect(
                try await api.post("/closet/items", ["name": "A", "categoryId": tops, "photoId": UUID().uuidString]),
                "photoId", "unknown")
            let both = try await api.post("/closet/items", ["name": "", "categoryId": "x", "price": -5])
            #expect(Set(both.errorFields) == ["name", "categoryId", "price"], "\(both.text)")
            let notANumber = try await api.post("/closet/items", ["name": "A", "categoryId": tops, "price": "abc"])
            #expect(notANumber.status == .badRequest && notANumber.text.contains("price"), "\(notANumber.text)")

            let item = try #require(
                try await api.post("/closet/items", ["name": "A", "categoryId": tops])["id"] as? String)
            expect(try await api.post("/outfits", ["name": "Empty", "itemIds": [String]()]), "itemIds", "required")
            expect(
                try await api.post("/outfits", ["name": "All", "itemIds": (0..<200).map { _ in UUID().uuidString }]),
                "itemIds", "too_many")
            expect(
                try await api.post("/outfits", ["name": "Ghost", "itemIds": [UUID().uuidString]]), "itemIds", "unknown")
            expect(try await api.post("/outfits", ["name": "Bad", "itemIds": ["nope"]]), "itemIds[0]", "invalid")
            expect(try await api.put("/outfit-calendar/yesterday", ["itemIds": [item]]), "date", "invalid")
            expect(try await api.put("/outfit-calendar/2025-02-30", ["itemIds": [item]]), "date", "invalid")
            expect(try await api.put("/outfit-calendar/\(TestDates.todayUTC)", [String: Any]()), "itemIds", "required")
            expect(
                try await api.put("/outfit-calendar/\(TestDates.todayUTC)", ["outfitId": UUID().uuidString]),
                "outfitId", "unknown")
            expect(try await api.get("/outfit-calendar?from=2025-01-01&to=2025-13-01"), "to", "invalid")
            expect(try await api.get("/closet/items?tag=a%2Fb"), "tag", "invalid")
            expect(try await api.get("/closet/items?category=\(UUID().uuidString)"), "category", "unknown")
            try await api.get("/closet/items?limit=1&limit=2").expectProblem(.badRequest, "malformed_request")
            try await api.get("/closet/items?sort=random").expectProblem(.badRequest, "malformed_request")
            try await api.get("/closet/items?cursor=abc").expectProblem(.unprocessableContent, "validation_failed")
            try await api.get("/closet/color-suggestions?photoId=\(UUID().uuidString)").expectProblem(
                .notFound, "not_found")
        }
    }

    @Test(arguments: TestDatabase.available)
    func anotherUsersClosetIsInvisible(database: TestDatabase) async throws {
        try await withMediaApp(database) { client, _, _ in
            let anna = try await API(client).register("anna_closet")
            let bob = try await API(client).register("bob_closet")
            let annaTops = try await categoryID(anna, "Tops")
            let bobTops = try await categoryID(bob, "Tops")
            let annaPhoto = try #require(try await anna.upload(Self.bootsPhoto)["id"] as? String)
            let item = try #require(
                try await anna.post(
                    "/closet/items", ["name": "Silk top", "categoryId": annaTops, "photoId": annaPhoto])["id"]
                    as? String)
            let outfit = try #require(
                try await anna.post("/outfits", ["name": "Date", "itemIds": [item]])["id"] as? String)
            let day = TestDates.date(daysFromToday: -1)
            _ = try await anna.put("/outfit-calendar/\(day)", ["outfitId": outfit])

            for path in ["/closet/items/\(item)", "/outfits/\(outfit)", "/outfit-calendar/\(day)"] {
                try await bob.get(path).expectProblem(.notFound, "not_found")
                try await bob.delete(path).expectProblem(.notFound, "not_found")
            }
            try await bob.put("/closet/items/\(item)", ["name": "Mine", "categoryId": bobTops]).expectProblem(
                .notFound, "not_found")
            try await bob.put("/closet/items/\(item)/archive", ["reason": "sold"]).expectProblem(.notFound, "not_found")
            try await bob.put("/outfits/\(outfit)", ["name": "Mine", "itemIds": [item]]).expectProblem(
                .notFound, "not_found")
            try await bob.put("/closet/categories/\(annaTops)", ["name": "Mine"]).expectProblem(.notFound, "not_found")
            try await bob.delete("/closet/categories/\(annaTops)").expectProblem(.notFound, "not_found")
            #expect(try await bob.get("/closet/items").items.isEmpty)
            #expect(try await bob.get("/outfits").items.isEmpty)
            #expect(try await bob.get("/outfit-calendar?from=\(day)&to=\(day)").items.isEmpty)
            try await bob.get("/closet/color-suggestions?photoId=\(annaPhoto)").expectProblem(.notFound, "not_found")
            #expect(try await bob.file("/media/\(annaPhoto)/small").status == .notFound)

            // Someone else's ids in one's own things are refused like unknown ones.
            let bobItem = try await bob.post("/closet/items", ["name": "Mine", "categoryId": annaTops])
            #expect(bobItem.errorCode("categoryId") == "unknown", "\(bobItem.text)")
            let withPhoto = try await bob.post(
                "/closet/items", ["name": "Mine", "categoryId": bobTops, "photoId": annaPhoto])
            #expect(withPhoto.errorCode("photoId") == "unknown")
            #expect(
                try await bob.post("/outfits", ["name": "Mine", "itemIds": [item]]).errorCode("itemIds") == "unknown")
            #expect(try await bob.put("/outfit-calendar/\(day)", ["itemIds": [item]]).errorCode("itemIds") == "unknown")
            #expect(
                try await bob.put("/outfit-calendar/\(day)", ["outfitId": outfit]).errorCode("outfitId") == "unknown")
            #expect(try await bob.get("/closet/items?category=\(annaTops)").errorCode("category") == "unknown")

            // Anna's things are untouched.
            #expect(try await anna.get("/closet/items/\(item)")["name"] as? String == "Silk top")
            #expect(try await anna.get("/outfit-calendar/\(day)")["outfitId"] as? String == outfit)
        }
    }
}
