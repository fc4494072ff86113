import DaybookPostgres
import DaybookStorage
import Foundation
import Logging
import PostgresNIO

/// Creates a throw-away PostgreSQL database per test on the server named by
/// `DAYBOOK_TEST_POSTGRES_URL`, and drops it afterwards.
///
/// Migrating a new database takes a few dozen statements; copying one is a single quick
/// `CREATE DATABASE … TEMPLATE`. So the schema is migrated once into a template database named
/// after the schema's fingerprint (`daybook_tpl_<fingerprint>`, kept on the server and shared by
/// test processes; a changed schema gets a new one), and each test gets a copy.
public enum PostgresTestDatabase {
    static let logger: Logger = {
        var logger = Logger(label: "daybook.test.postgres")
        logger.logLevel =
            ProcessInfo.processInfo.environment["DAYBOOK_TEST_POSTGRES_LOG"].flatMap { Logger.Level(rawValue: $0) }
            ?? .warning
        return logger
    }()

    /// The server from `DAYBOOK_TEST_POSTGRES_URL`; throws when unset.
    public static func serverURL() throws -> PostgresDatabaseURL {
        guard let text = ProcessInfo.processInfo.environment["DAYBOOK_TEST_POSTGRES_URL"], !text.isEmpty else {
            throw PostgresStoreError.invalidURL("DAYBOOK_TEST_POSTGRES_URL is not set")
        }
        var url = try PostgresDatabaseURL(text)
        url.poolSize = 4  // tests run in parallel, each with its own store
        return url
    }

    /// A fresh, migrated, empty store on its own database, with its pool running while `body` runs.
    public static func withFreshStore<T: Sendable>(_ body: @Sendable (any DaybookStore) async throws -> T) async throws
        -> T
    {
        try await withFreshStore { store, _ in try await body(store) }
    }

    /// The same, with the URL of the store's database, for a test's own SQL beside the store's.
    public static func withFreshStore<T: Sendable>(
        _ body: @Sendable (any DaybookStore, PostgresDatabaseURL) async throws -> T
    ) async throws -> T {
        try await withFreshDatabase { url in
            let store = PostgresStore(settings: url, logger: logger)
            let pool = Task { try await store.run() }
            do {
                try await store.migrate()  // nothing to do on a copy of the template; checks it is current
                let result = try await body(store, url)
                await stop(pool)
                return result
            } catch {
                await stop(pool)
                throw error
            }
        }
    }

    /// Cancels a store's pool and waits for it to close its connections, but not for ever. Twice
    /// in full runs of the suite under load (2026-11-25 and 26), PostgresNIO's pool did not return
    /// from `run()` after it was cancelled (every later lease failed with `poolShutdown`) and the
    /// whole run hung. Past 20 s the test goes on and the stall is logged; the database is then
    /// dropped `WITH (FORCE)`, which ends whatever connection was left.
    static func stop(_ pool: Task<Void, any Error>) async {
        pool.cancel()
        let (outcome, finish) = AsyncStream<Bool>.makeStream()
        Task {
            _ = await pool.result
            finish.yield(true)
        }
        let timer = Task {
            try? await Task.sleep(for: .seconds(20))
            finish.yield(false)
        }
        var first = outcome.makeAsyncIterator()
        let closed = await first.next() ?? false
        timer.cancel()
        if !closed {
            logger.error("the PostgreSQL pool of a test store did not stop within 20 s of being cancelled")
        }
    }

