import DaybookStorage
import Foundation
import GRDB

struct SQLiteMediaStore: MediaStore {
    let database: SQLiteDatabase

    func insert(_ record: MediaRecord) async throws {
        try await mapConflicts {
            try await database.write { db in
                try db.cachedStatement(
                    sql: """
                        INSERT INTO media (id, user_id, kind, sha256,
                            original_key, original_format, original_bytes, width, height,
                            small_key, small_format, small_bytes, small_width, small_height,
                            large_key, large_format, large_bytes, large_width, large_height,
                            avatar_key, avatar_format, avatar_bytes, avatar_width, avatar_height, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """
                ).execute(arguments: [
                    Stored.id(record.id), Stored.id(record.userID), record.kind.rawValue, record.sha256,
                    record.original.key, record.original.format, record.original.bytes, record.original.width,
                    record.original.height,
                    record.small.key, record.small.format, record.small.bytes, record.small.width,
                    record.small.height,
                    record.large.key, record.large.format, record.large.bytes, record.large.width,
                    record.large.height,
                    record.avatar?.key, record.avatar?.format, record.avatar?.bytes, record.avatar?.width,
                    record.avatar?.height, Stored.time(record.createdAt),
                ])
            }
        }
    }

    func media(id: UUID, userID: UUID) async throws -> MediaRecord? {
        try database.read { db in
            try Row.first(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM media WHERE id = ? AND user_id = ?"),
                arguments: [Stored.id(id), Stored.id(userID)], as: Self.record
            )
        }
    }

