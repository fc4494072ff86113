import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteUserStore: UserStore {
    let pool: DatabasePool

    func insert(_ user: User, passwordHash: String) async throws {
        try await mapConflicts {
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO users (id, email, username, username_key, display_name, bio, time_zone,
                            avatar_media_id, password_hash, created_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        Stored.id(user.id), user.email, user.username, Username.canonical(user.username),
                        user.displayName, user.bio, user.timeZone, Stored.optionalID(user.avatarMediaID), passwordHash,
                        Stored.time(user.createdAt), Stored.time(user.updatedAt),
                    ])
            }
        }
    }

    func user(id: UUID) async throws -> User? {
        try await pool.read { db in try Self.user(db, id: id) }
    }

    /// Within a read: `SQLiteStore.sessionAndUser` asks for the session in the same one.
    static func user(_ db: Database, id: UUID) throws -> User? {
        try Row.fetchOne(db, sql: "SELECT * FROM users WHERE id = ?", arguments: [Stored.id(id)]).map(user)
    }

    func user(login: String) async throws -> User? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM users WHERE email = ? OR username_key = ? LIMIT 1",
                arguments: [login.lowercased(), Username.canonical(login)]
            ).map(Self.user)
        }
    }

    func update(_ user: User) async throws -> Bool {
        try await mapConflicts {
            try await pool.write { db in
                try db.execute(
                    sql: """
                        UPDATE users SET email = ?, username = ?, username_key = ?, display_name = ?, bio = ?,
                            time_zone = ?, avatar_media_id = ?, updated_at = ?
                        WHERE id = ?
                        """,
                    arguments: [
                        user.email, user.username, Username.canonical(user.username), user.displayName, user.bio,
                        user.timeZone, Stored.optionalID(user.avatarMediaID), Stored.time(user.updatedAt), Stored.id(user.id),
                    ])
                return db.changesCount > 0
            }
        }
    }

    func passwordHash(userID: UUID) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT password_hash FROM users WHERE id = ?", arguments: [Stored.id(userID)])
        }
    }

    func setPasswordHash(_ hash: String, userID: UUID) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [hash, Stored.id(userID)])
        }
    }

    func delete(id: UUID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [Stored.id(id)])
            return db.changesCount > 0
        }
    }

    func list(limit: Int, offset: Int) async throws -> [User] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM users ORDER BY created_at, id LIMIT ? OFFSET ?", arguments: [limit, offset]
            ).map(Self.user)
        }
    }

    func count() async throws -> Int {
        try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM users") ?? 0 }
    }

    static func user(_ row: Row) -> User {
        User(
            id: row.uuid("id"), email: row["email"], username: row["username"], displayName: row["display_name"],
            bio: row["bio"], timeZone: row["time_zone"], avatarMediaID: row.optionalUUID("avatar_media_id"),
            createdAt: row.time("created_at"), updatedAt: row.time("updated_at"))
    }
}
