import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("FriendStore conformance")
struct FriendStoreTests {
    func names(_ entries: [FriendEntry]) -> [String] { entries.map(\.user.username) }

    @Test(arguments: TestDatabase.available)
    func requestsAcceptDeclineCancelAndUnfriend(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let cara = try await addUser(store, "cara")
            let friends = store.friends

            guard case .requested(let requestID) = try await friends.request(from: anna.id, to: bob.id, at: time(1))
            else {
                Issue.record("the first request is recorded")
                return
            }
            #expect(try await friends.request(from: anna.id, to: bob.id, at: time(2)) == .alreadyRequested)
            var annas = try await friends.lists(userID: anna.id)
            #expect(names(annas.outgoing) == ["bob"] && annas.friends.isEmpty && annas.incoming.isEmpty)
            #expect(annas.outgoing.first?.since == time(1))
            // Both see the same request id; each sees its own direction; nobody else sees it.
            #expect(annas.outgoing.first?.requestID == requestID)
            #expect(try await friends.lists(userID: bob.id).incoming.first?.requestID == requestID)
            #expect(
                try await friends.pendingRequest(id: requestID, userID: anna.id)
                    == PendingFriendRequest(id: requestID, otherID: bob.id, direction: .sent))
            #expect(
                try await friends.pendingRequest(id: requestID, userID: bob.id)
                    == PendingFriendRequest(id: requestID, otherID: anna.id, direction: .received))
            #expect(try await friends.pendingRequest(id: requestID, userID: cara.id) == nil)
            #expect(names(try await friends.lists(userID: bob.id).incoming) == ["anna"])
            #expect(try await friends.areFriends(anna.id, bob.id) == false)
            // Only the recipient can say yes.
            #expect(try await friends.accept(from: bob.id, to: anna.id, at: time(3)) == false)
            #expect(try await friends.accept(from: anna.id, to: bob.id, at: time(3)))
            #expect(try await friends.areFriends(anna.id, bob.id))
            #expect(try await friends.areFriends(bob.id, anna.id))
            annas = try await friends.lists(userID: anna.id)
            #expect(names(annas.friends) == ["bob"] && annas.outgoing.isEmpty)
            #expect(annas.friends.first?.user.displayName == "bob Example")
            #expect(annas.friends.first?.requestID == nil)
            #expect(try await friends.pendingRequest(id: requestID, userID: bob.id) == nil)
            #expect(try await friends.request(from: bob.id, to: anna.id, at: time(4)) == .alreadyFriends)

            // Crossing requests: the second is the yes.
            guard case .requested = try await friends.request(from: cara.id, to: anna.id, at: time(5)) else {
                Issue.record("cara's request is recorded")
                return
            }
            #expect(try await friends.request(from: anna.id, to: cara.id, at: time(6)) == .friends)
            #expect(names(try await friends.lists(userID: cara.id).friends) == ["anna"])

            // Unfriend ends both sides.
            #expect(try await friends.unfriend(cara.id, anna.id))
            #expect(try await friends.unfriend(cara.id, anna.id) == false)
            #expect(names(try await friends.lists(userID: anna.id).friends) == ["bob"])

            // Declining and withdrawing.
            _ = try await friends.request(from: cara.id, to: bob.id, at: time(7))
            #expect(try await friends.deleteRequest(from: bob.id, to: cara.id) == false)
            #expect(try await friends.deleteRequest(from: cara.id, to: bob.id))
            #expect(try await friends.lists(userID: bob.id).incoming.isEmpty)
            #expect(try await friends.lists(userID: cara.id).outgoing.isEmpty)
            // Deleting a request never ends a friendship.
            #expect(try await friends.deleteRequest(from: anna.id, to: bob.id) == false)
            #expect(try await friends.areFriends(anna.id, bob.id))

            // A deleted user leaves nobody's lists.
            try await store.users.delete(id: bob.id)
            #expect(try await friends.lists(userID: anna.id).friends.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func blockingEndsEverythingAndHidesNewRequests(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let friends = store.friends
            _ = try await friends.request(from: anna.id, to: bob.id, at: time(1))
            _ = try await friends.accept(from: anna.id, to: bob.id, at: time(2))
            try await friends.block(anna.id, blocked: bob.id, at: time(3))
            try await friends.block(anna.id, blocked: bob.id, at: time(4))
            #expect(try await friends.areFriends(anna.id, bob.id) == false)
            #expect(try await friends.hasBlocked(anna.id, bob.id))
            #expect(try await friends.hasBlocked(bob.id, anna.id) == false)
            let annas = try await friends.lists(userID: anna.id)
            #expect(annas.friends.isEmpty && names(annas.blocked) == ["bob"] && annas.blocked.first?.since == time(3))
            #expect(try await friends.lists(userID: bob.id).friends.isEmpty)

            // Bob's request looks sent to him; Anna never sees it and cannot accept it.
            guard case .requested(let hidden) = try await friends.request(from: bob.id, to: anna.id, at: time(5)) else {
                Issue.record("bob's request looks sent")
                return
            }
            #expect(names(try await friends.lists(userID: bob.id).outgoing) == ["anna"])
            #expect(try await friends.lists(userID: anna.id).incoming.isEmpty)
            #expect(try await friends.pendingRequest(id: hidden, userID: anna.id) == nil)
            #expect(try await friends.accept(from: bob.id, to: anna.id, at: time(6)) == false)

            #expect(try await friends.unblock(anna.id, blocked: bob.id))
            #expect(try await friends.unblock(anna.id, blocked: bob.id) == false)
            #expect(try await friends.lists(userID: anna.id).blocked.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func requestsCrossingAtOnceEndAsFriends(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await store.friends.request(from: anna.id, to: bob.id, at: time(1)) }
                group.addTask { _ = try await store.friends.request(from: bob.id, to: anna.id, at: time(1)) }
                try await group.waitForAll()
            }
            #expect(try await store.friends.areFriends(anna.id, bob.id))
            #expect(try await store.friends.areFriends(bob.id, anna.id))
        }
    }
}
