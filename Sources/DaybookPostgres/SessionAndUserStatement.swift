import PostgresNIO

/// A session by its token's hash, with its user (`PostgresStore.sessionAndUser`): the statement of
/// every authenticated request. Prepared on each connection the first time it runs there
/// (PostgresNIO keeps it by this type's name); the columns are named, not `*`, so that a migration
/// adding a column cannot change the result of a statement already prepared.
struct SessionAndUserStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT s.id, s.user_id, s.token_hash, s.kind, s.persistent, s.device_name, s.ip_address, s.created_at,
            s.last_seen_at, s.expires_at, u.id AS u_id, u.email AS u_email, u.username AS u_username,
            u.display_name AS u_display_name, u.bio AS u_bio, u.time_zone AS u_time_zone,
            u.avatar_media_id AS u_avatar_media_id, u.week_start AS u_week_start, u.created_at AS u_created_at,
            u.updated_at AS u_updated_at
        FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1
        """

    let tokenHash: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(tokenHash)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRandomAccessRow { row.makeRandomAccess() }
}
