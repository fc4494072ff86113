import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

/// Journal entries on PostgreSQL: `journal_entries` (tags as `text[]`) and `journal_photos`, one
/// row per photo with its position, read back as an ordered array in the same query.
struct PostgresJournalStore: JournalStore {
    let client: PostgresClient
    let logger: Logger

    /// One prepared statement for an entry without photos (most are); with photos, a transaction.
    func create(_ entry: JournalEntry) async throws {
        if entry.photoIDs.isEmpty {
            try await Self.insert(entry, on: client, logger: logger)
        } else {
            try await storeErrors {
                try await client.withTransaction(logger: logger) { connection in
                    try await Self.insert(entry, on: connection, logger: logger)
                }
            }
        }
    }

    func save(_ entry: JournalEntry, insert: Bool) async throws -> Bool {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                let updated = try await connection.execute(
                    """
                    UPDATE journal_entries SET title = \(entry.title), body = \(entry.body),
                        tags = \(entry.tags)::text[], location = \(entry.location),
                        latitude = \(entry.coordinates?.latitude)::float8, longitude = \(entry.coordinates?.longitude)::float8,
                        entry_date = \(PGDate(entry.date)), is_public = \(entry.isPublic),
                        friends_only = \(entry.visibility == .friends), updated_at = \(PGTime(entry.updatedAt)),
                        search = to_tsvector('simple'::regconfig, daybook_journal_text(
                            \(entry.title), \(entry.body), \(entry.tags)::text[], \(entry.location)))
                    WHERE user_id = \(entry.userID) AND id = \(entry.id) RETURNING 1
                    """, logger: logger)
                if updated > 0 {
                    try await connection.execute(
                        "DELETE FROM journal_photos WHERE user_id = \(entry.userID) AND entry_id = \(entry.id)",
                        logger: logger)
                    try await Self.insertPhotos(of: entry, on: connection, logger: logger)
                } else {
                    guard insert else { return false }
                    try await Self.insert(entry, on: connection, logger: logger)
                }
                return true
            }
        }
    }

    /// A new entry and its photos; also used by an import, inside its transaction.
    static func insert(_ entry: JournalEntry, on db: some PostgresRowReading, logger: Logger) async throws {
        var values = PostgresBindings(capacity: 13)
        values.append(entry.userID)
        values.append(entry.id)
        values.append(entry.title)
        values.append(entry.body)
        values.append(entry.tags)
        values.append(entry.location)
        values.append(entry.coordinates?.latitude)
        values.append(entry.coordinates?.longitude)
        values.append(PGDate(entry.date))
        values.append(entry.isPublic)
        values.append(entry.visibility == .friends)
        values.append(PGTime(entry.createdAt))
        values.append(PGTime(entry.updatedAt))
        _ = try await db.rows(JournalEntryInsert.self, bindings: values, logger: logger)
        try await insertPhotos(of: entry, on: db, logger: logger)
    }

    static func insertPhotos(of entry: JournalEntry, on db: some PostgresRowReading, logger: Logger) async throws {
        guard !entry.photoIDs.isEmpty else { return }
        try await db.execute(
            """
            INSERT INTO journal_photos (user_id, entry_id, position, media_id)
            SELECT \(entry.userID), \(entry.id), p.position - 1, p.media_id
            FROM unnest(\(entry.photoIDs)::uuid[]) WITH ORDINALITY AS p(media_id, position)
            """, logger: logger)
    }

    func entry(id: UUID, userID: UUID) async throws -> JournalEntry? {
        try await client.rows(JournalEntryByID.self, userID, id, logger: logger, reading: Self.entry).first
    }

    func readableEntry(id: UUID, viewerID: UUID?) async throws -> PublicJournalEntry? {
        try await client.rows(
            """
            \(unescaped: Self.publicSelect)
            WHERE e.id = \(id) AND (e.is_public OR (e.friends_only AND EXISTS (SELECT 1 FROM friend_links f
                WHERE f.user_id = \(viewerID)::uuid AND f.other_id = e.user_id AND f.state = 'friends')))
            """, logger: logger, reading: Self.publicEntry
        ).first
    }

    func delete(id: UUID, userID: UUID) async throws -> JournalEntry? {
        // The photos are read before the delete cascades them away, in the same statement.
        try await client.rows(
            """
            WITH photos AS (
                SELECT coalesce(array_agg(media_id ORDER BY position), '{}') AS photo_ids FROM journal_photos
                WHERE user_id = \(userID) AND entry_id = \(id)
            ), deleted AS (
                DELETE FROM journal_entries e WHERE user_id = \(userID) AND id = \(id) RETURNING \(unescaped: Self.columns)
            )
            SELECT deleted.*, photos.photo_ids FROM deleted, photos
            """, logger: logger, reading: Self.entry
        ).first
    }

    func entries(userID: UUID, tag: String?, after cursor: PageCursor?, limit: Int) async throws -> [JournalEntry] {
        // The journal list without a tag, a prepared statement; with one, or a page longer than the
        // API's (an export's), sent as it is.
        guard tag != nil || limit > ShortPage.rows else {
            return try await client.rows(
                JournalPage.self, userID, cursor.map { PGTime($0.createdAt) } ?? FirstPage.time,
                cursor?.id ?? FirstPage.id, limit, logger: logger, reading: Self.entry)
        }
        let cursorAt = cursor.map { PGTime($0.createdAt) }
        let cursorID = cursor?.id
        return try await client.rows(
            """
            \(unescaped: Self.select)
            WHERE e.user_id = \(userID)
                AND (\(tag)::text IS NULL OR e.tags @> ARRAY[\(tag)::text])
                AND (\(cursorAt)::timestamptz IS NULL OR (e.created_at, e.id) < (\(cursorAt), \(cursorID)::uuid))
            ORDER BY e.created_at DESC, e.id DESC LIMIT \(limit)
            """, logger: logger, reading: Self.entry)
    }

    func publicEntries(authorID: UUID?, after cursor: PageCursor?, limit: Int) async throws -> [PublicJournalEntry] {
        guard let authorID else {
            return try await client.rows(
                PublicFeedPage.self, cursor.map { PGTime($0.createdAt) } ?? FirstPage.time, cursor?.id ?? FirstPage.id,
                limit, logger: logger, reading: Self.publicEntry)
        }
        let cursorAt = cursor.map { PGTime($0.createdAt) }
        let cursorID = cursor?.id
        return try await client.rows(
            """
            \(unescaped: Self.publicSelect)
            WHERE e.is_public AND (\(authorID)::uuid IS NULL OR e.user_id = \(authorID))
                AND (\(cursorAt)::timestamptz IS NULL OR (e.created_at, e.id) < (\(cursorAt), \(cursorID)::uuid))
            ORDER BY e.created_at DESC, e.id DESC LIMIT \(limit)
            """, logger: logger, reading: Self.publicEntry)
    }

    func friendsEntries(viewerID: UUID, after cursor: PageCursor?, limit: Int) async throws -> [PublicJournalEntry] {
        let cursorAt = cursor.map { PGTime($0.createdAt) }
        let cursorID = cursor?.id
        return try await client.rows(
            """
            \(unescaped: Self.publicSelect)
            WHERE e.user_id IN (SELECT other_id FROM friend_links WHERE user_id = \(viewerID) AND state = 'friends')
                AND (e.is_public OR e.friends_only)
                AND (\(cursorAt)::timestamptz IS NULL OR (e.created_at, e.id) < (\(cursorAt), \(cursorID)::uuid))
            ORDER BY e.created_at DESC, e.id DESC LIMIT \(limit)
            """, logger: logger, reading: Self.publicEntry)
    }

    func tags(userID: UUID) async throws -> [(tag: String, count: Int)] {
        try await client.rows(
            """
            SELECT t.tag, count(*) AS n FROM journal_entries e, unnest(e.tags) AS t(tag)
            WHERE e.user_id = \(userID) GROUP BY t.tag ORDER BY n DESC, t.tag COLLATE "C"
            """, logger: logger
        ).map { (tag: try $0.value("tag", as: String.self), count: try $0.value("n", as: Int.self)) }
    }

    func replaceTag(userID: UUID, tag: String, with replacement: String?, at now: Date) async throws -> Int {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                let rows = try await connection.query(
                    """
                    SELECT id, tags FROM journal_entries WHERE user_id = \(userID) AND tags @> ARRAY[\(tag)::text]
                    FOR UPDATE
                    """, logger: logger
                ).collect()
                for row in rows {
                    let (id, tags) = try row.decode((UUID, [String]).self)
                    let replaced = JournalRules.replacing(tag, with: replacement, in: tags)
                    try await connection.execute(
                        """
                        UPDATE journal_entries
                        SET tags = \(replaced)::text[], updated_at = \(PGTime(now)),
                            search = to_tsvector('simple'::regconfig,
                                daybook_journal_text(title, body, \(replaced)::text[], location))
                        WHERE user_id = \(userID) AND id = \(id)
                        """, logger: logger)
                }
                return rows.count
            }
        }
    }

    func entryDates(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [LocalDate] {
        try await client.rows(
            """
            SELECT entry_date FROM journal_entries
            WHERE user_id = \(userID) AND entry_date >= \(PGDate(from)) AND entry_date <= \(PGDate(to))
            ORDER BY entry_date
            """, logger: logger
        ).map { try $0.localDate("entry_date") }
    }

    func entries(userID: UUID, on dates: [LocalDate]) async throws -> [JournalEntry] {
        guard !dates.isEmpty else { return [] }
        return try await client.rows(
            """
            \(unescaped: Self.select)
            WHERE e.user_id = \(userID) AND e.entry_date = ANY(\(dates.map(\.description))::date[])
            ORDER BY e.entry_date DESC, e.created_at DESC, e.id DESC
            """, logger: logger, reading: Self.entry)
    }

    // MARK: Rows

    static let photoArray = """
        ARRAY(SELECT p.media_id FROM journal_photos p
            WHERE p.user_id = e.user_id AND p.entry_id = e.id ORDER BY p.position) AS photo_ids
        """
    /// Every column an entry is read from (not the search vector).
    static let columns = """
        e.user_id, e.id, e.title, e.body, e.tags, e.location, e.latitude, e.longitude, e.entry_date, e.is_public,
        e.friends_only, e.created_at, e.updated_at
        """
    static let select = "SELECT \(columns), \(photoArray) FROM journal_entries e"
    static let publicSelect = """
        SELECT \(columns), \(photoArray), u.username AS author_username, u.display_name AS author_display_name,
            u.avatar_media_id AS author_avatar_media_id
        FROM journal_entries e JOIN users u ON u.id = e.user_id
        """

    static func entry(_ row: PostgresRow) throws -> JournalEntry {
        var columns = PostgresColumns(row)
        return try entry(&columns)
    }

    /// An entry from `columns` then its photos (`photoArray`), the first columns of both selects.
    static func entry(_ columns: inout PostgresColumns) throws -> JournalEntry {
        let userID: UUID = try columns.next("user_id")
        let id: UUID = try columns.next("id")
        let title: String = try columns.next("title")
        let body: String = try columns.next("body")
        let tags = try columns.strings("tags")
        let location: String = try columns.next("location")
        let latitude: Double? = try columns.next("latitude")
        let longitude: Double? = try columns.next("longitude")
        let date = try columns.localDate("entry_date")
        let isPublic: Bool = try columns.next("is_public")
        let friendsOnly: Bool = try columns.next("friends_only")
        let createdAt = try columns.time("created_at")
        let updatedAt = try columns.time("updated_at")
        return JournalEntry(
            id: id, userID: userID, title: title, body: body, tags: tags, location: location,
            coordinates: Coordinates(latitude: latitude, longitude: longitude), date: date,
            photoIDs: try columns.ids("photo_ids"),
            visibility: isPublic ? .public : friendsOnly ? .friends : .private,
            createdAt: createdAt, updatedAt: updatedAt)
    }

    static func publicEntry(_ row: PostgresRow) throws -> PublicJournalEntry {
        var columns = PostgresColumns(row)
        let entry = try entry(&columns)
        return PublicJournalEntry(
            entry: entry,
            author: JournalAuthor(
                id: entry.userID, username: try columns.next("author_username"),
                displayName: try columns.next("author_display_name"),
                avatarMediaID: try columns.next("author_avatar_media_id")))
    }
}
