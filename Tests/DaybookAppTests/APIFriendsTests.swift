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

    func usernames(_ response: APIResponse, _ list: String) -> [String] {
        (response[list] as? [[String: Any]] ?? []).compactMap { $0["username"] as? String }
    }

    func id(_ response: APIResponse, _ list: String, _ username: String) -> String? {
        (response[list] as? [[String: Any]] ?? []).first { $0["username"] as? String == username }?["id"] as? String
    }

    func inbox(_ api: API) async throws -> [String] {
        try await api.get("/notifications").items.compactMap { $0["text"] as? String }
    }

    @Test(arguments: TestDatabase.available)
    func askAcceptRemoveWithNotifications(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anna = try await API(client).register("anna_f")
            let bob = try await API(client).register("bob_f")
            let sent = try await anna.post("/friends/requests", ["username": "@Bob_F"])
            #expect(sent.status == .created, "\(sent.text)")
            #expect(sent["status"] as? String == "requested")
            #expect((sent["user"] as? [String: Any])?["username"] as? String == "bob_f")
            #expect(usernames(try await anna.get("/friends"), "outgoing") == ["bob_f"])
            let bobs = try await bob.get("/friends")
            #expect(usernames(bobs, "incoming") == ["anna_f"] && usernames(bobs, "friends").isEmpty)
            #expect(try await inbox(bob).contains { $0.contains("@anna_f") && $0.contains("friend") })

            let annaID = try #require(id(bobs, "incoming", "anna_f"))
            #expect(try await bob.post("/friends/requests/\(annaID)/accept", [String: Any]()).status == .noContent)
            #expect(usernames(try await anna.get("/friends"), "friends") == ["bob_f"])
            #expect(usernames(try await bob.get("/friends"), "friends") == ["anna_f"])
            #expect(try await inbox(anna).contains { $0.contains("accepted") })
            try await bob.post("/friends/requests/\(annaID)/accept", [String: Any]()).expectProblem(
                .notFound, "not_found")

            let bobID = try #require(id(try await anna.get("/friends"), "friends", "bob_f"))
            #expect(try await anna.delete("/friends/\(bobID)").status == .noContent)
            #expect(usernames(try await bob.get("/friends"), "friends").isEmpty)
            try await anna.delete("/friends/\(bobID)").expectProblem(.notFound, "not_found")

            // Asking again, and the other asking back, makes friends at once.
            _ = try await anna.post("/friends/requests", ["username": "bob_f"])
            let back = try await bob.post("/friends/requests", ["username": "anna_f"])
            #expect(back["status"] as? String == "friends", "\(back.text)")

            // Withdraw and decline.
            let cara = try await API(client).register("cara_f")
            _ = try await cara.post("/friends/requests", ["username": "anna_f"])
            let caraID = try #require(id(try await anna.get("/friends"), "incoming", "cara_f"))
            #expect(try await anna.delete("/friends/requests/\(caraID)").status == .noContent)
            #expect(usernames(try await cara.get("/friends"), "outgoing").isEmpty)
            try await anna.delete("/friends/requests/\(caraID)").expectProblem(.notFound, "not_found")
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
            expect(try await anna.post("/friends/requests", ["username": ""]), "required")
            expect(try await anna.post("/friends/requests", ["username": "nobody_here"]), "unknown")
            expect(try await anna.post("/friends/requests", ["username": "anna_b"]), "invalid")
            // An email address finds nobody.
            expect(try await anna.post("/friends/requests", ["username": "mallory_b@example.org"]), "unknown")
            try await anna.post("/friends/requests", ["name": "x"]).expectProblem(.badRequest, "malformed_request")

            let blocked = try await anna.post("/blocks", ["username": "mallory_b"])
            #expect(blocked.status == .created, "\(blocked.text)")
            let malloryID = try #require(blocked["id"] as? String)
            #expect(usernames(try await anna.get("/friends"), "blocked") == ["mallory_b"])
            expect(try await anna.post("/friends/requests", ["username": "mallory_b"]), "blocked")
            // Mallory's request looks sent; Anna sees nothing and gets no notification.
            let before = try await inbox(anna).count
            #expect(try await mallory.post("/friends/requests", ["username": "anna_b"]).status == .created)
            #expect(usernames(try await mallory.get("/friends"), "outgoing") == ["anna_b"])
            #expect(usernames(try await anna.get("/friends"), "incoming").isEmpty)
            #expect(try await inbox(anna).count == before)

            #expect(try await anna.delete("/blocks/\(malloryID)").status == .noContent)
            try await anna.delete("/blocks/\(malloryID)").expectProblem(.notFound, "not_found")
            try await anna.delete("/friends/\(UUID().uuidString)").expectProblem(.notFound, "not_found")
            try await anna.delete("/friends/not-an-id").expectProblem(.badRequest, "malformed_request")
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

            _ = try await anna.post("/friends/requests", ["username": "bob_p"])
            let annaID = try #require(id(try await bob.get("/friends"), "incoming", "anna_p"))
            #expect(try await bob.file(path).status == .notFound)  // asking is not being friends
            _ = try await bob.post("/friends/requests/\(annaID)/accept", [String: Any]())
            let seen = try await bob.file(path)
            #expect(seen.status == .ok)
            #expect(seen.headers[.cacheControl] == "private, max-age=300, must-revalidate")
            #expect(try await bob.file("/media/\(picture)/original").status == .notFound)
            #expect(try await bob.file(path, anonymous: true).status == .notFound)

            let bobID = try #require(id(try await anna.get("/friends"), "friends", "bob_p"))
            _ = try await anna.delete("/friends/\(bobID)")
            #expect(try await bob.file(path).status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.available)
    func shareItemsAndOutfitsWithFriendsOnly(database: TestDatabase) async throws {
        try await withMediaApp(database) { client, _, _ in
            let anna = try await API(client).register("anna_s")
            let bob = try await API(client).register("bob_s")
            let eve = try await API(client).register("eve_s")
            _ = try await anna.post("/friends/requests", ["username": "bob_s"])
            let annaID = try #require(id(try await bob.get("/friends"), "incoming", "anna_s"))
            _ = try await bob.post("/friends/requests/\(annaID)/accept", [String: Any]())
            let bobID = try #require(id(try await anna.get("/friends"), "friends", "bob_s"))
            let eveID = try #require(try await eve.get("/me")["id"] as? String)

            let tops = try #require(
                try await anna.get("/closet/categories").items.first { $0["name"] as? String == "Tops" }?["id"]
                    as? String)
            let photo = try #require(try await anna.upload(Self.face)["id"] as? String)
            let shirt = try #require(
                try await anna.post("/closet/items", ["name": "Silk shirt", "categoryId": tops, "photoId": photo])["id"]
                    as? String)
            let scarf = try #require(
                try await anna.post("/closet/items", ["name": "Scarf", "categoryId": tops])["id"] as? String)
            let outfit = try #require(
                try await anna.post("/outfits", ["name": "Dinner", "itemIds": [scarf]])["id"] as? String)
            #expect(try await bob.file("/media/\(photo)/small").status == .notFound)

            // Only friends, only one's own things.
            let notFriend = try await anna.post("/shares", ["itemIds": [shirt], "friendIds": [eveID]])
            #expect(notFriend.errorCode("friendIds") == "unknown", "\(notFriend.text)")
            let notMine = try await bob.post("/shares", ["itemIds": [shirt], "friendIds": [annaID]])
            #expect(notMine.errorCode("itemIds") == "unknown")
            let nothing = try await anna.post("/shares", ["friendIds": [bobID]])
            #expect(nothing.errorCode("itemIds") == "required")

            let shared = try await anna.post(
                "/shares", ["itemIds": [shirt], "outfitIds": [outfit], "friendIds": [bobID], "message": "For Friday?"])
            #expect(shared.status == .created, "\(shared.text)")
            #expect(try await inbox(bob).contains { $0.contains("shared 2 things") && $0.contains("For Friday?") })

            let received = try await bob.get("/shares/received")
            #expect(received.items.compactMap { $0["name"] as? String }.sorted() == ["Dinner", "Silk shirt"])
            #expect(received.items.allSatisfy { ($0["person"] as? [String: Any])?["username"] as? String == "anna_s" })
            #expect(try await bob.get("/shared/items/\(shirt)")["name"] as? String == "Silk shirt")
            #expect(try await bob.get("/shared/items/\(scarf)")["name"] as? String == "Scarf")  // in the outfit
            #expect(try await bob.get("/shared/outfits/\(outfit)")["itemIds"] as? [String] == [scarf])
            #expect(try await bob.file("/media/\(photo)/small").status == .ok)
            #expect(try await bob.file("/media/\(photo)/original").status == .notFound)
            // Still read-only: Bob's own closet has none of it.
            try await bob.get("/closet/items/\(shirt)").expectProblem(.notFound, "not_found")
            try await eve.get("/shared/items/\(shirt)").expectProblem(.notFound, "not_found")
            #expect(try await eve.file("/media/\(photo)/small").status == .notFound)

            // Withdrawing the shirt ends Bob's access to it and its photo at once.
            let sent = try await anna.get("/shares/sent")
            let shirtShare = try #require(sent.items.first { $0["name"] as? String == "Silk shirt" }?["id"] as? String)
            try await bob.delete("/shares/\(shirtShare)").expectProblem(.notFound, "not_found")
            #expect(try await anna.delete("/shares/\(shirtShare)").status == .noContent)
            try await bob.get("/shared/items/\(shirt)").expectProblem(.notFound, "not_found")
            #expect(try await bob.file("/media/\(photo)/small").status == .notFound)

            // Unfriending ends the rest.
            #expect(try await bob.get("/shared/outfits/\(outfit)").status == .ok)
            _ = try await bob.delete("/friends/\(annaID)")
            try await bob.get("/shared/outfits/\(outfit)").expectProblem(.notFound, "not_found")
            #expect(try await bob.get("/shares/received").items.isEmpty)
        }
    }
}
