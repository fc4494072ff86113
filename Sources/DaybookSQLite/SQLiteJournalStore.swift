import DaybookCore
import DaybookStorage
import Foundation
import GRDB

/// Journal entries on SQLite: `journal_entries` holds the text, tags (JSON) and visibility;
/// `journal_photos` the photos, one row each with its position, so that "which entries show this
/// photo?" is an index lookup (`journal_photos_by_media`).
struct SQLiteJournalStore: JournalStore {
    let database: SQLiteDatabase

    func create(_ entry: JournalEntry) async throws {
        try await mapConflicts {
            try await database.write { db in try Self.insert(entry, in: db) }
        }
    }

    func save(_ entry: JournalEntry, insert: Bool) async throws -> Bool {
        try await mapConflicts {
            try await database.write { db in
                let id = Stored.id(entry.id)
                let userID = Stored.id(entry.userID)
                let exists =
                    try Bool.fetchOne(
                        db.cachedStatement(sql: "SELECT 1 FROM journal_entries WHERE id = ? AND user_id = ?"),
                        arguments: [id, userID]
                    ) ?? false
                if exists {
                    try db.cachedStatement(
                        sql: """
                            UPDATE journal_entries SET title = ?, body = ?, tags = ?, location = ?, latitude = ?,
                                longitude = ?, entry_date = ?, is_public = ?, friends_only = ?, updated_at = ?
                            WHERE id = ? AND user_id = ?
                            """
                    ).execute(arguments: [
                        entry.title, entry.body, Stored.strings(entry.tags), entry.location,
                        entry.coordinates?.latitude, entry.coordinates?.longitude, entry.date.description,
                        entry.isPublic, entry.visibility == .friends, Stored.time(entry.updatedAt), id, userID,
                    ])
                    try db.cachedStatement(sql: "DELETE FROM journal_photos WHERE entry_id = ?").execute(arguments: [id]
                    )
                    try Self.insertPhotos(of: entry, in: db)
                } else {
                    guard insert else { return false }
                    try Self.insert(entry, in: db)
                }
                return true
            }
        }
    }

