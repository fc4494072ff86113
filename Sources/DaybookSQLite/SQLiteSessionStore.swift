import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteSessionStore: SessionStore {
    let pool: DatabasePool

    func insert(_ session: Session) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sessions (id, user_id, token_hash, kind, persistent, device_name, ip_address,
                        created_at, last_seen_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Stored.id(session.id), Stored.id(session.userID), session.tokenHash, session.kind.rawValue,
                    session.persistent, session.deviceName, session.ipAddress, Stored.time(session.createdAt),
                    Stored.time(session.lastSeenAt), Stored.time(session.expiresAt),
                ])
        }
    }

    func session(tokenHash: String) async throws -> Session? {
        try await pool.read { db in try Self.session(db, tokenHash: tokenHash) }
    }

    /// Within a read: `SQLiteStore.sessionAndUser` asks for the user in the same one.
    static func session(_ db: Database, tokenHash: String) throws -> Session? {
        try Row.fetchOne(db, sql: "SELECT * FROM sessions WHERE token_hash = ?", arguments: [tokenHash]).map(session)
    }

    func touch(id: UUID, lastSeenAt: Date, expiresAt: Date) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?",
                arguments: [Stored.time(lastSeenAt), Stored.time(expiresAt), Stored.id(id)])
        }
    }

    func sessions(userID: UUID) async throws -> [Session] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM sessions WHERE user_id = ? ORDER BY last_seen_at DESC",
                arguments: [Stored.id(userID)]
            ).map(Self.session)
        }
    }

    func delete(id: UUID, userID: UUID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM sessions WHERE id = ? AND user_id = ?", arguments: [Stored.id(id), Stored.id(userID)])
            return db.changesCount > 0
        }
    }

    func deleteAll(userID: UUID, except: UUID?) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM sessions WHERE user_id = ? AND id != ?",
                arguments: [Stored.id(userID), Stored.optionalID(except) ?? ""])
        }
    }

    func deleteExpired(before: Date) async throws -> Int {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE expires_at < ?", arguments: [Stored.time(before)])
            return db.changesCount
        }
    }

    static func session(_ row: Row) -> Session {
        Session(
            id: row.uuid("id"), userID: row.uuid("user_id"), tokenHash: row["token_hash"],
            kind: SessionKind(rawValue: row["kind"]) ?? .web, persistent: row["persistent"],
            deviceName: row["device_name"], ipAddress: row["ip_address"], createdAt: row.time("created_at"),
            lastSeenAt: row.time("last_seen_at"), expiresAt: row.time("expires_at"))
    }
}

struct SQLiteLoginAttemptStore: LoginAttemptStore {
    let pool: DatabasePool

    func recordFailure(keys: [String], at: Date) async throws {
        try await pool.write { db in
            for key in keys {
                try db.execute(
                    sql: "INSERT INTO login_failures (key, at) VALUES (?, ?)", arguments: [key, Stored.time(at)])
            }
        }
    }

    func failures(key: String, since: Date) async throws -> LoginFailures {
        try await pool.read { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT count(*) AS n, min(at) AS oldest FROM login_failures WHERE key = ? AND at >= ?",
                arguments: [key, Stored.time(since)])
            let count: Int = row?["n"] ?? 0
            let oldest: Int64? = row?["oldest"]
            return LoginFailures(count: count, oldest: oldest.map { Date(microsecondsSince1970: $0) })
        }
    }

    func clear(key: String) async throws {
        try await pool.write { db in try db.execute(sql: "DELETE FROM login_failures WHERE key = ?", arguments: [key]) }
    }

    func prune(before: Date) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM login_failures WHERE at < ?", arguments: [Stored.time(before)])
        }
    }
}
