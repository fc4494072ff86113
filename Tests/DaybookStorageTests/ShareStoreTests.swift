import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("ShareStore conformance")
struct ShareStoreTests {
    @Test(arguments: TestDatabase.available)
    func friendsSeeWhatIsSharedWhileItStands(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let eve = try await addUser(store, "eve")
            try await befriend(store, anna, bob)
            try await store.closet.addDefaultCategories(userID: anna.id, names: ["Tops"])
            let tops = try await store.closet.categories(userID: anna.id)[0].id
            let shirtPhoto = samplePhoto(anna.id, "s")
            let skirtPhoto = samplePhoto(anna.id, "k")
            let privatePhoto = samplePhoto(anna.id, "p")
            for p in [shirtPhoto, skirtPhoto, privatePhoto] { try await store.media.insert(p) }
            let shirt = ClosetItem(
                userID: anna.id, name: "Shirt", categoryID: tops, photoID: shirtPhoto.id, createdAt: time(3),
                updatedAt: time(3))
            let skirt = ClosetItem(
                userID: anna.id, name: "Skirt", categoryID: tops, photoID: skirtPhoto.id, createdAt: time(3),
                updatedAt: time(3))
            for item in [shirt, skirt] { try await store.closet.saveItem(item, insert: true) }
            let outfit = Outfit(
                userID: anna.id, name: "Saturday", itemIDs: [skirt.id], createdAt: time(4), updatedAt: time(4))
            try await store.closet.saveOutfit(outfit, insert: true)

            let shareShirt = Share(
                userID: anna.id, recipientID: bob.id, kind: .item, targetID: shirt.id, message: "Yours?",
                createdAt: time(5))
            let shareOutfit = Share(
                userID: anna.id, recipientID: bob.id, kind: .outfit, targetID: outfit.id, message: "",
                createdAt: time(6))
            try await store.shares.insert([shareShirt, shareOutfit])

            let received = try await store.shares.received(userID: bob.id)
            #expect(received.map(\.name) == ["Saturday", "Shirt"])
            #expect(received.first?.photoID == skirtPhoto.id)  // an outfit without a photo shows its first item's
            #expect(received.last?.person.username == "anna" && received.last?.share.message == "Yours?")
            #expect(try await store.shares.sent(userID: anna.id).map(\.person.username) == ["bob", "bob"])
            #expect(try await store.shares.received(userID: eve.id).isEmpty)

            #expect(try await store.shares.sharedItemOwner(itemID: shirt.id, viewerID: bob.id) == anna.id)
            #expect(try await store.shares.sharedItemOwner(itemID: skirt.id, viewerID: bob.id) == anna.id)  // via the outfit
            #expect(try await store.shares.sharedItemOwner(itemID: shirt.id, viewerID: eve.id) == nil)
            #expect(try await store.shares.sharedOutfitOwner(outfitID: outfit.id, viewerID: bob.id) == anna.id)
            #expect(try await store.shares.canSee(photoID: shirtPhoto.id, ownerID: anna.id, viewerID: bob.id))
            #expect(try await store.shares.canSee(photoID: skirtPhoto.id, ownerID: anna.id, viewerID: bob.id))
            #expect(
                try await store.shares.canSee(photoID: privatePhoto.id, ownerID: anna.id, viewerID: bob.id) == false)
            #expect(try await store.shares.canSee(photoID: shirtPhoto.id, ownerID: anna.id, viewerID: eve.id) == false)

            // One share, seen by either of its two people (each seeing the other), nobody else.
            #expect(try await store.shares.share(id: shareShirt.id, viewerID: bob.id)?.person.username == "anna")
            #expect(try await store.shares.share(id: shareShirt.id, viewerID: anna.id)?.person.username == "bob")
            #expect(try await store.shares.share(id: shareShirt.id, viewerID: eve.id) == nil)

            // Only the recipient reacts; the reaction shows to both, and can be taken back.
            #expect(try await store.shares.react(id: shareShirt.id, recipientID: anna.id, reaction: "❤️") == nil)
            #expect(try await store.shares.react(id: shareShirt.id, recipientID: eve.id, reaction: "❤️") == nil)
            let reacted = try await store.shares.react(id: shareShirt.id, recipientID: bob.id, reaction: "❤️")
            #expect(reacted?.userID == anna.id && reacted?.reaction == "❤️")
            #expect(try await store.shares.sent(userID: anna.id).last?.share.reaction == "❤️")
            #expect(try await store.shares.share(id: shareShirt.id, viewerID: bob.id)?.share.reaction == "❤️")
            _ = try await store.shares.react(id: shareShirt.id, recipientID: bob.id, reaction: nil)
            #expect(try await store.shares.share(id: shareShirt.id, viewerID: anna.id)?.share.reaction == nil)