    func servable(id: UUID) async throws -> (record: MediaRecord, isPublic: Bool)? {
        try database.read { db in
            try Row.first(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.columns), (
                            EXISTS (SELECT 1 FROM journal_photos p JOIN journal_entries e ON e.id = p.entry_id
                                WHERE p.user_id = m.user_id AND p.media_id = m.id AND e.is_public = 1)
                            OR (EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id AND u.avatar_media_id = m.id)
                                AND EXISTS (SELECT 1 FROM journal_entries e WHERE e.user_id = m.user_id AND e.is_public = 1))
                        ) AS is_public
                        FROM media m WHERE m.id = ?
                        """), arguments: [Stored.id(id)]
            ) { (Self.record($0), $0.int64(25) != 0) }  // is_public follows the record's columns
        }
    }

    func delete(id: UUID, userID: UUID) async throws -> MediaRecord? {
        try await database.write { db -> MediaRecord? in
            guard
                let record = try Row.first(
                    db.cachedStatement(sql: "SELECT \(Self.columns) FROM media WHERE id = ? AND user_id = ?"),
                    arguments: [Stored.id(id), Stored.id(userID)], as: Self.record
                )
            else { return nil }
            let arguments: StatementArguments = [Stored.id(id), Stored.id(userID)]
            try db.cachedStatement(sql: "UPDATE users SET avatar_media_id = NULL WHERE avatar_media_id = ? AND id = ?")
                .execute(arguments: arguments)
            try db.cachedStatement(sql: "UPDATE day_entries SET photo_id = NULL WHERE photo_id = ? AND user_id = ?")
                .execute(arguments: arguments)
            try db.cachedStatement(sql: "DELETE FROM journal_photos WHERE media_id = ? AND user_id = ?").execute(
                arguments: arguments)
            try db.cachedStatement(sql: "UPDATE closet_items SET photo_id = NULL WHERE photo_id = ? AND user_id = ?")
                .execute(arguments: arguments)
            try db.cachedStatement(sql: "UPDATE outfits SET photo_id = NULL WHERE photo_id = ? AND user_id = ?")
                .execute(arguments: arguments)
            try db.cachedStatement(sql: "DELETE FROM media WHERE id = ? AND user_id = ?").execute(arguments: arguments)
            return record
        }
    }

    func deleteAll(userID: UUID) async throws -> [MediaRecord] {
        try await database.write { db in
            let records = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM media WHERE user_id = ?"),
                arguments: [Stored.id(userID)]
            ).map(Self.record)
            try db.cachedStatement(sql: "UPDATE users SET avatar_media_id = NULL WHERE id = ?").execute(arguments: [
                Stored.id(userID)
            ])
            try db.cachedStatement(
                sql: "UPDATE day_entries SET photo_id = NULL WHERE user_id = ? AND photo_id IS NOT NULL"
            ).execute(arguments: [Stored.id(userID)])
            try db.cachedStatement(sql: "DELETE FROM journal_photos WHERE user_id = ?").execute(arguments: [
                Stored.id(userID)
            ])
            for table in ["closet_items", "outfits"] {
                try db.cachedStatement(
                    sql: "UPDATE \(table) SET photo_id = NULL WHERE user_id = ? AND photo_id IS NOT NULL"
                ).execute(arguments: [Stored.id(userID)])
            }
            try db.cachedStatement(sql: "DELETE FROM media WHERE user_id = ?").execute(arguments: [Stored.id(userID)])
            return records
        }
    }

    func references(key: String) async throws -> Int {
        try database.read { db in
            // One indexed lookup per column (SQLite's OR-by-union plan), each row counted once.
            try Int.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT count(*) FROM media
                        WHERE original_key = ?1 OR small_key = ?1 OR large_key = ?1 OR avatar_key = ?1
                        """), arguments: [key]) ?? 0
        }
    }

    func list(userID: UUID, kind: MediaKind?, after cursor: PageCursor?, limit: Int) async throws -> [MediaRecord] {
        try database.read { db in
            var sql = "SELECT \(Self.columns) FROM media WHERE user_id = ?"
            var arguments: [any DatabaseValueConvertible] = [Stored.id(userID)]
            if let kind {
                sql += " AND kind = ?"
                arguments.append(kind.rawValue)
            }
            if let cursor {
                sql += " AND (created_at, id) < (?, ?)"
                arguments += [Stored.time(cursor.createdAt), Stored.id(cursor.id)]
            }
            sql += " ORDER BY created_at DESC, id DESC LIMIT ?"
            arguments.append(limit)
            return try Row.all(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments), as: Self.record)
        }
    }

    func owned(ids: [UUID], userID: UUID) async throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        return try database.read { db in
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            var arguments: [any DatabaseValueConvertible] = [Stored.id(userID)]
            arguments += ids.map { Stored.id($0) }
            let found = try String.fetchAll(
                db.cachedStatement(sql: "SELECT id FROM media WHERE user_id = ? AND id IN (\(marks))"),
                arguments: StatementArguments(arguments))
            return Set(found.compactMap { UUID(text: $0) })
        }
    }

    func bytesUsed(userID: UUID) async throws -> Int {
        try database.read { db in
            try Int.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT coalesce(sum(original_bytes + small_bytes + large_bytes + coalesce(avatar_bytes, 0)), 0)
                        FROM media WHERE user_id = ?
                        """), arguments: [Stored.id(userID)]) ?? 0
        }
    }

    func uses(id: UUID, userID: UUID) async throws -> Int {
        try database.read { db in
            let arguments: StatementArguments = [Stored.id(userID), Stored.id(id)]
            let avatars =
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT count(*) FROM users WHERE id = ? AND avatar_media_id = ?"),
                    arguments: arguments) ?? 0
            let days =
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT count(*) FROM day_entries WHERE user_id = ? AND photo_id = ?"),
                    arguments: arguments) ?? 0
            let journal =
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT count(*) FROM journal_photos WHERE user_id = ? AND media_id = ?"),
                    arguments: arguments
                ) ?? 0
            let closet =
                try Int.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT (SELECT count(*) FROM closet_items WHERE user_id = ?1 AND photo_id = ?2)
                                + (SELECT count(*) FROM outfits WHERE user_id = ?1 AND photo_id = ?2)
                            """), arguments: arguments
                ) ?? 0
            return avatars + days + journal + closet
        }
    }

    /// What `record(_:)` reads, in its order: the record, then each file's five columns.
    static let columns = """
        id, user_id, kind, sha256, created_at,
        original_key, original_format, original_bytes, width, height,
        small_key, small_format, small_bytes, small_width, small_height,
        large_key, large_format, large_bytes, large_width, large_height,
        avatar_key, avatar_format, avatar_bytes, avatar_width, avatar_height
        """

    static func record(_ row: some StoredColumns) -> MediaRecord {
        func file(_ first: Int) -> MediaFile {
            MediaFile(
                key: row.text(first), format: row.text(first + 1), bytes: row.int(first + 2),
                width: row.int(first + 3), height: row.int(first + 4))
        }
        let avatarKey = row.optionalText(20)
        return MediaRecord(
            id: row.uuid(0), userID: row.uuid(1), kind: MediaKind(rawValue: row.text(2)) ?? .photo, sha256: row.text(3),
            original: file(5), small: file(10), large: file(15), avatar: avatarKey == nil ? nil : file(20),
            createdAt: row.time(4))
    }
}
