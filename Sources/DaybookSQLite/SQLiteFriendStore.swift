import DaybookCore
import DaybookStorage
import Foundation
import GRDB

/// Friends on SQLite: `friend_links` (a row per side of a pair) and `blocks`. Every change to a
/// pair writes both sides in one transaction.
struct SQLiteFriendStore: FriendStore {
    let database: SQLiteDatabase

    func request(from: UUID, to: UUID, at: Date) async throws -> FriendRequestOutcome {
        try await database.write { db in
            let (a, b, time) = (Stored.id(from), Stored.id(to), Stored.time(at))
            switch try Self.state(db, a, b) {
            case "friends":
                return .alreadyFriends
            case "outgoing":
                return .alreadyRequested
            case "incoming":
                // They asked first: this is the yes.
                try Self.setBoth(db, a, b, state: "friends", since: time)
                return .friends
            case nil where try Self.state(db, b, a) == "outgoing":
                // They asked first while the sender blocked them, so the sender never saw it (and
                // has unblocked them since): this is the yes too.
                try Self.setBoth(db, a, b, state: "friends", since: time)
                return .friends
            default:
                let id = UUID.timeOrdered()
                let insert = """
                    INSERT INTO friend_links (user_id, other_id, state, since, request_id) VALUES (?, ?, ?, ?, ?)
                    """
                try db.cachedStatement(sql: insert).execute(arguments: [a, b, "outgoing", time, Stored.id(id)])
                // Someone who blocked the sender never sees the request.
                if try !Self.blocks(db, b, a) {
                    try db.cachedStatement(sql: insert).execute(arguments: [b, a, "incoming", time, Stored.id(id)])
                }
                return .requested(id)
            }
        }
    }

    func pendingRequest(id: UUID, userID: UUID) async throws -> PendingFriendRequest? {
        try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT other_id, state FROM friend_links WHERE request_id = ? AND user_id = ?"),
                arguments: [Stored.id(id), Stored.id(userID)]
            ).map {
                PendingFriendRequest(id: id, otherID: $0.uuid(0), direction: $0[1] == "incoming" ? .received : .sent)
            }
        }
    }

    func accept(from: UUID, to: UUID, at: Date) async throws -> Bool {
        try await database.write { db in
            let (a, b) = (Stored.id(from), Stored.id(to))
            guard try Self.state(db, b, a) == "incoming" else { return false }
            try Self.setBoth(db, a, b, state: "friends", since: Stored.time(at))
            return true
        }
    }

    func deleteRequest(from: UUID, to: UUID) async throws -> Bool {
        try await database.write { db in
            let (a, b) = (Stored.id(from), Stored.id(to))
            try db.cachedStatement(
                sql: """
                    DELETE FROM friend_links
                    WHERE (user_id = ?1 AND other_id = ?2 AND state = 'outgoing')
                        OR (user_id = ?2 AND other_id = ?1 AND state = 'incoming')
                    """
            ).execute(arguments: [a, b])
            return db.changesCount > 0
        }
    }

    func unfriend(_ userID: UUID, _ friendID: UUID) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    DELETE FROM friend_links WHERE state = 'friends'
                        AND ((user_id = ?1 AND other_id = ?2) OR (user_id = ?2 AND other_id = ?1))
                    """
            ).execute(arguments: [Stored.id(userID), Stored.id(friendID)])
            let ended = db.changesCount > 0
            try Self.deleteShares(db, Stored.id(userID), Stored.id(friendID))
            return ended
        }
    }

    func block(_ userID: UUID, blocked: UUID, at: Date) async throws {
        try await database.write { db in
            let (a, b) = (Stored.id(userID), Stored.id(blocked))
            try db.cachedStatement(
                sql:
                    "DELETE FROM friend_links WHERE (user_id = ?1 AND other_id = ?2) OR (user_id = ?2 AND other_id = ?1)"
            ).execute(arguments: [a, b])
            try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?)"
            ).execute(arguments: [a, b, Stored.time(at)])
            try Self.deleteShares(db, a, b)
        }
    }

    func unblock(_ userID: UUID, blocked: UUID) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?").execute(
                arguments: [Stored.id(userID), Stored.id(blocked)])
            return db.changesCount > 0
        }
    }

    func areFriends(_ userID: UUID, _ otherID: UUID) async throws -> Bool {
        try database.read { db in try Self.state(db, Stored.id(userID), Stored.id(otherID)) == "friends" }
    }

    func hasBlocked(_ userID: UUID, _ otherID: UUID) async throws -> Bool {
        try database.read { db in try Self.blocks(db, Stored.id(userID), Stored.id(otherID)) }
    }

    func lists(userID: UUID) async throws -> FriendLists {
        try database.readSnapshot { db in
            let user = Stored.id(userID)
            var lists = FriendLists(friends: [], incoming: [], outgoing: [], blocked: [])
            for row in try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT l.state, l.since, u.id, u.username, u.display_name, u.avatar_media_id, l.request_id
                        FROM friend_links l JOIN users u ON u.id = l.other_id
                        WHERE l.user_id = ? ORDER BY l.since DESC, u.username
                        """), arguments: [user])
            {
                let entry = FriendEntry(
                    user: Self.summary(row, from: 2), since: row.time(1), requestID: row.optionalUUID(6))
                switch row[0] as String {
                case "friends": lists.friends.append(entry)
                case "incoming": lists.incoming.append(entry)
                default: lists.outgoing.append(entry)
                }
            }
            lists.blocked = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT b.created_at, u.id, u.username, u.display_name, u.avatar_media_id
                        FROM blocks b JOIN users u ON u.id = b.blocked_id
                        WHERE b.user_id = ? ORDER BY b.created_at DESC, u.username
                        """), arguments: [user]
            ).map { FriendEntry(user: Self.summary($0, from: 1), since: $0.time(0)) }
            return lists
        }
    }

    // MARK: Helpers

    /// Shares between the two, both ways: they end with the friendship.
    static func deleteShares(_ db: Database, _ a: String, _ b: String) throws {
        try db.cachedStatement(
            sql: "DELETE FROM shares WHERE (user_id = ?1 AND recipient_id = ?2) OR (user_id = ?2 AND recipient_id = ?1)"
        ).execute(arguments: [a, b])
    }

    static func state(_ db: Database, _ user: String, _ other: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT state FROM friend_links WHERE user_id = ? AND other_id = ?"),
            arguments: [user, other])
    }

    static func blocks(_ db: Database, _ user: String, _ blocked: String) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM blocks WHERE user_id = ? AND blocked_id = ?"),
            arguments: [user, blocked]) ?? false
    }

    /// Both sides of a pair in one state (inserted or replaced).
    static func setBoth(_ db: Database, _ a: String, _ b: String, state: String, since: Int64) throws {
        for (user, other) in [(a, b), (b, a)] {
            try db.cachedStatement(
                sql: """
                    INSERT INTO friend_links (user_id, other_id, state, since) VALUES (?, ?, ?, ?)
                    ON CONFLICT (user_id, other_id) DO UPDATE
                    SET state = excluded.state, since = excluded.since, request_id = NULL
                    """
            ).execute(arguments: [user, other, state, since])
        }
    }

    static func summary(_ row: Row, from first: Int) -> UserSummary {
        UserSummary(
            id: row.uuid(first), username: row[first + 1], displayName: row[first + 2],
            avatarMediaID: row.optionalUUID(first + 3))
    }
}
