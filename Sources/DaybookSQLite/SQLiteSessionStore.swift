import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteSessionStore: SessionStore {
    let database: SQLiteDatabase

    func insert(_ session: Session) async throws {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO sessions (id, user_id, token_hash, kind, persistent, device_name, ip_address,
                        created_at, last_seen_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                Stored.id(session.id), Stored.id(session.userID), session.tokenHash, session.kind.rawValue,
                session.persistent, session.deviceName, session.ipAddress, Stored.time(session.createdAt),
                Stored.time(session.lastSeenAt), Stored.time(session.expiresAt),
            ])
        }
    }

    func session(tokenHash: String) async throws -> Session? {
        try database.read { db in try Self.session(db, tokenHash: tokenHash) }
    }

    /// Within a read: `SQLiteStore.sessionAndUser` asks for the user in the same one.
    static func session(_ db: Database, tokenHash: String) throws -> Session? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM sessions WHERE token_hash = ?"), arguments: [tokenHash]
        ).map(session)
    }

    func touch(id: UUID, lastSeenAt: Date, expiresAt: Date) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?").execute(
                arguments: [Stored.time(lastSeenAt), Stored.time(expiresAt), Stored.id(id)])
        }
    }

    func sessions(userID: UUID) async throws -> [Session] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT \(Self.columns) FROM sessions WHERE user_id = ? ORDER BY last_seen_at DESC"),
                arguments: [Stored.id(userID)]
            ).map(Self.session)
        }
    }

    func delete(id: UUID, userID: UUID) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE id = ? AND user_id = ?").execute(arguments: [
                Stored.id(id), Stored.id(userID),
            ])
            return db.changesCount > 0
        }
    }

    func deleteAll(userID: UUID, except: UUID?) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE user_id = ? AND id != ?").execute(arguments: [
                Stored.id(userID), Stored.optionalID(except) ?? "",
            ])
        }
    }

    func deleteExpired(before: Date) async throws -> Int {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE expires_at < ?").execute(arguments: [
                Stored.time(before)
            ])
            return db.changesCount
        }
    }

    /// What `session(_:)` reads, in its order.
    static let columns =
        "id, user_id, token_hash, kind, persistent, device_name, ip_address, created_at, last_seen_at, expires_at"

    static func session(_ row: Row) -> Session {
        Session(
            id: row.uuid(0), userID: row.uuid(1), tokenHash: row[2], kind: SessionKind(rawValue: row[3]) ?? .web,
            persistent: row[4], deviceName: row[5], ipAddress: row[6], createdAt: row.time(7),
            lastSeenAt: row.time(8), expiresAt: row.time(9))
    }
}

struct SQLiteLoginAttemptStore: LoginAttemptStore {
    let database: SQLiteDatabase

    /// The single writer serializes reservations: the count and the insert see no one in between.
    func reserve(keys: [String], limit: Int, since: Date, at: Date) async throws -> AttemptReservation {
        try await database.write { db in
            var refusedSince: Date?
            for key in keys {
                let found = try failures(db, key: key, since: since)
                if found.count >= limit, let oldest = found.oldest {
                    refusedSince = max(refusedSince ?? oldest, oldest)
                }
            }
            if let refusedSince { return .refused(oldest: refusedSince) }
            let attempt = UUID()
            for key in keys {
                try db.cachedStatement(sql: "INSERT INTO login_failures (key, at, attempt) VALUES (?, ?, ?)")
                    .execute(arguments: [key, Stored.time(at), Stored.id(attempt)])
            }
            return .granted(attempt)
        }
    }

    func release(_ attempt: UUID) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM login_failures WHERE attempt = ?").execute(arguments: [
                Stored.id(attempt)
            ])
        }
    }

    func failures(key: String, since: Date) async throws -> LoginFailures {
        try database.read { db in try failures(db, key: key, since: since) }
    }

    private func failures(_ db: Database, key: String, since: Date) throws -> LoginFailures {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT count(*) AS n, min(at) AS oldest FROM login_failures WHERE key = ? AND at >= ?"),
            arguments: [key, Stored.time(since)])
        let count: Int = row?[0] ?? 0
        let oldest: Int64? = row?[1]
        return LoginFailures(count: count, oldest: oldest.map { Date(microsecondsSince1970: $0) })
    }

    func clear(key: String) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM login_failures WHERE key = ?").execute(arguments: [key])
        }
    }

    func prune(before: Date) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM login_failures WHERE at < ?").execute(arguments: [
                Stored.time(before)
            ])
        }
    }
}
