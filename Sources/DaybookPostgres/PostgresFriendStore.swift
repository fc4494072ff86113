import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

/// Friends on PostgreSQL: `friend_links` (a row per side of a pair) and `blocks`. A change to a
/// pair locks the sender's row first (`FOR UPDATE` in one transaction), so two requests crossing
/// each other end as friends, not as two requests.
struct PostgresFriendStore: FriendStore {
    let client: PostgresClient
    let logger: Logger

    func request(from: UUID, to: UUID, at: Date) async throws -> FriendRequestOutcome {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                // Serialize the pair, whichever side asks (both asking at once must become friends).
                let (low, high) = from.lowercasedString < to.lowercasedString ? (from, to) : (to, from)
                try await connection.execute(
                    "SELECT pg_advisory_xact_lock(hashtextextended(\(low.lowercasedString + high.lowercasedString), 11))",
                    logger: logger)
                let state = try await connection.rows(
                    "SELECT state FROM friend_links WHERE user_id = \(from) AND other_id = \(to)", logger: logger
                ).first.map { try $0.value("state", as: String.self) }
                // They asked first while the sender blocked them, so the sender never saw it (and
                // has unblocked them since): this is the yes, as an incoming request would be.
                let hiddenRequest =
                    state == nil
                    ? try await connection.rows(
                        "SELECT 1 FROM friend_links WHERE user_id = \(to) AND other_id = \(from) AND state = 'outgoing'",
                        logger: logger
                    ).first != nil : false
                switch hiddenRequest ? "incoming" : state {
                case "friends": return .alreadyFriends
                case "outgoing": return .alreadyRequested
                case "incoming":
                    try await Self.setBoth(connection, from, to, state: "friends", since: at, logger: logger)
                    return .friends
                default:
                    let id = UUID.timeOrdered()
                    try await connection.execute(
                        """
                        INSERT INTO friend_links (user_id, other_id, state, since, request_id)
                        VALUES (\(from), \(to), 'outgoing', \(PGTime(at)), \(id))
                        """, logger: logger)
                    // Someone who blocked the sender never sees the request.
                    try await connection.execute(
                        """
                        INSERT INTO friend_links (user_id, other_id, state, since, request_id)
                        SELECT \(to), \(from), 'incoming', \(PGTime(at)), \(id)
                        WHERE NOT EXISTS (SELECT 1 FROM blocks WHERE user_id = \(to) AND blocked_id = \(from))
                        """, logger: logger)
                    return .requested(id)
                }
            }
        }
    }

    func pendingRequest(id: UUID, userID: UUID) async throws -> PendingFriendRequest? {
        try await client.rows(
            "SELECT other_id, state FROM friend_links WHERE request_id = \(id) AND user_id = \(userID)", logger: logger
        ).first.map {
            PendingFriendRequest(
                id: id, otherID: try $0.value("other_id"),
                direction: try $0.value("state", as: String.self) == "incoming" ? .received : .sent)
        }
    }

    func accept(from: UUID, to: UUID, at: Date) async throws -> Bool {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                let waiting = try await connection.execute(
                    """
                    SELECT 1 FROM friend_links WHERE user_id = \(to) AND other_id = \(from) AND state = 'incoming'
                    FOR UPDATE
                    """, logger: logger)
                guard waiting > 0 else { return false }
                try await Self.setBoth(connection, from, to, state: "friends", since: at, logger: logger)
                return true
            }
        }
    }

    func deleteRequest(from: UUID, to: UUID) async throws -> Bool {
        try await client.execute(
            """
            DELETE FROM friend_links
            WHERE (user_id = \(from) AND other_id = \(to) AND state = 'outgoing')
                OR (user_id = \(to) AND other_id = \(from) AND state = 'incoming')
            RETURNING 1
            """, logger: logger) > 0
    }

    func unfriend(_ userID: UUID, _ friendID: UUID) async throws -> Bool {
        // Shares between the two end with the friendship, in the same statement.
        try await client.execute(
            """
            WITH shares_gone AS (
                DELETE FROM shares
                WHERE (user_id = \(userID) AND recipient_id = \(friendID)) OR (user_id = \(friendID) AND recipient_id = \(userID))
            )
            DELETE FROM friend_links WHERE state = 'friends'
                AND ((user_id = \(userID) AND other_id = \(friendID)) OR (user_id = \(friendID) AND other_id = \(userID)))
            RETURNING 1
            """, logger: logger) > 0
    }

    func block(_ userID: UUID, blocked: UUID, at: Date) async throws {
        try await client.execute(
            """
            WITH gone AS (
                DELETE FROM friend_links
                WHERE (user_id = \(userID) AND other_id = \(blocked)) OR (user_id = \(blocked) AND other_id = \(userID))
            ), shares_gone AS (
                DELETE FROM shares
                WHERE (user_id = \(userID) AND recipient_id = \(blocked)) OR (user_id = \(blocked) AND recipient_id = \(userID))
            )
            INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (\(userID), \(blocked), \(PGTime(at)))
            ON CONFLICT DO NOTHING
            """, logger: logger)
    }

    func unblock(_ userID: UUID, blocked: UUID) async throws -> Bool {
        try await client.execute(
            "DELETE FROM blocks WHERE user_id = \(userID) AND blocked_id = \(blocked) RETURNING 1", logger: logger) > 0
    }

    func areFriends(_ userID: UUID, _ otherID: UUID) async throws -> Bool {
        try await client.execute(
            """
            SELECT 1 FROM friend_links WHERE user_id = \(userID) AND other_id = \(otherID) AND state = 'friends'
            """, logger: logger) > 0
    }

    func hasBlocked(_ userID: UUID, _ otherID: UUID) async throws -> Bool {
        try await client.execute(
            "SELECT 1 FROM blocks WHERE user_id = \(userID) AND blocked_id = \(otherID)", logger: logger) > 0
    }

    func lists(userID: UUID) async throws -> FriendLists {
        var lists = FriendLists(friends: [], incoming: [], outgoing: [], blocked: [])
        for row in try await client.rows(
            """
            SELECT l.state, l.since, u.id, u.username, u.display_name, u.avatar_media_id, l.request_id
            FROM friend_links l JOIN users u ON u.id = l.other_id
            WHERE l.user_id = \(userID) ORDER BY l.since DESC, u.username COLLATE "C"
            """, logger: logger)
        {
            let entry = FriendEntry(
                user: try Self.summary(row), since: try row.time("since"), requestID: try row.value("request_id"))
            switch try row.value("state", as: String.self) {
            case "friends": lists.friends.append(entry)
            case "incoming": lists.incoming.append(entry)
            default: lists.outgoing.append(entry)
            }
        }
        lists.blocked = try await client.rows(
            """
            SELECT b.created_at AS since, u.id, u.username, u.display_name, u.avatar_media_id
            FROM blocks b JOIN users u ON u.id = b.blocked_id
            WHERE b.user_id = \(userID) ORDER BY b.created_at DESC, u.username COLLATE "C"
            """, logger: logger
        ).map { FriendEntry(user: try Self.summary($0), since: try $0.time("since")) }
        return lists
    }

    static func setBoth(
        _ connection: PostgresConnection, _ a: UUID, _ b: UUID, state: String, since: Date, logger: Logger
    ) async throws {
        try await connection.execute(
            """
            INSERT INTO friend_links (user_id, other_id, state, since)
            VALUES (\(a), \(b), \(state), \(PGTime(since))), (\(b), \(a), \(state), \(PGTime(since)))
            ON CONFLICT (user_id, other_id) DO UPDATE
            SET state = excluded.state, since = excluded.since, request_id = NULL
            """, logger: logger)
    }

    static func summary(_ row: PostgresRandomAccessRow) throws -> UserSummary {
        UserSummary(
            id: try row.value("id"), username: try row.value("username"), displayName: try row.value("display_name"),
            avatarMediaID: try row.value("avatar_media_id"))
    }
}
