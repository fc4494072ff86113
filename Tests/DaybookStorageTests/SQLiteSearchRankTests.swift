import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookSQLite

/// `lazy_bm25` (the SQLiteSearchRank target) ranks exactly as FTS5's `bm25`: same rows, same
/// scores to the last bit, whatever the query and the weights, but for a query of one phrase,
/// where each score is bm25's without the phrase's inverse document frequency (the same factor in
/// every row). It only skips counting rows, and takes each row's length from `search_docs`.
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
            // Anna's words, marked as hers (`\u{2}` is replaced by her mark, as the search does).
            let queries = [
                "\"\u{2}walk\"*", "\"\u{2}walk\"* AND \"\u{2}park\"*", "\"\u{2}tea\"",
                "\"\u{2}garden\" OR \"\u{2}rain\"", "\"\u{2}walk\" NOT \"\u{2}tea\"",
            ]
            for query in queries {
                for weights in ["1.0", "0.5", "2.0", "0.0"] {
                    let (lazy, builtIn, documents) = try sqlite.database.read { db in
                        func ranks(_ function: String) throws -> [[Double]] {
                            try Row.fetchAll(
                                db,
                                sql: """
                                    SELECT rowid, \(function)(search_index, \(weights)) AS score FROM search_index
                                    WHERE search_index MATCH \(SQLiteSearchSchema.ownedQuery)
                                    ORDER BY score, rowid
                                    """, arguments: [query, Stored.id(anna.id)]
                            ).map { [Double($0[0] as Int64), $0[1]] }
                        }
                        let documents = try Int.fetchOne(db, sql: "SELECT count(*) FROM search_index") ?? 0
                        return (try ranks("lazy_bm25"), try ranks("bm25"), documents)
                    }
                    #expect(!lazy.isEmpty, "\(query)")
                    let phrases = query.count { $0 == "\u{2}" }
                    // One phrase: its rows are the matches; bm25 multiplies each score by its IDF.
                    let factor = phrases == 1 ? inverseFrequency(rows: lazy.count, of: documents) : 1
                    #expect(lazy.map { [$0[0], $0[1] * factor] } == builtIn, "\(query) with weights \(weights)")
                }
            }
        }
    }

    /// bm25's inverse document frequency of a phrase in `rows` of `documents` (fts5_aux.c).
    private func inverseFrequency(rows: Int, of documents: Int) -> Double {
        let idf = log((Double(documents) - Double(rows) + 0.5) / (Double(rows) + 0.5))
        return idf <= 0 ? 1e-6 : idf
    }

    /// The lengths kept in `search_docs` (written by each commit's refresh) are FTS5's own, after
    /// inserts, updates that change a note's length and deletes: the search's rank, given them,
    /// scores as `bm25` does (asked for two words, which it scores with their IDF, as `bm25`).
    @Test func keptLengthsRankAsFTS5sOwn() async throws {
        try await TestDatabase.sqlite.withStore { store in
            let sqlite = try #require(store as? SQLiteStore)
            let anna = try await addUser(store, "anna")
            var checkins: [Checkin] = []
            for index in 0..<30 {
                let note = Array(repeating: "walk", count: index % 5 + 1).joined(separator: " ") + " park"
                let checkin = Checkin(
                    userID: anna.id, at: time(Double(index)), localDate: date("2025-06-01"), timeZone: "UTC",
                    feelingID: UUID(), note: note, createdAt: baseTime, updatedAt: baseTime)
                try await store.checkins.insert(checkin)
                checkins.append(checkin)
            }
            // A length past one varint byte (FTS5 keeps sizes as SQLite varints).
            try await store.checkins.insert(
                Checkin(
                    userID: anna.id, at: time(100), localDate: date("2025-06-01"), timeZone: "UTC", feelingID: UUID(),
                    note: Array(repeating: "walk park tea", count: 150).joined(separator: " "), createdAt: baseTime,
                    updatedAt: baseTime))
            for var checkin in checkins.prefix(10) {
                checkin.note = "walk in the long green park, then tea and a walk home"
                _ = try await store.checkins.update(checkin)
            }
            for checkin in checkins.suffix(5) { _ = try await store.checkins.delete(id: checkin.id, userID: anna.id) }
            func ranked() throws -> (Int?, [[Double]], [[Double]], [[Double]]) {
                try sqlite.database.read { db in
                    func ranks(_ function: String) throws -> [[Double]] {
                        try Row.fetchAll(
                            db,
                            sql: """
                                SELECT d.id, \(function) AS score
                                FROM search_index CROSS JOIN search_docs d ON d.id = search_index.rowid
                                WHERE search_index MATCH '"' || \(SQLiteSearchSchema.ownerMark("?")) || 'walk" "'
                                    || \(SQLiteSearchSchema.ownerMark("?")) || 'park"'
                                ORDER BY score, d.id
                                """, arguments: [Stored.id(anna.id), Stored.id(anna.id)]
                        ).map { [Double($0[0] as Int64), $0[1]] }
                    }
                    return (
                        try Int.fetchOne(db, sql: "SELECT count(*) FROM search_docs WHERE length IS NULL"),
                        try ranks("lazy_bm25(search_index, 1.0, d.length)"),
                        try ranks("bm25(search_index, 1.0)"),
                        try ranks("lazy_bm25(search_index, 1.0, d.length + 100)")
                    )
                }
            }
            let (unmeasured, kept, builtIn, longer) = try ranked()
            #expect(unmeasured == 0)
            #expect(kept.count == 26)
            #expect(kept == builtIn)
            #expect(longer != builtIn)  // the length passed is the one used

            // Migration 23 measures the documents an older database already has.
            try await sqlite.database.pool.write { db in
                try db.execute(sql: "UPDATE search_docs SET length = NULL")
                try db.execute(sql: SQLiteSearchSchema.measureAll)
            }
            let (remeasured, keptAgain, builtInAgain, _) = try ranked()
            #expect(remeasured == 0)
            #expect(keptAgain == builtInAgain)
        }
    }
}
