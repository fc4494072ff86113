import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresUserStore: UserStore {
    let client: PostgresClient
    let logger: Logger

    func insert(_ user: User, passwordHash: String) async throws {
        try await client.execute(
            """
            INSERT INTO users (id, email, username, username_key, display_name, bio, time_zone,
                avatar_media_id, week_start, password_hash, created_at, updated_at)
            VALUES (\(user.id), \(user.email), \(user.username), \(Username.canonical(user.username)),
                \(user.displayName), \(user.bio), \(user.timeZone), \(user.avatarMediaID), \(user.weekStart),
                \(passwordHash),
                \(PGTime(user.createdAt)), \(PGTime(user.updatedAt)))
            """, logger: logger)
    }

    func user(id: UUID) async throws -> User? {
        try await client.rows("SELECT * FROM users WHERE id = \(id)", logger: logger).first.map(Self.user)
    }

    /// A name with a control character in it is nobody's (PostgreSQL refuses a NUL in text; SQLite
    /// would compare only up to it).
    func user(login: String) async throws -> User? {
        guard !login.containsControlCharacters else { return nil }
        return try await client.rows(
            "SELECT * FROM users WHERE email = \(login.lowercased()) OR username_key = \(Username.canonical(login)) LIMIT 1",
            logger: logger
        ).first.map(Self.user)
    }

    func update(_ user: User) async throws -> Bool {
        try await client.execute(
            """
            UPDATE users SET email = \(user.email), username = \(user.username),
                username_key = \(Username.canonical(user.username)), display_name = \(user.displayName),
                bio = \(user.bio), time_zone = \(user.timeZone), avatar_media_id = \(user.avatarMediaID),
                week_start = \(user.weekStart), updated_at = \(PGTime(user.updatedAt))
            WHERE id = \(user.id)
            RETURNING 1
            """, logger: logger) > 0
    }

    func passwordHash(userID: UUID) async throws -> String? {
        try await client.rows("SELECT password_hash FROM users WHERE id = \(userID)", logger: logger)
            .first.map { try $0.value("password_hash") }
    }

    func setPasswordHash(_ hash: String, userID: UUID) async throws {
        try await client.execute("UPDATE users SET password_hash = \(hash) WHERE id = \(userID)", logger: logger)
    }

    func delete(id: UUID) async throws -> Bool {
        try await client.execute("DELETE FROM users WHERE id = \(id) RETURNING 1", logger: logger) > 0
    }

    func list(limit: Int, offset: Int) async throws -> [User] {
        try await client.rows(
            "SELECT * FROM users ORDER BY created_at, id LIMIT \(limit) OFFSET \(offset)", logger: logger
        ).map(Self.user)
    }

    func count() async throws -> Int {
        try await client.rows("SELECT count(*) AS n FROM users", logger: logger).first?.value("n") ?? 0
    }

    /// A user from a row of `users` columns, each named with `prefix` in front (`u_` when joined to
    /// a session, whose own `id` and `created_at` would otherwise collide).
    static func user(_ row: PostgresRandomAccessRow, prefix: String) throws -> User {
        User(
            id: try row.value(prefix + "id"), email: try row.value(prefix + "email"),
            username: try row.value(prefix + "username"), displayName: try row.value(prefix + "display_name"),
            bio: try row.value(prefix + "bio"), timeZone: try row.value(prefix + "time_zone"),
            avatarMediaID: try row.value(prefix + "avatar_media_id"), weekStart: try row.value(prefix + "week_start"),
            createdAt: try row.time(prefix + "created_at"),
            updatedAt: try row.time(prefix + "updated_at"))
    }

    static func user(_ row: PostgresRandomAccessRow) throws -> User { try user(row, prefix: "") }
}
