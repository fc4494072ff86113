import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresMediaStore: MediaStore {
    let client: PostgresClient
    let logger: Logger

    func insert(_ record: MediaRecord) async throws {
        let avatar = record.avatar
        try await client.execute(
            """
            INSERT INTO media (user_id, id, kind, sha256,
                original_key, original_format, original_bytes, width, height,
                small_key, small_format, small_bytes, small_width, small_height,
                large_key, large_format, large_bytes, large_width, large_height,
                avatar_key, avatar_format, avatar_bytes, avatar_width, avatar_height, created_at)
            VALUES (\(record.userID), \(record.id), \(record.kind.rawValue), \(record.sha256),
                \(record.original.key), \(record.original.format), \(record.original.bytes),
                \(record.original.width), \(record.original.height),
                \(record.small.key), \(record.small.format), \(record.small.bytes),
                \(record.small.width), \(record.small.height),
                \(record.large.key), \(record.large.format), \(record.large.bytes),
                \(record.large.width), \(record.large.height),
                \(avatar?.key), \(avatar?.format), \(avatar?.bytes), \(avatar?.width), \(avatar?.height),
                \(PGTime(record.createdAt)))
            """, logger: logger)
    }

    func media(id: UUID, userID: UUID) async throws -> MediaRecord? {
        try await client.rows("SELECT * FROM media WHERE user_id = \(userID) AND id = \(id)", logger: logger)
            .first.map(Self.record)
    }

    func servable(id: UUID) async throws -> (record: MediaRecord, isPublic: Bool)? {
        try await client.rows(ServableMediaByID.self, id, logger: logger).first.map {
            (try Self.record($0), try $0.value("is_public", as: Bool.self))
        }
    }

    func delete(id: UUID, userID: UUID) async throws -> MediaRecord? {
        // One statement, so one transaction: the row goes, and so do the references to it.
        try await client.rows(
            """
            WITH deleted AS (
                DELETE FROM media WHERE user_id = \(userID) AND id = \(id) RETURNING *
            ), avatar AS (
                UPDATE users SET avatar_media_id = NULL
                WHERE id = \(userID) AND avatar_media_id = \(id) AND EXISTS (SELECT 1 FROM deleted)
            ), days AS (
                UPDATE day_entries SET photo_id = NULL
                WHERE user_id = \(userID) AND photo_id = \(id) AND EXISTS (SELECT 1 FROM deleted)
            ), journal AS (
                DELETE FROM journal_photos
                WHERE user_id = \(userID) AND media_id = \(id) AND EXISTS (SELECT 1 FROM deleted)
            ), items AS (
                UPDATE closet_items SET photo_id = NULL
                WHERE user_id = \(userID) AND photo_id = \(id) AND EXISTS (SELECT 1 FROM deleted)
            ), outfits AS (
                UPDATE outfits SET photo_id = NULL
                WHERE user_id = \(userID) AND photo_id = \(id) AND EXISTS (SELECT 1 FROM deleted)
            )
            SELECT * FROM deleted
            """, logger: logger
        ).first.map(Self.record)
    }

    func deleteAll(userID: UUID) async throws -> [MediaRecord] {
        try await client.rows(
            """
            WITH deleted AS (
                DELETE FROM media WHERE user_id = \(userID) RETURNING *
            ), avatar AS (
                UPDATE users SET avatar_media_id = NULL WHERE id = \(userID) AND avatar_media_id IS NOT NULL
            ), days AS (
                UPDATE day_entries SET photo_id = NULL WHERE user_id = \(userID) AND photo_id IS NOT NULL
            ), journal AS (
                DELETE FROM journal_photos WHERE user_id = \(userID)
            ), items AS (
                UPDATE closet_items SET photo_id = NULL WHERE user_id = \(userID) AND photo_id IS NOT NULL
            ), outfits AS (
                UPDATE outfits SET photo_id = NULL WHERE user_id = \(userID) AND photo_id IS NOT NULL
            )
            SELECT * FROM deleted
            """, logger: logger
        ).map(Self.record)
    }

    func bytesUsed(userID: UUID) async throws -> Int {
        try await client.rows(
            """
            SELECT coalesce(sum(original_bytes + small_bytes + large_bytes + coalesce(avatar_bytes, 0)), 0)::bigint AS n
            FROM media WHERE user_id = \(userID)
            """, logger: logger
        ).first?.value("n", as: Int.self) ?? 0
    }

    func uses(id: UUID, userID: UUID) async throws -> Int {
        try await client.rows(
            """
            SELECT (SELECT count(*) FROM users WHERE id = \(userID) AND avatar_media_id = \(id))
                + (SELECT count(*) FROM day_entries WHERE user_id = \(userID) AND photo_id = \(id))
                + (SELECT count(*) FROM journal_photos WHERE user_id = \(userID) AND media_id = \(id))
                + (SELECT count(*) FROM closet_items WHERE user_id = \(userID) AND photo_id = \(id))
                + (SELECT count(*) FROM outfits WHERE user_id = \(userID) AND photo_id = \(id)) AS n
            """, logger: logger
        ).first?.value("n", as: Int.self) ?? 0
    }

    func references(key: String) async throws -> Int {
        try await client.rows(
            """
            SELECT count(*) AS n FROM media
            WHERE original_key = \(key) OR small_key = \(key) OR large_key = \(key) OR avatar_key = \(key)
            """, logger: logger
        ).first?.value("n", as: Int.self) ?? 0
    }

    func list(userID: UUID, kind: MediaKind?, after cursor: PageCursor?, limit: Int) async throws -> [MediaRecord] {
        let cursorAt = cursor.map { PGTime($0.createdAt) }
        let cursorID = cursor?.id
        let kind = kind?.rawValue
        return try await client.rows(
            """
            SELECT * FROM media
            WHERE user_id = \(userID)
                AND (\(kind)::text IS NULL OR kind = \(kind))
                AND (\(cursorAt)::timestamptz IS NULL OR (created_at, id) < (\(cursorAt), \(cursorID)::uuid))
            ORDER BY created_at DESC, id DESC LIMIT \(limit)
            """, logger: logger
        ).map(Self.record)
    }

    func owned(ids: [UUID], userID: UUID) async throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        let rows = try await client.rows(
            "SELECT id FROM media WHERE user_id = \(userID) AND id = ANY(\(ids)::uuid[])", logger: logger)
        return Set(try rows.map { try $0.value("id", as: UUID.self) })
    }

    static func record(_ row: PostgresRandomAccessRow) throws -> MediaRecord {
        func file(_ prefix: String) throws -> MediaFile {
            MediaFile(
                key: try row.value("\(prefix)_key"), format: try row.value("\(prefix)_format"),
                bytes: try row.value("\(prefix)_bytes"), width: try row.value("\(prefix)_width"),
                height: try row.value("\(prefix)_height"))
        }
        let avatarKey: String? = try row.value("avatar_key")
        return MediaRecord(
            id: try row.value("id"), userID: try row.value("user_id"),
            kind: MediaKind(rawValue: try row.value("kind")) ?? .photo, sha256: try row.value("sha256"),
            original: MediaFile(
                key: try row.value("original_key"), format: try row.value("original_format"),
                bytes: try row.value("original_bytes"), width: try row.value("width"), height: try row.value("height")),
            small: try file("small"), large: try file("large"), avatar: avatarKey == nil ? nil : try file("avatar"),
            createdAt: try row.time("created_at"))
    }
}
