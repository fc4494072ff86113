import DaybookCore
import DaybookStorage
import Foundation
import GRDB

/// Journal entries on SQLite: `journal_entries` holds the text, tags (JSON) and visibility;
/// `journal_photos` the photos, one row each with its position, so that "which entries show this
/// photo?" is an index lookup (`journal_photos_by_media`).
struct SQLiteJournalStore: JournalStore {
    let pool: DatabasePool

    func save(_ entry: JournalEntry, insert: Bool) async throws -> Bool {
        try await mapConflicts {
            try await pool.write { db in
                let id = Stored.id(entry.id), userID = Stored.id(entry.userID)
                let exists = try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM journal_entries WHERE id = ? AND user_id = ?", arguments: [id, userID]
                ) ?? false
                if exists {
                    try db.execute(
                        sql: """
                            UPDATE journal_entries SET title = ?, body = ?, tags = ?, location = ?, is_public = ?,
                                updated_at = ?
                            WHERE id = ? AND user_id = ?
                            """,
                        arguments: [
                            entry.title, entry.body, Stored.strings(entry.tags), entry.location, entry.isPublic,
                            Stored.time(entry.updatedAt), id, userID,
                        ])
                    try db.execute(sql: "DELETE FROM journal_photos WHERE entry_id = ?", arguments: [id])
                } else {
                    guard insert else { return false }
                    try db.execute(
                        sql: """
                            INSERT INTO journal_entries (id, user_id, title, body, tags, location, is_public,
                                created_at, updated_at)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            id, userID, entry.title, entry.body, Stored.strings(entry.tags), entry.location,
                            entry.isPublic, Stored.time(entry.createdAt), Stored.time(entry.updatedAt),
                        ])
                }
                for (position, photo) in entry.photoIDs.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO journal_photos (entry_id, position, media_id, user_id) VALUES (?, ?, ?, ?)",
                        arguments: [id, position, Stored.id(photo), userID])
                }
                return true
            }
        }
    }

    func entry(id: UUID, userID: UUID) async throws -> JournalEntry? {
        try await pool.read { db in
            try Self.entries(
                db, sql: "SELECT * FROM journal_entries WHERE id = ? AND user_id = ?",
                arguments: [Stored.id(id), Stored.id(userID)]
            ).first
        }
    }

    func publicEntry(id: UUID) async throws -> PublicJournalEntry? {
        try await pool.read { db in
            try Self.publicEntries(
                db, sql: "\(Self.publicSelect) WHERE e.id = ? AND e.is_public = 1", arguments: [Stored.id(id)]
            ).first
        }
    }

    func delete(id: UUID, userID: UUID) async throws -> JournalEntry? {
        try await pool.write { db in
            let arguments: StatementArguments = [Stored.id(id), Stored.id(userID)]
            guard
                let entry = try Self.entries(
                    db, sql: "SELECT * FROM journal_entries WHERE id = ? AND user_id = ?", arguments: arguments
                ).first
            else { return nil }
            // journal_photos go by ON DELETE CASCADE.
            try db.execute(sql: "DELETE FROM journal_entries WHERE id = ? AND user_id = ?", arguments: arguments)
            return entry
        }
    }

    func entries(userID: UUID, tag: String?, after cursor: PageCursor?, limit: Int) async throws -> [JournalEntry] {
        try await pool.read { db in
            var sql = "SELECT * FROM journal_entries WHERE user_id = ?"
            var arguments: [any DatabaseValueConvertible] = [Stored.id(userID)]
            if let tag {
                sql += " AND EXISTS (SELECT 1 FROM json_each(journal_entries.tags) WHERE value = ?)"
                arguments.append(tag)
            }
            if let cursor {
                sql += " AND (created_at, id) < (?, ?)"
                arguments += [Stored.time(cursor.createdAt), Stored.id(cursor.id)]
            }
            sql += " ORDER BY created_at DESC, id DESC LIMIT ?"
            arguments.append(limit)
            return try Self.entries(db, sql: sql, arguments: StatementArguments(arguments))
        }
    }

    func publicEntries(after cursor: PageCursor?, limit: Int) async throws -> [PublicJournalEntry] {
        try await pool.read { db in
            var sql = "\(Self.publicSelect) WHERE e.is_public = 1"
            var arguments: [any DatabaseValueConvertible] = []
            if let cursor {
                sql += " AND (e.created_at, e.id) < (?, ?)"
                arguments += [Stored.time(cursor.createdAt), Stored.id(cursor.id)]
            }
            sql += " ORDER BY e.created_at DESC, e.id DESC LIMIT ?"
            arguments.append(limit)
            return try Self.publicEntries(db, sql: sql, arguments: StatementArguments(arguments))
        }
    }

    func tags(userID: UUID) async throws -> [(tag: String, count: Int)] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT t.value AS tag, count(*) AS n FROM journal_entries e, json_each(e.tags) t
                    WHERE e.user_id = ? GROUP BY t.value ORDER BY n DESC, t.value
                    """, arguments: [Stored.id(userID)]
            ).map { (tag: $0["tag"], count: $0["n"]) }
        }
    }

    func creationTimes(userID: UUID, from: Date, to: Date) async throws -> [Date] {
        try await pool.read { db in
            try Int64.fetchAll(
                db,
                sql: """
                    SELECT created_at FROM journal_entries
                    WHERE user_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at
                    """, arguments: [Stored.id(userID), Stored.time(from), Stored.time(to)]
            ).map(Date.init(microsecondsSince1970:))
        }
    }


    // MARK: Rows

    static let publicSelect = """
        SELECT e.*, u.username AS author_username, u.display_name AS author_display_name,
            u.avatar_media_id AS author_avatar_media_id
        FROM journal_entries e JOIN users u ON u.id = e.user_id
        """

    /// Entries from `sql` (which selects `journal_entries` rows), each with its photos in order.
    static func entries(_ db: Database, sql: String, arguments: StatementArguments) throws -> [JournalEntry] {
        let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
        let photos = try photoIDs(db, entryIDs: rows.map { $0["id"] as String })
        return rows.map { entry($0, photos: photos) }
    }

    static func publicEntries(_ db: Database, sql: String, arguments: StatementArguments) throws
        -> [PublicJournalEntry]
    {
        let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
        let photos = try photoIDs(db, entryIDs: rows.map { $0["id"] as String })
        return rows.map { row in
            PublicJournalEntry(
                entry: entry(row, photos: photos),
                author: JournalAuthor(
                    id: row.uuid("user_id"), username: row["author_username"],
                    displayName: row["author_display_name"], avatarMediaID: row.optionalUUID("author_avatar_media_id")))
        }
    }

    /// The photos of several entries in one query, each entry's in order.
    static func photoIDs(_ db: Database, entryIDs: [String]) throws -> [String: [UUID]] {
        guard !entryIDs.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: entryIDs.count).joined(separator: ", ")
        var photos: [String: [UUID]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: "SELECT entry_id, media_id FROM journal_photos WHERE entry_id IN (\(marks)) ORDER BY entry_id, position",
            arguments: StatementArguments(entryIDs))
        {
            photos[row["entry_id"], default: []].append(row.uuid("media_id"))
        }
        return photos
    }

    static func entry(_ row: Row, photos: [String: [UUID]]) -> JournalEntry {
        let id: String = row["id"]
        return JournalEntry(
            id: row.uuid("id"), userID: row.uuid("user_id"), title: row["title"], body: row["body"],
            tags: row.strings("tags"), location: row["location"], photoIDs: photos[id] ?? [],
            isPublic: row["is_public"], createdAt: row.time("created_at"), updatedAt: row.time("updated_at"))
    }
}
