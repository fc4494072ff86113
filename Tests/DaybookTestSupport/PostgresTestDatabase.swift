import DaybookStorage
import Foundation

/// Creates a throw-away PostgreSQL database per test on the server named by
/// `DAYBOOK_TEST_POSTGRES_URL`, and drops it afterwards.
enum PostgresTestDatabase {
    static func withFreshStore<T: Sendable>(_ body: @Sendable (any DaybookStore) async throws -> T) async throws -> T {
        throw StoreError.notEmpty("PostgreSQL tests are not wired yet")
    }
}