            // Withdrawing one ends it; only the sharer can.
            #expect(try await store.shares.delete(id: shareShirt.id, userID: bob.id) == false)
            #expect(try await store.shares.delete(id: shareShirt.id, userID: anna.id))
            #expect(try await store.shares.sharedItemOwner(itemID: shirt.id, viewerID: bob.id) == nil)
            #expect(try await store.shares.canSee(photoID: shirtPhoto.id, ownerID: anna.id, viewerID: bob.id) == false)
            #expect(try await store.shares.share(id: shareShirt.id, viewerID: bob.id) == nil)
            #expect(try await store.shares.react(id: shareShirt.id, recipientID: bob.id, reaction: "👍") == nil)

            // Deleting the thing ends it.
            _ = try await store.closet.deleteItem(id: skirt.id, userID: anna.id)
            #expect(try await store.shares.canSee(photoID: skirtPhoto.id, ownerID: anna.id, viewerID: bob.id) == false)
            #expect(try await store.shares.received(userID: bob.id).map(\.name) == ["Saturday"])

            // Unfriending ends everything shared, both ways.
            #expect(try await store.friends.unfriend(bob.id, anna.id))
            #expect(try await store.shares.received(userID: bob.id).isEmpty)
            #expect(try await store.shares.sharedOutfitOwner(outfitID: outfit.id, viewerID: bob.id) == nil)
            #expect(try await store.shares.sent(userID: anna.id).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func blockingEndsShares(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            try await befriend(store, anna, bob)
            try await store.closet.addDefaultCategories(userID: anna.id, names: ["Tops"])
            let tops = try await store.closet.categories(userID: anna.id)[0].id
            let shirt = ClosetItem(
                userID: anna.id, name: "Shirt", categoryID: tops, createdAt: time(3), updatedAt: time(3))
            try await store.closet.saveItem(shirt, insert: true)
            try await store.shares.insert([
                Share(
                    userID: anna.id, recipientID: bob.id, kind: .item, targetID: shirt.id, message: "",
                    createdAt: time(4))
            ])
            try await store.friends.block(bob.id, blocked: anna.id, at: time(5))
            #expect(try await store.shares.sharedItemOwner(itemID: shirt.id, viewerID: bob.id) == nil)
            // Friends again later: the old share does not come back.
            _ = try await store.friends.unblock(bob.id, blocked: anna.id)
            try await befriend(store, anna, bob, at: 6)
            #expect(try await store.shares.received(userID: bob.id).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func friendsOnlyJournalPhotosShowToFriendsOnly(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let eve = try await addUser(store, "eve")
            try await befriend(store, anna, bob)
            let forFriends = samplePhoto(anna.id, "f")
            let privatePhoto = samplePhoto(anna.id, "p")
            for p in [forFriends, privatePhoto] { try await store.media.insert(p) }
            try await store.journal.save(
                JournalEntry(
                    userID: anna.id, body: "For friends", photoIDs: [forFriends.id], visibility: .friends,
                    createdAt: time(3), updatedAt: time(3)), insert: true)
            try await store.journal.save(
                JournalEntry(
                    userID: anna.id, body: "Mine", photoIDs: [privatePhoto.id], createdAt: time(4), updatedAt: time(4)),
                insert: true)
            #expect(try await store.shares.canSee(photoID: forFriends.id, ownerID: anna.id, viewerID: bob.id))
            #expect(try await store.shares.canSee(photoID: forFriends.id, ownerID: anna.id, viewerID: eve.id) == false)
            #expect(
                try await store.shares.canSee(photoID: privatePhoto.id, ownerID: anna.id, viewerID: bob.id) == false)
            // Not public: a stranger's (or nobody's) view of the photo is the media rule's own, which says no.
            #expect(try await store.media.servable(id: forFriends.id)?.isPublic == false)
            _ = try await store.friends.unfriend(anna.id, bob.id)
            #expect(try await store.shares.canSee(photoID: forFriends.id, ownerID: anna.id, viewerID: bob.id) == false)
        }
    }
}
