import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("IdempotencyStore conformance")
struct IdempotencyStoreTests {
    @Test(arguments: TestDatabase.available)
    func aKeyIsClaimedOnceAnsweredAndPerUser(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bert = try await addUser(store, "bert")
            let keys = store.idempotency
            #expect(try await keys.claim(userID: anna.id, key: "k1", requestHash: "h1", at: time(0)) == .claimed)
            #expect(
                try await keys.claim(userID: anna.id, key: "k1", requestHash: "h1", at: time(1))
                    == .inProgress(requestHash: "h1"))
            // Bert's k1 is his own.
            #expect(try await keys.claim(userID: bert.id, key: "k1", requestHash: "other", at: time(1)) == .claimed)
            let answer = IdempotentResponse(
                status: 201, contentType: "application/json", location: "/api/v1/checkins/1",
                body: Data("{\"id\":1}".utf8))
            try await keys.complete(userID: anna.id, key: "k1", response: answer)
            #expect(
                try await keys.claim(userID: anna.id, key: "k1", requestHash: "h2", at: time(2))
                    == .answered(requestHash: "h1", answer))
            // Release frees only a key still running; an answered one stays.
            try await keys.release(userID: anna.id, key: "k1")
            #expect(
                try await keys.claim(userID: anna.id, key: "k1", requestHash: "h1", at: time(3))
                    == .answered(requestHash: "h1", answer))
            try await keys.release(userID: bert.id, key: "k1")
            #expect(try await keys.claim(userID: bert.id, key: "k1", requestHash: "again", at: time(4)) == .claimed)
            // Expiry by the time of the claim.
            try await keys.deleteExpired(before: time(2))
            #expect(try await keys.claim(userID: anna.id, key: "k1", requestHash: "h3", at: time(5)) == .claimed)
            #expect(
                try await keys.claim(userID: bert.id, key: "k1", requestHash: "x", at: time(5))
                    == .inProgress(requestHash: "again"))
        }
    }
}
