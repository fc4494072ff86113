import DaybookMedia
import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("API: friends, requests and blocks")
struct APIFriendsTests {
    static let face = try! SampleImage.make(width: 400, height: 400, format: .jpeg)

    func usernames(_ list: [[String: Any]]) -> [String] { list.compactMap { $0["username"] as? String } }

    /// The usernames in `received` or `sent` of `GET /friend-requests`.
    func requesters(_ api: API, _ list: String) async throws -> [String] {
        let lists = try await api.get("/friend-requests")
        return (lists[list] as? [[String: Any]] ?? []).compactMap {
            ($0["user"] as? [String: Any])?["username"] as? String
        }
    }

    func requestID(_ api: API, _ list: String, _ username: String) async throws -> String? {
        let lists = try await api.get("/friend-requests")
        return (lists[list] as? [[String: Any]] ?? []).first {
            ($0["user"] as? [String: Any])?["username"] as? String == username
        }?["id"] as? String
    }

    func inbox(_ api: API) async throws -> [String] {
        try await api.get("/notifications").items.compactMap { $0["text"] as? String }
    }

    /// Anna asks Bob, Bob says yes.
    func befriend(_ anna: API, _ bob: API, _ bobName: String) async throws {
        let sent = try await anna.post("/friend-requests", ["username": bobName])
        let id = try #require(sent["id"] as? String, "\(sent.text)")
        #expect(try await bob.post("/friend-requests/\(id)/accept", [String: Any]()).status == .noContent)
    }

