import DaybookCore
import DaybookStorage
import Foundation
import GRDB

/// Shares on SQLite. `standing` is the condition every granting read repeats: the two are friends.
struct SQLiteShareStore: ShareStore {
    let database: SQLiteDatabase

    static let standing = """
        EXISTS (SELECT 1 FROM friend_links f
            WHERE f.user_id = s.user_id AND f.other_id = s.recipient_id AND f.state = 'friends')
        """

    func insert(_ shares: [Share]) async throws {
        try await database.write { db in
            for share in shares {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO shares (user_id, id, recipient_id, kind, target_id, message, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """
                ).execute(arguments: [
                    Stored.id(share.userID), Stored.id(share.id), Stored.id(share.recipientID), share.kind.rawValue,
                    Stored.id(share.targetID), share.message, Stored.time(share.createdAt),
                ])
            }
        }
    }

    func received(userID: UUID) async throws -> [SharedThing] {
        try things(person: "s.user_id", where: "s.recipient_id = ?1", [Stored.id(userID)])
    }

    func sent(userID: UUID) async throws -> [SharedThing] {
        try things(person: "s.recipient_id", where: "s.user_id = ?1", [Stored.id(userID)])
    }

    func share(id: UUID, viewerID: UUID) async throws -> SharedThing? {
        try things(
            person: "CASE WHEN s.user_id = ?1 THEN s.recipient_id ELSE s.user_id END",
            where: "((s.user_id = ?1 AND s.id = ?2) OR (s.recipient_id = ?1 AND s.id = ?2))",
            [Stored.id(viewerID), Stored.id(id)]
        ).first
    }

    func react(id: UUID, recipientID: UUID, reaction: String?) async throws -> Share? {
        try await database.write { db in
            try db.cachedStatement(
                sql: "UPDATE shares AS s SET reaction = ?1 WHERE s.id = ?2 AND s.recipient_id = ?3 AND \(Self.standing)"
            ).execute(arguments: [reaction, Stored.id(id), Stored.id(recipientID)])
            guard db.changesCount > 0 else { return nil }
            return try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT \(Self.shareColumns) FROM shares s WHERE s.recipient_id = ? AND s.id = ?"),
                arguments: [Stored.id(recipientID), Stored.id(id)]
            ).map { Self.share($0) }
        }
    }

    func delete(id: UUID, userID: UUID) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM shares WHERE user_id = ? AND id = ?").execute(arguments: [
                Stored.id(userID), Stored.id(id),
            ])
            return db.changesCount > 0
        }
    }

    func sharedItemOwner(itemID: UUID, viewerID: UUID) async throws -> UUID? {
        try database.read { db in
            try String.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT s.user_id FROM shares s
                        WHERE s.recipient_id = ?1 AND \(Self.standing) AND (
                            (s.kind = 'item' AND s.target_id = ?2)
                            OR (s.kind = 'outfit' AND EXISTS (SELECT 1 FROM outfit_items oi
                                WHERE oi.user_id = s.user_id AND oi.outfit_id = s.target_id AND oi.item_id = ?2)))
                        LIMIT 1
                        """), arguments: [Stored.id(viewerID), Stored.id(itemID)]
            ).flatMap { UUID(text: $0) }
        }
    }

    func sharedOutfitOwner(outfitID: UUID, viewerID: UUID) async throws -> UUID? {
        try database.read { db in
            try String.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT s.user_id FROM shares s
                        WHERE s.recipient_id = ? AND s.kind = 'outfit' AND s.target_id = ? AND \(Self.standing)
                        LIMIT 1
                        """), arguments: [Stored.id(viewerID), Stored.id(outfitID)]
            ).flatMap { UUID(text: $0) }
        }
    }

    func canSee(photoID: UUID, ownerID: UUID, viewerID: UUID) async throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT 1 FROM journal_photos p JOIN journal_entries e ON e.id = p.entry_id
                        WHERE p.user_id = ?1 AND p.media_id = ?3 AND e.friends_only = 1
                            AND EXISTS (SELECT 1 FROM friend_links f
                                WHERE f.user_id = ?1 AND f.other_id = ?2 AND f.state = 'friends')
                        UNION ALL
                        SELECT 1 FROM shares s
                        WHERE s.user_id = ?1 AND s.recipient_id = ?2 AND \(Self.standing) AND (
                            (s.kind = 'item' AND EXISTS (SELECT 1 FROM closet_items i
                                WHERE i.user_id = s.user_id AND i.id = s.target_id AND i.photo_id = ?3))
                            OR (s.kind = 'outfit' AND (
                                EXISTS (SELECT 1 FROM outfits o
                                    WHERE o.user_id = s.user_id AND o.id = s.target_id AND o.photo_id = ?3)
                                OR EXISTS (SELECT 1 FROM outfit_items oi
                                    JOIN closet_items i ON i.user_id = oi.user_id AND i.id = oi.item_id
                                    WHERE oi.user_id = s.user_id AND oi.outfit_id = s.target_id AND i.photo_id = ?3))))
                        LIMIT 1
                        """), arguments: [Stored.id(ownerID), Stored.id(viewerID), Stored.id(photoID)]) ?? false
        }
    }

    /// Shares with the thing's name and picture and the other person, newest first; only standing
    /// shares of things that still exist.
    private func things(person: String, where condition: String, _ arguments: StatementArguments) throws
        -> [SharedThing]
    {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.shareColumns),
                            coalesce(i.name, o.name), coalesce(i.photo_id, o.photo_id, (
                                SELECT ci.photo_id FROM outfit_items oi
                                JOIN closet_items ci ON ci.user_id = oi.user_id AND ci.id = oi.item_id
                                WHERE oi.user_id = o.user_id AND oi.outfit_id = o.id AND ci.photo_id IS NOT NULL
                                ORDER BY oi.position LIMIT 1)),
                            u.id, u.username, u.display_name, u.avatar_media_id
                        FROM shares s
                        JOIN users u ON u.id = \(person)
                        LEFT JOIN closet_items i ON s.kind = 'item' AND i.user_id = s.user_id AND i.id = s.target_id
                        LEFT JOIN outfits o ON s.kind = 'outfit' AND o.user_id = s.user_id AND o.id = s.target_id
                        WHERE \(condition) AND \(Self.standing) AND (i.id IS NOT NULL OR o.id IS NOT NULL)
                        ORDER BY s.created_at DESC, s.id DESC
                        """), arguments: arguments
            ).map { row in
                SharedThing(
                    share: Self.share(row),
                    person: UserSummary(
                        id: row.uuid(10), username: row[11], displayName: row[12], avatarMediaID: row.optionalUUID(13)),
                    name: row[8], photoID: row.optionalUUID(9))
            }
        }
    }

    static let shareColumns =
        "s.user_id, s.id, s.recipient_id, s.kind, s.target_id, s.message, s.created_at, s.reaction"

    static func share(_ row: Row) -> Share {
        Share(
            id: row.uuid(1), userID: row.uuid(0), recipientID: row.uuid(2), kind: ShareKind(rawValue: row[3]) ?? .item,
            targetID: row.uuid(4), message: row[5], createdAt: row.time(6), reaction: row[7])
    }
}