    /// A new entry and its photos; also used by an import, inside its transaction.
    static func insert(_ entry: JournalEntry, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO journal_entries (id, user_id, title, body, tags, location, latitude,
                    longitude, entry_date, is_public, friends_only, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            Stored.id(entry.id), Stored.id(entry.userID), entry.title, entry.body, Stored.strings(entry.tags),
            entry.location, entry.coordinates?.latitude, entry.coordinates?.longitude, entry.date.description,
            entry.isPublic, entry.visibility == .friends, Stored.time(entry.createdAt), Stored.time(entry.updatedAt),
        ])
        try insertPhotos(of: entry, in: db)
    }

    static func insertPhotos(of entry: JournalEntry, in db: Database) throws {
        for (position, photo) in entry.photoIDs.enumerated() {
            try db.cachedStatement(
                sql: "INSERT INTO journal_photos (entry_id, position, media_id, user_id) VALUES (?, ?, ?, ?)"
            ).execute(arguments: [Stored.id(entry.id), position, Stored.id(photo), Stored.id(entry.userID)])
        }
    }

    func entry(id: UUID, userID: UUID) async throws -> JournalEntry? {
        try database.readSnapshot { db in
            try Self.entries(
                db, sql: "SELECT \(Self.columns) FROM journal_entries WHERE id = ? AND user_id = ?",
                arguments: [Stored.id(id), Stored.id(userID)]
            ).first
        }
    }

    func readableEntry(id: UUID, viewerID: UUID?) async throws -> PublicJournalEntry? {
        try database.readSnapshot { db in
            try Self.publicEntries(
                db,
                sql: """
                    \(Self.publicSelect) WHERE e.id = ?1 AND (e.is_public = 1 OR (e.friends_only = 1
                        AND EXISTS (SELECT 1 FROM friend_links f
                            WHERE f.user_id = ?2 AND f.other_id = e.user_id AND f.state = 'friends')))
                    """, arguments: [Stored.id(id), viewerID.map(Stored.id)]
            ).first
        }
    }

    func delete(id: UUID, userID: UUID) async throws -> JournalEntry? {
        try await database.write { db in
            let arguments: StatementArguments = [Stored.id(id), Stored.id(userID)]
            guard
                let entry = try Self.entries(
                    db, sql: "SELECT \(Self.columns) FROM journal_entries WHERE id = ? AND user_id = ?",
                    arguments: arguments
                ).first
            else { return nil }
            // journal_photos go by ON DELETE CASCADE.
            try db.cachedStatement(sql: "DELETE FROM journal_entries WHERE id = ? AND user_id = ?").execute(
                arguments: arguments)
            return entry
        }
    }

    func entries(userID: UUID, tag: String?, after cursor: PageCursor?, limit: Int) async throws -> [JournalEntry] {
        try database.readSnapshot { db in
            var sql = "SELECT \(Self.columns) FROM journal_entries WHERE user_id = ?"
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

    func publicEntries(authorID: UUID?, after cursor: PageCursor?, limit: Int) async throws -> [PublicJournalEntry] {
        if let authorID {
            return try feed(
                where: "e.user_id = ? AND e.is_public = 1", [Stored.id(authorID)], after: cursor, limit: limit)
        }
        return try feed(where: "e.is_public = 1", [], after: cursor, limit: limit)
    }

    func friendsEntries(viewerID: UUID, after cursor: PageCursor?, limit: Int) async throws -> [PublicJournalEntry] {
        try feed(
            where: """
                e.user_id IN (SELECT other_id FROM friend_links WHERE user_id = ? AND state = 'friends')
                    AND (e.is_public = 1 OR e.friends_only = 1)
                """, [Stored.id(viewerID)], after: cursor, limit: limit)
    }

    /// Entries with their authors matching `condition`, newest first, strictly after the cursor.
    private func feed(
        where condition: String, _ arguments: [any DatabaseValueConvertible], after cursor: PageCursor?, limit: Int
    ) throws -> [PublicJournalEntry] {
        try database.readSnapshot { db in
            var sql = "\(Self.publicSelect) WHERE \(condition)"
            var arguments = arguments
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
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT t.value AS tag, count(*) AS n FROM journal_entries e, json_each(e.tags) t
                        WHERE e.user_id = ? GROUP BY t.value ORDER BY n DESC, t.value
                        """), arguments: [Stored.id(userID)]
            ).map { (tag: $0[0], count: $0[1]) }
        }
    }

    func replaceTag(userID: UUID, tag: String, with replacement: String?, at now: Date) async throws -> Int {
        try await database.write { db in
            let user = Stored.id(userID)
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT id, tags FROM journal_entries
                        WHERE user_id = ? AND EXISTS (SELECT 1 FROM json_each(journal_entries.tags) WHERE value = ?)
                        """), arguments: [user, tag])
            for row in rows {
                let tags = JournalRules.replacing(tag, with: replacement, in: row.strings(1))
                try db.cachedStatement(
                    sql: "UPDATE journal_entries SET tags = ?, updated_at = ? WHERE id = ? AND user_id = ?"
                )
                .execute(arguments: [Stored.strings(tags), Stored.time(now), row[0] as String, user])
            }
            return rows.count
        }
    }

    func entryDates(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [LocalDate] {
        try database.read { db in
            try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT entry_date FROM journal_entries
                        WHERE user_id = ? AND entry_date >= ? AND entry_date <= ? ORDER BY entry_date
                        """), arguments: [Stored.id(userID), from.description, to.description]
            ).compactMap(LocalDate.init)
        }
    }

    func entries(userID: UUID, on dates: [LocalDate]) async throws -> [JournalEntry] {
        guard !dates.isEmpty else { return [] }
        return try database.readSnapshot { db in
            let marks = Array(repeating: "?", count: dates.count).joined(separator: ", ")
            return try Self.entries(
                db,
                sql: """
                    SELECT \(Self.columns) FROM journal_entries WHERE user_id = ? AND entry_date IN (\(marks))
                    ORDER BY entry_date DESC, created_at DESC, id DESC
                    """, arguments: StatementArguments([Stored.id(userID)] + dates.map(\.description)))
        }
    }

    // MARK: Rows

    static let publicSelect = """
        SELECT e.id, e.user_id, e.title, e.body, e.tags, e.location, \(visibility("e.")), e.created_at, e.updated_at,
            e.entry_date, e.latitude, e.longitude, u.username, u.display_name, u.avatar_media_id
        FROM journal_entries e JOIN users u ON u.id = e.user_id
        """

    /// Entries from `sql` (which selects `journal_entries` rows), each with its photos in order.
    static func entries(_ db: Database, sql: String, arguments: StatementArguments) throws -> [JournalEntry] {
        var entries = try Row.all(db.cachedStatement(sql: sql), arguments: arguments, as: entry)
        try addPhotos(db, to: &entries, \.self)
        return entries
    }

    static func publicEntries(_ db: Database, sql: String, arguments: StatementArguments) throws
        -> [PublicJournalEntry]
    {
        var entries = try Row.all(db.cachedStatement(sql: sql), arguments: arguments) { row in
            PublicJournalEntry(
                entry: entry(row),
                author: JournalAuthor(
                    id: row.uuid(1), username: row.text(12), displayName: row.text(13),
                    avatarMediaID: row.optionalUUID(14)))
        }
        try addPhotos(db, to: &entries, \.entry)
        return entries
    }

    /// Sets the photos of the entry each of `items` holds (at `entry`), in order, read in one query.
    private static func addPhotos<Item>(
        _ db: Database, to items: inout [Item], _ entry: WritableKeyPath<Item, JournalEntry>
    ) throws {
        let ids = items.map { Stored.id($0[keyPath: entry].id) }
        let photos = try photoIDs(db, entryIDs: ids)
        for index in items.indices { items[index][keyPath: entry].photoIDs = photos[ids[index]] ?? [] }
    }

    /// The photos of several entries in one query, each entry's in order.
    private static func photoIDs(_ db: Database, entryIDs: [String]) throws -> [String: [UUID]] {
        guard !entryIDs.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: entryIDs.count).joined(separator: ", ")
        var photos: [String: [UUID]] = [:]
        try Row.forEach(
            db.cachedStatement(
                sql:
                    "SELECT entry_id, media_id FROM journal_photos WHERE entry_id IN (\(marks)) ORDER BY entry_id, position"
            ),
            arguments: StatementArguments(entryIDs)
        ) { row in photos[row.text(0), default: []].append(row.uuid(1)) }
        return photos
    }

    /// What `entry(_:)` reads, in its order (`publicSelect` adds the author after them).
    static let columns =
        "id, user_id, title, body, tags, location, \(visibility("")), created_at, updated_at, entry_date, latitude, longitude"

    /// The visibility as `JournalVisibility`'s raw value, from the two flags.
    static func visibility(_ table: String) -> String {
        "CASE WHEN \(table)is_public = 1 THEN 'public' WHEN \(table)friends_only = 1 THEN 'friends' ELSE 'private' END"
    }

    /// An entry from the columns of `columns`, without its photos (`entries` adds them).
    static func entry(_ row: some StoredColumns) -> JournalEntry {
        JournalEntry(
            id: row.uuid(0), userID: row.uuid(1), title: row.text(2), body: row.text(3), tags: row.strings(4),
            location: row.text(5),
            coordinates: Coordinates(latitude: row.optionalDouble(10), longitude: row.optionalDouble(11)),
            date: LocalDate(row.text(9)), photoIDs: [],
            visibility: JournalVisibility(rawValue: row.text(6)) ?? .private,
            createdAt: row.time(7), updatedAt: row.time(8))
    }
}
