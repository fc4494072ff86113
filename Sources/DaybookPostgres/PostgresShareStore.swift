import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

/// Shares on PostgreSQL. `standing` is the condition every granting read repeats: the two are
/// friends.
struct PostgresShareStore: ShareStore {
    let client: PostgresClient
    let logger: Logger

    static let standing = """
        EXISTS (SELECT 1 FROM friend_links f
            WHERE f.user_id = s.user_id AND f.other_id = s.recipient_id AND f.state = 'friends')
        """

    func insert(_ shares: [Share]) async throws {
        guard !shares.isEmpty else { return }
        try await client.execute(
            """
            INSERT INTO shares (user_id, id, recipient_id, kind, target_id, message, created_at)
            SELECT * FROM unnest(\(shares.map(\.userID))::uuid[], \(shares.map(\.id))::uuid[],
                \(shares.map(\.recipientID))::uuid[], \(shares.map(\.kind.rawValue))::text[],
                \(shares.map(\.targetID))::uuid[], \(shares.map(\.message))::text[],
                \(shares.map { PGTime($0.createdAt) })::timestamptz[])
            """, logger: logger)
    }

    func received(userID: UUID) async throws -> [SharedThing] {
        try await things(
            "\(unescaped: Self.thingsSelect("s.user_id")) WHERE s.recipient_id = \(userID) \(unescaped: Self.thingsTail)"
        )
    }

    func sent(userID: UUID) async throws -> [SharedThing] {
        try await things(
            "\(unescaped: Self.thingsSelect("s.recipient_id")) WHERE s.user_id = \(userID) \(unescaped: Self.thingsTail)"
        )
    }

    func share(id: UUID, viewerID: UUID) async throws -> SharedThing? {
        // The person is whichever of the two is not the viewer.
        try await things(
            """
            \(unescaped: Self.thingsSelect("ANY (ARRAY[s.user_id, s.recipient_id])"))
            WHERE ((s.user_id = \(viewerID) AND s.id = \(id)) OR (s.recipient_id = \(viewerID) AND s.id = \(id)))
                AND u.id <> \(viewerID)
            \(unescaped: Self.thingsTail)
            """
        ).first
    }

    func react(id: UUID, recipientID: UUID, reaction: String?) async throws -> Share? {
        try await client.rows(
            """
            UPDATE shares s SET reaction = \(reaction)
            WHERE s.id = \(id) AND s.recipient_id = \(recipientID) AND \(unescaped: Self.standing)
            RETURNING \(unescaped: Self.shareColumns)
            """, logger: logger
        ).first.map(Self.share)
    }

    func delete(id: UUID, userID: UUID) async throws -> Bool {
        try await client.execute(
            "DELETE FROM shares WHERE user_id = \(userID) AND id = \(id) RETURNING 1", logger: logger) > 0
    }

    func sharedItemOwner(itemID: UUID, viewerID: UUID) async throws -> UUID? {
        try await client.rows(
            """
            SELECT s.user_id FROM shares s
            WHERE s.recipient_id = \(viewerID) AND \(unescaped: Self.standing) AND (
                (s.kind = 'item' AND s.target_id = \(itemID))
                OR (s.kind = 'outfit' AND EXISTS (SELECT 1 FROM outfit_items oi
                    WHERE oi.user_id = s.user_id AND oi.outfit_id = s.target_id AND oi.item_id = \(itemID))))
            LIMIT 1
            """, logger: logger
        ).first.map { try $0.value("user_id") }
    }

    func sharedOutfitOwner(outfitID: UUID, viewerID: UUID) async throws -> UUID? {
        try await client.rows(
            """
            SELECT s.user_id FROM shares s
            WHERE s.recipient_id = \(viewerID) AND s.kind = 'outfit' AND s.target_id = \(outfitID)
                AND \(unescaped: Self.standing)
            LIMIT 1
            """, logger: logger
        ).first.map { try $0.value("user_id") }
    }

    func canSee(photoID: UUID, ownerID: UUID, viewerID: UUID) async throws -> Bool {
        try await client.execute(
            """
            SELECT 1 FROM journal_photos p JOIN journal_entries e ON e.id = p.entry_id
            WHERE p.user_id = \(ownerID) AND p.media_id = \(photoID) AND e.friends_only
                AND EXISTS (SELECT 1 FROM friend_links f
                    WHERE f.user_id = \(ownerID) AND f.other_id = \(viewerID) AND f.state = 'friends')
            UNION ALL
            SELECT 1 FROM shares s
            WHERE s.user_id = \(ownerID) AND s.recipient_id = \(viewerID) AND \(unescaped: Self.standing) AND (
                (s.kind = 'item' AND EXISTS (SELECT 1 FROM closet_items i
                    WHERE i.user_id = s.user_id AND i.id = s.target_id AND i.photo_id = \(photoID)))
                OR (s.kind = 'outfit' AND (
                    EXISTS (SELECT 1 FROM outfits o
                        WHERE o.user_id = s.user_id AND o.id = s.target_id AND o.photo_id = \(photoID))
                    OR EXISTS (SELECT 1 FROM outfit_items oi
                        JOIN closet_items i ON i.user_id = oi.user_id AND i.id = oi.item_id
                        WHERE oi.user_id = s.user_id AND oi.outfit_id = s.target_id AND i.photo_id = \(photoID)))))
            LIMIT 1
            """, logger: logger) > 0
    }

    // MARK: Rows

    static func thingsSelect(_ person: String) -> String {
        """
        SELECT \(shareColumns),
            coalesce(i.name, o.name) AS name, coalesce(i.photo_id, o.photo_id, (
                SELECT ci.photo_id FROM outfit_items oi
                JOIN closet_items ci ON ci.user_id = oi.user_id AND ci.id = oi.item_id
                WHERE oi.user_id = o.user_id AND oi.outfit_id = o.id AND ci.photo_id IS NOT NULL
                ORDER BY oi.position LIMIT 1)) AS photo_id,
            u.id AS person_id, u.username, u.display_name, u.avatar_media_id
        FROM shares s
        JOIN users u ON u.id = \(person)
        LEFT JOIN closet_items i ON s.kind = 'item' AND i.user_id = s.user_id AND i.id = s.target_id
        LEFT JOIN outfits o ON s.kind = 'outfit' AND o.user_id = s.user_id AND o.id = s.target_id
        """
    }

    static let thingsTail = """
        AND \(standing) AND (i.id IS NOT NULL OR o.id IS NOT NULL) ORDER BY s.created_at DESC, s.id DESC
        """

    private func things(_ query: PostgresQuery) async throws -> [SharedThing] {
        try await client.rows(query, logger: logger).map { row in
            SharedThing(
                share: try Self.share(row),
                person: UserSummary(
                    id: try row.value("person_id"), username: try row.value("username"),
                    displayName: try row.value("display_name"), avatarMediaID: try row.value("avatar_media_id")),
                name: try row.value("name"), photoID: try row.value("photo_id"))
        }
    }

    static let shareColumns =
        "s.user_id, s.id, s.recipient_id, s.kind, s.target_id, s.message, s.created_at, s.reaction"

    static func share(_ row: PostgresRandomAccessRow) throws -> Share {
        Share(
            id: try row.value("id"), userID: try row.value("user_id"), recipientID: try row.value("recipient_id"),
            kind: ShareKind(rawValue: try row.value("kind")) ?? .item, targetID: try row.value("target_id"),
            message: try row.value("message"), createdAt: try row.time("created_at"),
            reaction: try row.value("reaction"))
    }
}
