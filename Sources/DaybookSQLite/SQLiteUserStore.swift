import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteUserStore: UserStore {
    let database: SQLiteDatabase

    func insert(_ user: User, passwordHash: String) async throws {
        try await mapConflicts {
            try await database.write { db in
                try db.cachedStatement(
                    sql: """
                        INSERT INTO users (id, email, username, username_key, display_name, bio, time_zone,
                            avatar_media_id, week_start, password_hash, created_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """
                ).execute(arguments: [
                    Stored.id(user.id), user.email, user.username, Username.canonical(user.username),
                    user.displayName, user.bio, user.timeZone, Stored.optionalID(user.avatarMediaID), user.weekStart,
                    passwordHash,
                    Stored.time(user.createdAt), Stored.time(user.updatedAt),
                ])
            }
        }
    }

    func user(id: UUID) async throws -> User? {
        try database.read { db in try Self.user(db, id: id) }
    }

    /// Within a read: `SQLiteStore.sessionAndUser` asks for the session in the same one.
    static func user(_ db: Database, id: UUID) throws -> User? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM users WHERE id = ?"), arguments: [Stored.id(id)]
        ).map(user)
    }

    /// A name with a control character in it is nobody's (SQLite would compare only up to a NUL).
    func user(login: String) async throws -> User? {
        guard !login.containsControlCharacters else { return nil }
        return try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT \(Self.columns) FROM users WHERE email = ? OR username_key = ? LIMIT 1"),
                arguments: [login.lowercased(), Username.canonical(login)]
            ).map(Self.user)
        }
    }

    func update(_ user: User) async throws -> Bool {
        try await mapConflicts {
            try await database.write { db in
                try db.cachedStatement(
                    sql: """
                        UPDATE users SET email = ?, username = ?, username_key = ?, display_name = ?, bio = ?,
                            time_zone = ?, avatar_media_id = ?, week_start = ?, updated_at = ?
                        WHERE id = ?
                        """
                ).execute(arguments: [
                    user.email, user.username, Username.canonical(user.username), user.displayName, user.bio,
                    user.timeZone, Stored.optionalID(user.avatarMediaID), user.weekStart, Stored.time(user.updatedAt),
                    Stored.id(user.id),
                ])
                return db.changesCount > 0
            }
        }
    }

    func passwordHash(userID: UUID) async throws -> String? {
        try database.read { db in
            try String.fetchOne(
                db.cachedStatement(sql: "SELECT password_hash FROM users WHERE id = ?"), arguments: [Stored.id(userID)])
        }
    }

    func setPasswordHash(_ hash: String, userID: UUID) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "UPDATE users SET password_hash = ? WHERE id = ?").execute(arguments: [
                hash, Stored.id(userID),
            ])
        }
    }

    func delete(id: UUID) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM users WHERE id = ?").execute(arguments: [Stored.id(id)])
            return db.changesCount > 0
        }
    }

    func list(limit: Int, offset: Int) async throws -> [User] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM users ORDER BY created_at, id LIMIT ? OFFSET ?"),
                arguments: [limit, offset]
            ).map(Self.user)
        }
    }

    func count() async throws -> Int {
        try database.read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM users")) ?? 0 }
    }

    /// What `user(_:)` reads, in its order.
    static let columns =
        "id, email, username, display_name, bio, time_zone, avatar_media_id, created_at, updated_at, week_start"

    /// A user from `columns`, starting at column `first` (after a session's, when joined).
    static func user(_ row: Row, from first: Int) -> User {
        User(
            id: row.uuid(first), email: row[first + 1], username: row[first + 2], displayName: row[first + 3],
            bio: row[first + 4], timeZone: row[first + 5], avatarMediaID: row.optionalUUID(first + 6),
            weekStart: row[first + 9], createdAt: row.time(first + 7), updatedAt: row.time(first + 8))
    }

    static func user(_ row: Row) -> User { user(row, from: 0) }
}
