import DaybookCore
import DaybookPostgres
import DaybookStorage
import DaybookTestSupport
import Foundation
import Logging
import NIOSSL
import Testing

/// What only the PostgreSQL store has: URL parsing, migrations that several servers may run at
/// once, and a layout that can be distributed by user.
@Suite("PostgreSQL specifics")
struct PostgresStoreTests {
    @Test func parsesURLs() throws {
        let url = try PostgresDatabaseURL(
            "postgres://day%40book:p%3Ass%2Fw@db.example.com:6432/daybook_prod?sslmode=require&pool_size=50")
        #expect(url.username == "day@book")
        #expect(url.password == "p:ss/w")
        #expect(url.host == "db.example.com")
        #expect(url.port == 6432)
        #expect(url.database == "daybook_prod")
        #expect(url.tls == .require)
        // Unlike libpq, `require` checks the certificate and the host name.
        #expect(url.certificateVerification == .fullVerification)
        #expect(
            try PostgresDatabaseURL("postgres://h/d?sslmode=verify-ca").certificateVerification
                == .noHostnameVerification)
        #expect(
            try PostgresDatabaseURL("postgres://h/d?sslmode=prefer").certificateVerification
                == CertificateVerification.none)
        #expect(try PostgresDatabaseURL("postgres://h/d").certificateVerification == nil)
        #expect(
            try PostgresDatabaseURL("postgres://h/d?sslmode=require&sslrootcert=/etc/daybook/ca.pem")
                .rootCertificatePath == "/etc/daybook/ca.pem")
        #expect(url.poolSize == 50)
        #expect(url.redacted == "postgres://day@book@db.example.com:6432/daybook_prod")

        let plain = try PostgresDatabaseURL("postgresql://daybook@localhost/daybook")
        #expect(plain.port == 5432)
        #expect(plain.password == nil)
        #expect(plain.tls == .disable)
        #expect(plain.poolSize == PostgresDatabaseURL.defaultPoolSize)

        let bare = try PostgresDatabaseURL("postgres://anna@127.0.0.1")
        #expect(bare.database == "anna")

        let socket = try PostgresDatabaseURL("postgres:///daybook?host=/var/run/postgresql&user=daybook")
        #expect(socket.unixSocketDirectory == "/var/run/postgresql")
        #expect(socket.username == "daybook")
        #expect(socket.database == "daybook")

        let ipv6 = try PostgresDatabaseURL("postgres://u:p@[::1]:5433/db?sslmode=verify-full")
        #expect(ipv6.host == "::1")
        #expect(ipv6.tls == .verifyFull)

        #expect(throws: PostgresStoreError.self) { try PostgresDatabaseURL("mysql://x@y/z") }
        #expect(throws: PostgresStoreError.self) { try PostgresDatabaseURL("postgres://x@y/z?sslmode=sometimes") }
        #expect(throws: PostgresStoreError.self) { try PostgresDatabaseURL("postgres://x@y/z?pool_size=0") }
    }

    static var hasServer: Bool { TestDatabase.available.contains(.postgres) }

    static let logger = Logger(label: "daybook.test")

    @Test(.enabled(if: hasServer)) func migrationsRunOnceWhenServersStartTogether() async throws {
        try await PostgresTestDatabase.withEmptyDatabase { url in
            // Four app servers starting at once against an empty database.
            let stores = (0..<4).map { _ in PostgresStore(settings: url, logger: Self.logger) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for store in stores { group.addTask { try await store.run() } }
                try await withThrowingTaskGroup(of: Void.self) { migrations in
                    for store in stores { migrations.addTask { try await store.migrate() } }
                    try await migrations.waitForAll()
                }
                try await stores[0].migrate()  // and again: nothing to do
                let user = sampleUser("anna")
                try await stores[1].users.insert(user, passwordHash: "h")
                #expect(try await stores[2].users.user(id: user.id) == user)
                let applied = try await Self.column(
                    url, "SELECT version::text AS v FROM schema_migrations ORDER BY version")
                #expect(applied == PostgresStore.migrationVersions.map(String.init))
                group.cancelAll()
            }
        }
    }

    @Test(.enabled(if: hasServer)) func everyTableOfUserDataLeadsWithTheUser() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            do {
                // Every index (primary keys included) of every table with a user_id starts with it, but
                // those for lookups that are not per-user pages: a session by its token or id, expiry
                // sweeps, a photo by id (its owner checked after) and blob reference counts (a blob
                // can serve several users' records), a public journal entry by id and the public feed
                // (everyone's public entries, newest first), a log-in waiting for its code by its token.
                let exceptions: Set<String> = [
                    "sessions_by_token", "sessions_by_id", "sessions_by_expiry", "login_challenges_pkey",
                    "login_challenges_by_expiry", "notifications_by_time", "reminders_due", "idempotency_keys_by_time",
                    "transfer_jobs_by_time",
                    "push_subscriptions_id_key", "push_outbox_pkey", "push_outbox_due", "push_outbox_by_subscription",
                    "media_by_id", "media_by_original_key", "media_by_small_key", "media_by_large_key",
                    "media_by_avatar_key", "journal_by_id", "journal_public",
                    // What friends shared with a user is found by the recipient.
                    "shares_received", "shares_received_by_id",
                ]
                let rows = try await PostgresTestDatabase.textRows(
                    url,
                    """
                    SELECT i.indexrelid::regclass::text AS index, a.attname::text AS first
                    FROM pg_index i
                    JOIN pg_class t ON t.oid = i.indrelid
                    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
                    WHERE t.relnamespace = 'public'::regnamespace
                        AND EXISTS (SELECT 1 FROM pg_attribute u WHERE u.attrelid = t.oid AND u.attname = 'user_id')
                    """)
                #expect(rows.count >= 10)
                for row in rows where !exceptions.contains(row[0] ?? "") {
                    let (index, first) = (row[0] ?? "", row[1] ?? "")
                    #expect(first == "user_id", "index \(index) starts with \(first)")
                }
                // Every table with a user_id cascades from users (a friendship's row names a second user,
                // who cascades too).
                let owned = try await Self.column(
                    url,
                    """
                    SELECT c.relname::text FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
                    WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace AND a.attname = 'user_id'
                    ORDER BY 1
                    """)
                let cascades = try await Self.column(
                    url,
                    """
                    SELECT DISTINCT conrelid::regclass::text AS v FROM pg_constraint
                    WHERE contype = 'f' AND confrelid = 'users'::regclass AND confdeltype = 'c' ORDER BY 1
                    """)
                #expect(owned.count >= 5)
                #expect(cascades == owned)
            }
        }
    }

    @Test(.enabled(if: hasServer)) func errorsSayWhatWentWrong() async throws {
        try await PostgresTestDatabase.withEmptyDatabase { url in
            // A busy test run can keep the first connection waiting beyond the health check's 5 s;
            // this test is about the message, not the time.
            let store = PostgresStore(settings: url, logger: Self.logger, pingTimeout: .seconds(60))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await store.run() }
                defer { group.cancelAll() }
                try await store.ping()
                // Not migrated: the server's own code and message come through, not PostgresNIO's
                // generic text.
                do {
                    _ = try await store.users.count()
                    Issue.record("expected an error")
                } catch let error as PostgresStoreError {
                    guard case .server(let state, let message, _) = error else {
                        Issue.record("expected a server error, got \(error)")
                        return
                    }
                    #expect(state == "42P01")
                    #expect(message.contains("users"))
                    #expect(error.description.contains("42P01"))
                }
            }
        }
    }

    @Test(.enabled(if: hasServer)) func pingFailsWhenTheServerIsUnreachable() async throws {
        var url = try PostgresTestDatabase.serverURL()
        url.host = "127.0.0.1"
        url.port = 1  // nothing listens there
        let store = PostgresStore(settings: url, logger: Self.logger, pingTimeout: .milliseconds(500))
        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            defer { group.cancelAll() }
            // Without the timeout it would never answer: the pool keeps trying to connect. (No
            // bound on how long it took: a busy test run starves tasks for a minute at times.)
            let error = await #expect(throws: PostgresStoreError.self) { try await store.ping() }
            #expect(error == .timeout)
        }
    }

    @Test(.enabled(if: hasServer)) func runningTwiceIsHarmless() async throws {
        // The HTTP suites hand a running store to an application, whose own service runs it again.
        try await PostgresTestDatabase.withFreshStore { store in
            try await store.run()  // returns at once: the pool already runs
            try await store.ping()
        }
    }

    @Test(.enabled(if: hasServer)) func pingAnswers() async throws {
        try await PostgresTestDatabase.withFreshStore { store in
            try await store.ping()
        }
    }

    static func column(_ url: PostgresDatabaseURL, _ sql: String) async throws -> [String] {
        try await PostgresTestDatabase.textRows(url, sql).map { $0[0] ?? "" }
    }
}