    /// A new empty, migrated database; dropped (connections and all) when `body` ends.
    public static func withFreshDatabase<T: Sendable>(_ body: (PostgresDatabaseURL) async throws -> T) async throws -> T
    {
        let server = try serverURL()
        let template = try await templates.template(on: server)
        let name = "daybook_t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
        try await admin(server) { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) TEMPLATE \(template)"), logger: logger)
        }
        do {
            let result = try await body(server.with(database: name))
            try await drop(name, on: server)
            return result
        } catch {
            try? await drop(name, on: server)
            throw error
        }
    }

    /// A new empty database without any schema, for tests of migrations themselves.
    public static func withEmptyDatabase<T: Sendable>(_ body: (PostgresDatabaseURL) async throws -> T) async throws -> T
    {
        let server = try serverURL()
        let name = "daybook_e_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
        try await admin(server) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        }
        do {
            let result = try await body(server.with(database: name))
            try await drop(name, on: server)
            return result
        } catch {
            try? await drop(name, on: server)
            throw error
        }
    }

    /// The rows of a query on the database `url` names, every column as text (cast in the SQL).
    public static func textRows(_ url: PostgresDatabaseURL, _ sql: String) async throws -> [[String?]] {
        try await admin(url) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).collect().map { row in
                try row.map { cell in try cell.decode(String?.self) }
            }
        }
    }

    static func drop(_ name: String, on server: PostgresDatabaseURL) async throws {
        try await admin(server) { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
        }
    }

    /// One connection of its own to the database the URL names, for statements that cannot run in
    /// the database they act on (CREATE/DROP DATABASE) and for tests that hold a transaction open.
    @discardableResult
    public static func admin<T>(_ server: PostgresDatabaseURL, _ body: (PostgresConnection) async throws -> T) async throws
        -> T
    {
        let configuration = server.clientConfiguration()
        var connectionConfiguration = PostgresConnection.Configuration(
            host: configuration.host ?? "localhost", port: configuration.port ?? 5432, username: server.username,
            password: server.password, database: server.database, tls: .disable)
        connectionConfiguration.options.connectTimeout = .seconds(10)
        let connection = try await PostgresConnection.connect(
            configuration: connectionConfiguration, id: Int.random(in: 1...Int.max), logger: logger)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    static let templates = Templates()

    /// Makes the template database once per process (and finds it when another process made it).
    actor Templates {
        var made: [String: Task<String, any Error>] = [:]

        func template(on server: PostgresDatabaseURL) async throws -> String {
            let key = server.redacted
            if let task = made[key] { return try await task.value }
            let task = Task { try await PostgresTestDatabase.makeTemplate(on: server) }
            made[key] = task
            do {
                return try await task.value
            } catch {
                made[key] = nil
                throw error
            }
        }
    }

    static func makeTemplate(on server: PostgresDatabaseURL) async throws -> String {
        let name = "daybook_tpl_icu_" + PostgresStore.schemaFingerprint.lowercased()
        let exists = try await admin(server) { connection in
            try await connection.query("SELECT 1 FROM pg_database WHERE datname = \(name)", logger: logger)
                .collect().count > 0
        }
        if exists { return name }
        // Build under a private name and rename when done, so another process never copies a
        // half-migrated template.
        let building =
            "daybook_tplb_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        // A natural-language collation (ICU, PostgreSQL 15+), unlike the test cluster's C locale: a
        // query that sorts text without saying `COLLATE "C"` then orders differently from SQLite, and
        // the suite notices. Older servers get the cluster's default.
        try await admin(server) { connection in
            do {
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: """
                            CREATE DATABASE \(building) TEMPLATE template0 ENCODING 'UTF8'
                                LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'
                            """), logger: logger)
            } catch {
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(building)"), logger: logger)
            }
        }
        do {
            let store = PostgresStore(settings: server.with(database: building), logger: logger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await store.run() }
                defer { group.cancelAll() }
                try await store.migrate()
            }
            try await admin(server) { connection in
                // Close the store's connections before renaming; a copy needs a template no one is in.
                _ = try await connection.query(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = \(building)", logger: logger
                ).collect()
                try await connection.query(
                    PostgresQuery(unsafeSQL: "ALTER DATABASE \(building) RENAME TO \(name)"), logger: logger)
            }
            return name
        } catch {
            try? await drop(building, on: server)
            // Another process may have won the race to the same name.
            let exists = try await admin(server) { connection in
                try await connection.query("SELECT 1 FROM pg_database WHERE datname = \(name)", logger: logger)
                    .collect().count > 0
            }
            if exists { return name }
            throw error
        }
    }
}
