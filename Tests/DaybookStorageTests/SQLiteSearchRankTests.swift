import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookSQLite

/// `lazy_bm25` (the SQLiteSearchRank target) ranks exactly as FTS5's `bm25`: same rows, same
/// scores to the last bit, whatever the query and the weights. It only skips counting the rows of
/// phrases that weigh nothing, which the search store's owner token is.
@Suite("SQLite search rank")
struct SQLiteSearchRankTests {
    @Test func scoresEqualFTS5sOwnBM25() async throws {
        try await TestDatabase.sqlite.withStore { store in
            let sqlite = try #require(store as? SQLiteStore)
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let words = ["walk", "park", "garden", "rain", "tea", "walking", "bread", "sister", "quiet", "market"]
            var generator = SystemRandomNumberGenerator()
            for (index, user) in Array(repeating: [anna, bob], count: 40).flatMap({ $0 }).enumerated() {
                let note = (0..<Int.random(in: 1...12, using: &generator))
                    .map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
                try await store.checkins.insert(
                    Checkin(
                        userID: user.id, at: time(Double(index)), localDate: date("2025-06-01"), timeZone: "UTC",
                        feelingID: UUID(), note: note, createdAt: baseTime, updatedAt: baseTime))
            }
            let owner = "u" + Stored.id(anna.id).replacingOccurrences(of: "-", with: "")
            let queries = [
                "owner:\"\(owner)\" AND body:(\"walk\"*)",
                "owner:\"\(owner)\" AND body:(\"walk\"* AND \"park\"*)",
                "owner:\"\(owner)\" AND body:(\"tea\")",
                "body:(\"garden\" OR \"rain\")",
            ]
            for query in queries {
                for weights in ["0.0, 1.0", "1.0, 1.0", "0.5, 2.0", "0.0"] {
                    let (lazy, builtIn) = try sqlite.database.read { db in
                        func ranks(_ function: String) throws -> [[Double]] {
                            try Row.fetchAll(
                                db,
                                sql: """
                                    SELECT rowid, \(function)(search_index, \(weights)) AS score FROM search_index
                                    WHERE search_index MATCH ? ORDER BY score, rowid
                                    """, arguments: [query]
                            ).map { [Double($0[0] as Int64), $0[1]] }
                        }
                        return (try ranks("lazy_bm25"), try ranks("bm25"))
                    }
                    #expect(!lazy.isEmpty, "\(query)")
                    #expect(lazy == builtIn, "\(query) with weights \(weights)")
                }
            }
        }
    }
}