    @Test(arguments: TestDatabase.available)
    func askAcceptRemoveWithNotifications(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anna = try await API(client).register("anna_f")
            let bob = try await API(client).register("bob_f")
            let sent = try await anna.post("/friend-requests", ["username": "@Bob_F"])
            #expect(sent.status == .created, "\(sent.text)")
            #expect(sent["status"] as? String == "requested")
            #expect((sent["user"] as? [String: Any])?["username"] as? String == "bob_f")
            let id = try #require(sent["id"] as? String)
            #expect(try await requesters(anna, "sent") == ["bob_f"])
            #expect(try await requestID(bob, "received", "anna_f") == id)  // both see the same id
            #expect(try await requesters(bob, "received") == ["anna_f"])
            #expect(try await bob.get("/friends").items.isEmpty)
            #expect(try await inbox(bob).contains { $0.contains("@anna_f") && $0.contains("friend") })

            // Only the recipient accepts; only the sender cancels.
            try await anna.post("/friend-requests/\(id)/accept", [String: Any]()).expectProblem(.notFound, "not_found")
            try await bob.delete("/friend-requests/\(id)").expectProblem(.notFound, "not_found")
            #expect(try await bob.post("/friend-requests/\(id)/accept", [String: Any]()).status == .noContent)
            #expect(usernames(try await anna.get("/friends").items) == ["bob_f"])
            #expect(usernames(try await bob.get("/friends").items) == ["anna_f"])
            #expect(try await inbox(anna).contains { $0.contains("accepted") })
            try await bob.post("/friend-requests/\(id)/accept", [String: Any]()).expectProblem(.notFound, "not_found")
            #expect(try await requesters(anna, "sent").isEmpty)

            #expect(try await anna.delete("/friends/bob_f").status == .noContent)
            #expect(try await bob.get("/friends").items.isEmpty)
            try await anna.delete("/friends/bob_f").expectProblem(.notFound, "not_found")
            try await anna.delete("/friends/nobody_at_all").expectProblem(.notFound, "not_found")

            // Asking again, and the other asking back, makes friends at once.
            _ = try await anna.post("/friend-requests", ["username": "bob_f"])
            let back = try await bob.post("/friend-requests", ["username": "anna_f"])
            #expect(back["status"] as? String == "friends" && back["id"] == nil, "\(back.text)")

            // Cancel and decline.
            let cara = try await API(client).register("cara_f")
            let caras = try #require(try await cara.post("/friend-requests", ["username": "anna_f"])["id"] as? String)
            #expect(try await anna.post("/friend-requests/\(caras)/decline", [String: Any]()).status == .noContent)
            #expect(try await requesters(cara, "sent").isEmpty)
            try await anna.post("/friend-requests/\(caras)/decline", [String: Any]()).expectProblem(
                .notFound, "not_found")
            let again = try #require(try await cara.post("/friend-requests", ["username": "anna_f"])["id"] as? String)
            #expect(again != caras)
            #expect(try await cara.delete("/friend-requests/\(again)").status == .noContent)
            #expect(try await requesters(anna, "received").isEmpty)
            try await cara.delete("/friend-requests/\(again)").expectProblem(.notFound, "not_found")
            try await cara.delete("/friend-requests/not-an-id").expectProblem(.badRequest, "malformed_request")
        }
    }

    @Test(arguments: TestDatabase.available)
    func badUsernamesAndBlocks(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anna = try await API(client).register("anna_b")
            let mallory = try await API(client).register("mallory_b")
            func expect(_ response: APIResponse, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
                response.expectProblem(.unprocessableContent, "validation_failed", sourceLocation: sourceLocation)
                #expect(response.errorCode("username") == code, "\(response.text)", sourceLocation: sourceLocation)
            }
            expect(try await anna.post("/friend-requests", ["username": ""]), "required")
            expect(try await anna.post("/friend-requests", ["username": "nobody_here"]), "unknown")
            expect(try await anna.post("/friend-requests", ["username": "anna_b"]), "invalid")
            // An email address finds nobody.
            expect(try await anna.post("/friend-requests", ["username": "mallory_b@example.org"]), "unknown")
            try await anna.post("/friend-requests", ["name": "x"]).expectProblem(.badRequest, "malformed_request")
            // Asking twice is refused, and changes nothing.
            #expect(try await anna.post("/friend-requests", ["username": "mallory_b"]).status == .created)
            expect(try await anna.post("/friend-requests", ["username": "Mallory_B"]), "duplicate")
            #expect(try await requesters(anna, "sent") == ["mallory_b"])

            let blocked = try await anna.post("/blocks", ["username": "mallory_b"])
            #expect(blocked.status == .created, "\(blocked.text)")
            #expect(usernames(try await anna.get("/blocks").items) == ["mallory_b"])
            #expect(try await requesters(anna, "sent").isEmpty)  // blocking ended the request
            expect(try await anna.post("/friend-requests", ["username": "mallory_b"]), "blocked")
            expect(try await anna.post("/blocks", ["username": "anna_b"]), "invalid")
            expect(try await anna.post("/blocks", ["username": "nobody_here"]), "unknown")
            // Mallory's request looks sent; Anna sees nothing and gets no notification.
            let before = try await inbox(anna).count
            #expect(try await mallory.post("/friend-requests", ["username": "anna_b"]).status == .created)
            #expect(try await requesters(mallory, "sent") == ["anna_b"])
            #expect(try await requesters(anna, "received").isEmpty)
            #expect(try await inbox(anna).count == before)

            #expect(try await anna.delete("/blocks/mallory_b").status == .noContent)
            try await anna.delete("/blocks/mallory_b").expectProblem(.notFound, "not_found")
            #expect(try await anna.get("/blocks").items.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func friendsSeeEachOthersProfilePicture(database: TestDatabase) async throws {
        try await withMediaApp(database) { client, _, _ in
            let anna = try await API(client).register("anna_p")
            let bob = try await API(client).register("bob_p")
            let picture = try #require(try await anna.upload(Self.face, kind: "avatar")["id"] as? String)
            #expect(try await anna.patch("/me", ["avatarMediaId": picture]).status == .ok)
            let path = "/media/\(picture)/avatar"
            #expect(try await bob.file(path).status == .notFound)

            let id = try #require(try await anna.post("/friend-requests", ["username": "bob_p"])["id"] as? String)
            #expect(try await bob.file(path).status == .notFound)  // asking is not being friends
            _ = try await bob.post("/friend-requests/\(id)/accept", [String: Any]())
            let seen = try await bob.file(path)
            #expect(seen.status == .ok)
            #expect(seen.headers[.cacheControl] == "private, max-age=300, must-revalidate")
            #expect(try await bob.file("/media/\(picture)/original").status == .notFound)
            #expect(try await bob.file(path, anonymous: true).status == .notFound)

            _ = try await anna.delete("/friends/bob_p")
            #expect(try await bob.file(path).status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.available)
    func shareItemsAndOutfitsWithFriendsOnly(database: TestDatabase) async throws {
        try await withMediaApp(database) { client, _, _ in
            let anna = try await API(client).register("anna_s")
            let bob = try await API(client).register("bob_s")
            let eve = try await API(client).register("eve_s")
            try await befriend(anna, bob, "bob_s")

            let tops = try #require(
                try await anna.get("/closet/categories").items.first { $0["name"] as? String == "Tops" }?["id"]
                    as? String)
            let photo = try #require(try await anna.upload(Self.face)["id"] as? String)
            let shirt = try #require(
                try await anna.post(
                    "/closet/items",
                    ["name": "Silk shirt", "categoryId": tops, "photoId": photo, "price": 89.5, "purchaseDate": "2024-01-02"])["id"]
                    as? String)
            let scarf = try #require(
                try await anna.post("/closet/items", ["name": "Scarf", "categoryId": tops])["id"] as? String)
            let outfit = try #require(
                try await anna.post("/outfits", ["name": "Dinner", "itemIds": [scarf]])["id"] as? String)
            #expect(try await bob.file("/media/\(photo)/small").status == .notFound)

            // Only friends, only one's own things, at most 20 recipients.
            let notFriend = try await anna.post("/shares", ["itemIds": [shirt], "recipients": ["eve_s"]])
            #expect(notFriend.errorCode("recipients") == "not_friend", "\(notFriend.text)")
            let notMine = try await bob.post("/shares", ["itemIds": [shirt], "recipients": ["anna_s"]])
            #expect(notMine.errorCode("itemIds") == "unknown")
            let notMyOutfit = try await bob.post("/shares", ["outfitId": outfit, "recipients": ["anna_s"]])
            #expect(notMyOutfit.errorCode("outfitId") == "unknown")
            let nothing = try await anna.post("/shares", ["recipients": ["bob_s"]])
            #expect(nothing.errorCode("itemIds") == "required")
            let nobody = try await anna.post("/shares", ["itemIds": [shirt], "recipients": [String]()])
            #expect(nobody.errorCode("recipients") == "required")
            let crowd = try await anna.post(
                "/shares", ["itemIds": [shirt], "recipients": (1...50).map { "friend_\($0)" }])
            crowd.expectProblem(.unprocessableContent, "validation_failed")
            #expect(crowd.errorCode("recipients") == "too_many", "\(crowd.text)")
            let badID = try await anna.post("/shares", ["outfitId": "nope", "recipients": ["bob_s"]])
            #expect(badID.errorCode("outfitId") == "invalid", "\(badID.text)")
            #expect(try await bob.get("/shares").items.isEmpty)  // nothing was shared by any of that

            let items = try await anna.post(
                "/shares", ["itemIds": [shirt], "recipients": ["@Bob_S"], "message": "For Friday?"])
            #expect(items.status == .created, "\(items.text)")
            #expect(items.items.first?["name"] as? String == "Silk shirt")
            let shirtShare = try #require(items.items.first?["id"] as? String)
            let dinner = try await anna.post("/shares", ["outfitId": outfit, "recipients": ["bob_s"]])
            #expect(dinner.items.first?["kind"] as? String == "outfit", "\(dinner.text)")
            #expect(try await inbox(bob).contains { $0.contains("Silk shirt") && $0.contains("For Friday?") })

            let received = try await bob.get("/shares?direction=received")
            #expect(received.items.compactMap { $0["name"] as? String } == ["Dinner", "Silk shirt"])
            #expect(received.items.allSatisfy { ($0["person"] as? [String: Any])?["username"] as? String == "anna_s" })
            #expect(try await bob.get("/shares").items.count == 2)
            #expect(try await anna.get("/shares?direction=sent").items.count == 2)
            #expect(try await anna.get("/shares").items.isEmpty)
            try await anna.get("/shares?direction=sideways").expectProblem(.badRequest, "malformed_request")
            #expect(try await bob.get("/shares/\(shirtShare)")["message"] as? String == "For Friday?")
            #expect(
                (try await anna.get("/shares/\(shirtShare)")["person"] as? [String: Any])?["username"] as? String
                    == "bob_s")
            try await eve.get("/shares/\(shirtShare)").expectProblem(.notFound, "not_found")

            let seen = try await bob.get("/shared/items/\(shirt)")
            #expect(seen["name"] as? String == "Silk shirt")
            // What it cost and when it was bought stay Anna's (issue 63).
            #expect(seen["price"] == nil && seen["purchaseDate"] == nil && seen["costPerWear"] == nil, "\(seen.text)")
            #expect(try await anna.get("/closet/items/\(shirt)")["price"] as? Double == 89.5)
            #expect(try await bob.get("/shared/items/\(scarf)")["name"] as? String == "Scarf")  // in the outfit
            #expect(try await bob.get("/shared/outfits/\(outfit)")["itemIds"] as? [String] == [scarf])
            #expect(try await bob.file("/media/\(photo)/small").status == .ok)
            #expect(try await bob.file("/media/\(photo)/original").status == .notFound)
            // Still read-only: Bob's own closet has none of it.
            try await bob.get("/closet/items/\(shirt)").expectProblem(.notFound, "not_found")
            try await eve.get("/shared/items/\(shirt)").expectProblem(.notFound, "not_found")
            #expect(try await eve.file("/media/\(photo)/small").status == .notFound)

            // Bob reacts; Anna is told and sees it; only the recipient reacts, with one emoji.
            let reacted = try await bob.put("/shares/\(shirtShare)/reaction", ["emoji": "😍"])
            #expect(reacted.status == .ok && reacted["reaction"] as? String == "😍", "\(reacted.text)")
            #expect(try await inbox(anna).contains { $0.contains("reacted 😍") && $0.contains("Silk shirt") })
            #expect(try await anna.get("/shares/\(shirtShare)")["reaction"] as? String == "😍")
            try await anna.put("/shares/\(shirtShare)/reaction", ["emoji": "👍"]).expectProblem(.notFound, "not_found")
            try await eve.put("/shares/\(shirtShare)/reaction", ["emoji": "👍"]).expectProblem(.notFound, "not_found")
            for bad in ["", "a", "👍👍", "ok 👍", "1"] {
                let refused = try await bob.put("/shares/\(shirtShare)/reaction", ["emoji": bad])
                #expect(refused.errorCode("emoji") == "invalid", "\(bad): \(refused.text)")
            }
            #expect(try await bob.put("/shares/\(shirtShare)/reaction", ["emoji": "👍🏽"])["reaction"] as? String == "👍🏽")
            #expect(try await bob.delete("/shares/\(shirtShare)/reaction").status == .noContent)
            #expect(try await anna.get("/shares/\(shirtShare)")["reaction"] == nil)

            // Withdrawing the shirt ends Bob's access to it and its photo at once; only Anna withdraws.
            try await bob.delete("/shares/\(shirtShare)").expectProblem(.notFound, "not_found")
            #expect(try await anna.delete("/shares/\(shirtShare)").status == .noContent)
            try await bob.get("/shared/items/\(shirt)").expectProblem(.notFound, "not_found")
            try await bob.get("/shares/\(shirtShare)").expectProblem(.notFound, "not_found")
            #expect(try await bob.file("/media/\(photo)/small").status == .notFound)

            // Unfriending ends the rest.
            #expect(try await bob.get("/shared/outfits/\(outfit)").status == .ok)
            _ = try await bob.delete("/friends/anna_s")
            try await bob.get("/shared/outfits/\(outfit)").expectProblem(.notFound, "not_found")
            #expect(try await bob.get("/shares").items.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func friendsOnlyJournalEntriesReachFriendsOnly(database: TestDatabase) async throws {
        try await withMediaApp(database) { client, _, _ in
            let anna = try await API(client).register("anna_j")
            let bob = try await API(client).register("bob_j")
            let eve = try await API(client).register("eve_j")
            try await befriend(anna, bob, "bob_j")
            let photo = try #require(try await anna.upload(Self.face)["id"] as? String)
            let made = try await anna.post(
                "/journal", ["body": "Only for friends", "photoIds": [photo], "visibility": "friends"])
            #expect(made.status == .created && made["visibility"] as? String == "friends", "\(made.text)")
            #expect(made["isPublic"] as? Bool == false)
            let id = try #require(made["id"] as? String)
            let legacy = try await anna.post("/journal", ["body": "Old client", "isPublic": true])
            #expect(legacy["visibility"] as? String == "public")
            let wrong = try await anna.post("/journal", ["body": "x", "visibility": "everyone"])
            #expect(wrong.status == .badRequest || wrong.status == .unprocessableContent, "\(wrong.text)")

            let feed = try await bob.get("/journal/friends")
            #expect(feed.items.compactMap { $0["body"] as? String } == ["Old client", "Only for friends"])
            #expect((feed.items.last?["author"] as? [String: Any])?["username"] as? String == "anna_j")
            #expect(try await bob.get("/journal/\(id)")["body"] as? String == "Only for friends")
            #expect(try await bob.file("/media/\(photo)/small").status == .ok)
            // Nowhere else.
            #expect(try await eve.get("/journal/friends").items.isEmpty)
            try await eve.get("/journal/\(id)").expectProblem(.notFound, "not_found")
            #expect(try await eve.file("/media/\(photo)/small").status == .notFound)
            #expect(!(try await eve.get("/journal/public").items.contains { $0["id"] as? String == id }))
            #expect(try await anna.get("/journal/friends").items.isEmpty)  // her own are not in her friends feed

            _ = try await anna.delete("/friends/bob_j")
            try await bob.get("/journal/\(id)").expectProblem(.notFound, "not_found")
            #expect(try await bob.file("/media/\(photo)/small").status == .notFound)
            #expect(try await bob.get("/journal/friends").items.isEmpty)
        }
    }
}
