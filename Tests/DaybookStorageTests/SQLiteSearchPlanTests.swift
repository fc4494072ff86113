import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import GRDB
import Testing

@testable import DaybookSQLite

/// A search with words reads the words' matches first, whatever its filters: the other order
/// (the user's documents by date, a `MATCH` for each) took a minute on a large account.
@Suite("SQLite search plan")
struct SQLiteSearchPlanTests {
    @Test func wordsAreTheOuterLoopWhateverTheFilters() async throws {
        try await TestDatabase.sqlite.withStore { store in
            let sqlite = try #require(store as? SQLiteStore)
            let anna = try await addUser(store, "anna")
            let filters: [SearchFilters] = [
                SearchFilters(),
                SearchFilters(from: date("2020-01-01")),
                SearchFilters(to: date("2025-12-31")),
                SearchFilters(from: date("2020-01-01"), to: date("2025-12-31")),
                SearchFilters(kind: .journal, tag: "trip"),
                SearchFilters(mood: .good, from: date("2020-01-01")),
                SearchFilters(from: date("2020-01-01"), hasPhotos: true),
            ]
            for filter in filters {
                let query = SearchQuery(terms: ["walk"], filters: filter)
                let (sql, arguments) = try #require(
                    SQLiteSearchStore.statement(userID: anna.id, query: query, limit: 20, offset: 0))
                let plan = try sqlite.database.read { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                        .map { $0["detail"] as String }
                }
                let firstRead = plan.first { $0.hasPrefix("SCAN") || $0.hasPrefix("SEARCH") }
                #expect(firstRead?.hasPrefix("SCAN search_index VIRTUAL TABLE") == true, "\(filter): \(plan)")
            }
        }
    }
}
