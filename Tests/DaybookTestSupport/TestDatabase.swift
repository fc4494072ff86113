import DaybookSQLite
import DaybookStorage
import Foundation
import Logging

/// The databases the suites run against: SQLite always; PostgreSQL too when
/// `DAYBOOK_TEST_POSTGRES_URL` names a server (as `make test` arranges).
public enum TestDatabase: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    /// The kinds available on this machine.
    public static var available: [TestDatabase] {
        ProcessInfo.processInfo.environment["DAYBOOK_TEST_POSTGRES_URL"].map { $0.isEmpty ? [.sqlite] : [.sqlite, .postgres] }
            ?? [.sqlite]
    }

    public var description: String { rawValue }

    /// A fresh, migrated, empty store, and a way to throw it away. Runs the store's background work
    /// (PostgreSQL's pool) for as long as `body` takes.
    public func withStore<T: Sendable>(_ body: @Sendable (any DaybookStore) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-test-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try SQLiteStore(path: directory.appendingPathComponent("daybook.sqlite").path)
            try await store.migrate()
            return try await body(store)
        case .postgres:
            return try await PostgresTestDatabase.withFreshStore(body)
        }
    }
}
