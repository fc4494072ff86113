import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresSessionStore: SessionStore {
    let client: PostgresClient
    let logger: Logger

    func insert(_ session: Session) async throws {
        try await client.execute(
            """
            INSERT INTO sessions (user_id, id, token_hash, kind, persistent, device_name, ip_address,
                created_at, last_seen_at, expires_at)
            VALUES (\(session.userID), \(session.id), \(session.tokenHash), \(session.kind.rawValue),
                \(session.persistent), \(session.deviceName), \(session.ipAddress), \(PGTime(session.createdAt)),
                \(PGTime(session.lastSeenAt)), \(PGTime(session.expiresAt)))
            """, logger: logger)
    }

    func session(tokenHash: String) async throws -> Session? {
        try await client.rows("SELECT * FROM sessions WHERE token_hash = \(tokenHash)", logger: logger)
            .first.map(Self.session)
    }

    func touch(id: UUID, lastSeenAt: Date, expiresAt: Date) async throws {
        try await client.execute(
            "UPDATE sessions SET last_seen_at = \(PGTime(lastSeenAt)), expires_at = \(PGTime(expiresAt)) WHERE id = \(id)",
            logger: logger)
    }

    func sessions(userID: UUID) async throws -> [Session] {
        try await client.rows(
            "SELECT * FROM sessions WHERE user_id = \(userID) ORDER BY last_seen_at DESC", logger: logger
        ).map(Self.session)
    }

    func delete(id: UUID, userID: UUID) async throws -> Bool {
        try await client.execute(
            "DELETE FROM sessions WHERE user_id = \(userID) AND id = \(id) RETURNING 1", logger: logger) > 0
    }

    func deleteAll(userID: UUID, except: UUID?) async throws {
        try await client.execute(
            "DELETE FROM sessions WHERE user_id = \(userID) AND (\(except)::uuid IS NULL OR id <> \(except))",
            logger: logger)
    }

    func deleteExpired(before: Date) async throws -> Int {
        try await client.rows(
            """
            WITH gone AS (DELETE FROM sessions WHERE expires_at < \(PGTime(before)) RETURNING 1)
            SELECT count(*) AS n FROM gone
            """, logger: logger
        ).first?.value("n") ?? 0
    }

    static func session(_ row: PostgresRandomAccessRow) throws -> Session {
        Session(
            id: try row.value("id"), userID: try row.value("user_id"), tokenHash: try row.value("token_hash"),
            kind: SessionKind(rawValue: try row.value("kind")) ?? .web, persistent: try row.value("persistent"),
            deviceName: try row.value("device_name"), ipAddress: try row.value("ip_address"),
            createdAt: try row.time("created_at"), lastSeenAt: try row.time("last_seen_at"),
            expiresAt: try row.time("expires_at"))
    }
}

struct PostgresLoginAttemptStore: LoginAttemptStore {
    let client: PostgresClient
    let logger: Logger

    /// One transaction that first takes an advisory lock per key (in a fixed order, so two
    /// reservations never wait on each other crosswise): a reservation on another app server for
    /// the same key waits until this one has counted and inserted.
    func reserve(keys: [String], limit: Int, since: Date, at: Date) async throws -> AttemptReservation {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                var refusedSince: Date?
                for key in Set(keys).sorted() {
                    try await connection.execute(
                        "SELECT pg_advisory_xact_lock(hashtextextended(\(Self.lockPrefix + key), 0))", logger: logger)
                }
                for key in keys {
                    let row = try await connection.rows(
                        """
                        SELECT count(*) AS n, min(at) AS oldest FROM login_failures
                        WHERE key = \(key) AND at >= \(PGTime(since))
                        """, logger: logger
                    ).first
                    let count: Int = try row?.value("n") ?? 0
                    let oldest: PGTime? = try row.flatMap { try $0.value("oldest", as: PGTime?.self) }
                    if count >= limit, let oldest = oldest?.date { refusedSince = max(refusedSince ?? oldest, oldest) }
                }
                if let refusedSince { return .refused(oldest: refusedSince) }
                let attempt = UUID()
                try await connection.execute(
                    """
                    INSERT INTO login_failures (key, at, attempt)
                    SELECT k, \(PGTime(at)), \(attempt) FROM unnest(\(keys)::text[]) AS k
                    """, logger: logger)
                return .granted(attempt)
            }
        }
    }

    /// Keeps these locks apart from the migration lock and any other advisory lock.
    private static let lockPrefix = "login_failures:"

    func release(_ attempt: UUID) async throws {
        try await client.execute("DELETE FROM login_failures WHERE attempt = \(attempt)", logger: logger)
    }

    func failures(key: String, since: Date) async throws -> LoginFailures {
        let row = try await client.rows(
            "SELECT count(*) AS n, min(at) AS oldest FROM login_failures WHERE key = \(key) AND at >= \(PGTime(since))",
            logger: logger
        ).first
        let count: Int = try row?.value("n") ?? 0
        let oldest: PGTime? = try row.flatMap { try $0.value("oldest", as: PGTime?.self) }
        return LoginFailures(count: count, oldest: oldest?.date)
    }

    func clear(key: String) async throws {
        try await client.execute("DELETE FROM login_failures WHERE key = \(key)", logger: logger)
    }

    func prune(before: Date) async throws {
        try await client.execute("DELETE FROM login_failures WHERE at < \(PGTime(before))", logger: logger)
    }
}
