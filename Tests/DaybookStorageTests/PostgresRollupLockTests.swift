import DaybookCore
import DaybookPostgres
import DaybookStorage
import DaybookTestSupport
import Foundation
import Logging
import PostgresNIO
import Testing

/// The user's rollup lock on PostgreSQL (migration 25): saves take it shared, so two saves of one
/// user do not wait for each other's commit, and a rollup being made takes it exclusively, so it
/// waits for every save in flight and counts it.
@Suite("PostgreSQL rollup lock")
struct PostgresRollupLockTests {
    static let logger = Logger(label: "daybook.test")

    @Test(.enabled(if: TestDatabase.available.contains(.postgres)))
    func savesDoNotWaitForEachOtherAndARollupWaitsForThem() async throws {
        try await PostgresTestDatabase.withFreshStore { store, url in
            let insights = try #require(store.insights as? any RolledUpInsights)
            let anna = try await addUser(store, "anna")
            for day in ["2025-03-05", "2025-03-06"] {
                _ = try await store.days.upsert(
                    DayEntry(
                        userID: anna.id, date: date(day), mood: .good, createdAt: baseTime, updatedAt: baseTime))
            }
            let march = InsightPeriod.month(YearMonth("2025-03")!)
            try await PostgresTestDatabase.admin(url) { first in
                try await PostgresTestDatabase.admin(url) { second in
                    func save(_ connection: PostgresConnection, _ day: String) async throws {
                        try await connection.query("BEGIN", logger: Self.logger)
                        try await connection.query(
                            "UPDATE day_entries SET mood = 1 WHERE user_id = \(anna.id) AND date = \(day)::date",
                            logger: Self.logger)
                    }
                    try await save(first, "2025-03-05")
                    // Under an exclusive lock this would wait for the first save's commit.
                    try await second.query("SET lock_timeout = '3s'", logger: Self.logger)
                    try await save(second, "2025-03-06")

                    let making = Task { try await insights.rollUp(userID: anna.id, periods: [march]) }
                    try await Task.sleep(for: .milliseconds(300))
                    let keptEarly = try await PostgresTestDatabase.textRows(
                        url, "SELECT count(*)::text FROM insight_rollups")
                    #expect(keptEarly == [["0"]], "the rollup waits for the saves in flight")
                    try await first.query("COMMIT", logger: Self.logger)
                    try await second.query("COMMIT", logger: Self.logger)
                    try await making.value
                }
            }
            let read = try await insights.rolledUp(userID: anna.id, periods: [march], edges: [], parts: [.tags])
            #expect(read.kept == [march.key])
            #expect(read.sums.all == MoodTally(days: 2, moodSum: 2), "the rollup counts both saves")
        }
    }
}
