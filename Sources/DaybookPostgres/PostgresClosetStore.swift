import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

/// The closet on PostgreSQL: tags and colours as `text[]` (a tag filter is one `@>` over tags,
/// colours and season together), an outfit's and a calendar day's items as rows with their
/// position, read back as ordered arrays in the same query.
struct PostgresClosetStore: ClosetStore {
    let client: PostgresClient
    let logger: Logger

    // MARK: Categories

    func categories(userID: UUID) async throws -> [ClosetCategory] {
        try await client.rows(ClosetCategoriesOfUser.self, userID, logger: logger).map {
            ClosetCategory(
                id: try $0.value("id"), userID: try $0.value("user_id"), name: try $0.value("name"),
                position: try $0.value("position"))
        }
    }

    func addDefaultCategories(userID: UUID, names: [String]) async throws {
        let ids = names.map { _ in UUID.timeOrdered() }
        let keys = names.map { $0.lowercased() }
        // Two first visits at once both pass NOT EXISTS; the unique name then keeps one of each.
        try await client.execute(
            """
            INSERT INTO closet_categories (user_id, id, name, name_key, position)
            SELECT \(userID), c.id, c.name, c.name_key, c.position - 1
            FROM unnest(\(ids)::uuid[], \(names)::text[], \(keys)::text[]) WITH ORDINALITY AS c(id, name, name_key, position)
            WHERE NOT EXISTS (SELECT 1 FROM closet_categories WHERE user_id = \(userID))
            ON CONFLICT DO NOTHING
            """, logger: logger)
    }

    func saveCategory(_ category: ClosetCategory, insert: Bool) async throws -> Bool {
        let key = category.name.lowercased()
        let updated = try await client.execute(
            """
            UPDATE closet_categories SET name = \(category.name), name_key = \(key)
            WHERE user_id = \(category.userID) AND id = \(category.id) RETURNING 1
            """, logger: logger)
        if updated > 0 { return true }
        guard insert else { return false }
        try await Self.insert(category, on: client, logger: logger)
        return true
    }

    func reorderCategories(userID: UUID, ids: [UUID]) async throws {
        try await client.execute(
            """
            UPDATE closet_categories c SET position = p.position - 1
            FROM unnest(\(ids)::uuid[]) WITH ORDINALITY AS p(id, position)
            WHERE c.user_id = \(userID) AND c.id = p.id
            """, logger: logger)
    }

    func deleteCategory(id: UUID, userID: UUID) async throws -> Bool {
        try await client.execute(
            """
            DELETE FROM closet_categories c WHERE c.user_id = \(userID) AND c.id = \(id)
                AND NOT EXISTS (SELECT 1 FROM closet_items i WHERE i.user_id = c.user_id AND i.category_id = c.id)
            RETURNING 1
            """, logger: logger) > 0
    }

    func itemCounts(userID: UUID) async throws -> [UUID: Int] {
        var counts: [UUID: Int] = [:]
        for row in try await client.rows(ClosetItemCountsByCategory.self, userID, logger: logger) {
            counts[try row.value("category_id")] = try row.value("n")
        }
        return counts
    }

    // MARK: Items

    func saveItem(_ item: ClosetItem, insert: Bool) async throws -> Bool {
        let purchase = item.purchaseDate.map(PGDate.init)
        let updated = try await client.execute(
            """
            UPDATE closet_items SET category_id = \(item.categoryID), name = \(item.name), tags = \(item.tags)::text[],
                colors = \(item.colors)::text[], photo_id = \(item.photoID), brand = \(item.brand), size = \(item.size),
                season = \(item.season), purchase_date = \(purchase), price_cents = \(item.priceCents),
                notes = \(item.notes), search_text = \(item.searchText), updated_at = \(PGTime(item.updatedAt)),
                search = to_tsvector('simple'::regconfig,
                    daybook_item_text(\(item.name), \(item.brand), \(item.notes), \(item.tags)::text[]))
            WHERE user_id = \(item.userID) AND id = \(item.id) RETURNING 1
            """, logger: logger)
        if updated > 0 { return true }
        guard insert else { return false }
        try await Self.insert(item, on: client, logger: logger)
        return true
    }

    func item(id: UUID, userID: UUID) async throws -> ClosetItem? {
        try await withWear(
            client.rows("SELECT i.* FROM closet_items i WHERE i.user_id = \(userID) AND i.id = \(id)", logger: logger),
            userID: userID
        ).first
    }

    func items(ids: [UUID], userID: UUID) async throws -> [ClosetItem] {
        guard !ids.isEmpty else { return [] }
        return try await withWear(
            client.rows(
                "SELECT i.* FROM closet_items i WHERE i.user_id = \(userID) AND i.id = ANY(\(ids)::uuid[])",
                logger: logger), userID: userID)
    }

    func items(userID: UUID, query: ClosetItemQuery) async throws -> [ClosetItem] {
        // The closet's first look and its usual search (newest first, at most one tag, nothing
        // else) are prepared statements; PostgreSQL planned this general one on every request.
        if query.sort == .newest, query.categoryID == nil, query.words.isEmpty, query.notWornSince == nil {
            switch query.tags.count {
            case 0:
                return try await withWear(
                    client.rows(
                        ClosetItemsNewest.self, userID, query.archived, query.limit, query.offset, logger: logger),
                    userID: userID)
            case 1:
                return try await withWear(
                    client.rows(
                        ClosetItemsNewestWithTag.self, userID, query.tags[0], query.archived, query.limit,
                        query.offset, logger: logger), userID: userID)
            default:
                break
            }
        }
        let order =
            switch query.sort {
            case .newest: "i.created_at DESC, i.id DESC"
            case .name: "i.search_text COLLATE \"C\", i.id"
            case .leastWorn: "coalesce(w.n, 0), w.last NULLS FIRST, i.search_text COLLATE \"C\", i.id"
            }
        // Every tag must match: an item's rows of `closet_item_tags` are counted, once per tag.
        let tags = query.tags.uniqued()
        let sinceDate = query.notWornSince.map { PGDate($0.date) }
        let addedBefore = query.notWornSince.map { PGTime($0.addedBefore) }
        // Sorting or filtering by wear needs every item's wear first; otherwise it is read for the
        // page's rows only.
        let byWear = query.sort == .leastWorn || query.notWornSince != nil
        let from =
            byWear
            ? """
            closet_items i LEFT JOIN (
                SELECT di.item_id, count(*) AS n, max(di.date) AS last
                FROM outfit_day_items di JOIN outfit_days d ON d.user_id = di.user_id AND d.date = di.date
                WHERE di.user_id = '\(userID.lowercasedString)' AND d.status = 'worn' GROUP BY di.item_id
            ) w ON w.item_id = i.id
            """
            // No wear needed: `w` is an empty stand-in, so the conditions read the same.
            : "closet_items i LEFT JOIN (SELECT NULL::uuid AS item_id, 0::bigint AS n, NULL::date AS last) w ON false"
        let rows = try await client.rows(
            """
            SELECT i.* FROM \(unescaped: from)
            WHERE i.user_id = \(userID)
                AND (i.archived_reason IS NOT NULL) = \(query.archived)
                AND (\(query.categoryID)::uuid IS NULL OR i.category_id = \(query.categoryID))
                AND (cardinality(\(tags)::text[]) = 0 OR i.id IN (
                    SELECT item_id FROM closet_item_tags WHERE user_id = \(userID) AND tag = ANY(\(tags)::text[])
                    GROUP BY item_id HAVING count(*) = cardinality(\(tags)::text[])))
                AND NOT EXISTS (SELECT 1 FROM unnest(\(query.words)::text[]) AS q(word) WHERE strpos(i.search_text, q.word) = 0)
                AND (\(sinceDate)::date IS NULL OR w.last < \(sinceDate) OR (w.last IS NULL AND i.created_at < \(addedBefore)))
            ORDER BY \(unescaped: order) LIMIT \(query.limit) OFFSET \(query.offset)
            """, logger: logger)
        return try await withWear(rows, userID: userID)
    }

    func deleteItem(id: UUID, userID: UUID) async throws -> ClosetItem? {
        // Read with its wear before the delete cascades the calendar's rows away.
        guard let item = try await item(id: id, userID: userID) else { return nil }
        let deleted = try await client.execute(
            "DELETE FROM closet_items WHERE user_id = \(userID) AND id = \(id) RETURNING 1", logger: logger)
        return deleted > 0 ? item : nil
    }

    func archiveItem(id: UUID, userID: UUID, reason: ArchiveReason?, at: Date) async throws -> Bool {
        try await client.execute(
            """
            UPDATE closet_items SET archived_reason = \(reason?.rawValue), updated_at = \(PGTime(at))
            WHERE user_id = \(userID) AND id = \(id) RETURNING 1
            """, logger: logger) > 0
    }

    func itemTags(userID: UUID) async throws -> [(tag: String, count: Int)] {
        try await client.rows(
            """
            SELECT t.tag, count(*) AS n FROM closet_items i, unnest(i.tags) AS t(tag)
            WHERE i.user_id = \(userID) GROUP BY t.tag ORDER BY n DESC, t.tag COLLATE "C"
            """, logger: logger
        ).map { (tag: try $0.value("tag", as: String.self), count: try $0.value("n", as: Int.self)) }
    }

    // MARK: Outfits

    func saveOutfit(_ outfit: Outfit, insert: Bool) async throws -> Bool {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                let updated = try await connection.execute(
                    """
                    UPDATE outfits SET name = \(outfit.name), photo_id = \(outfit.photoID),
                        updated_at = \(PGTime(outfit.updatedAt))
                    WHERE user_id = \(outfit.userID) AND id = \(outfit.id) RETURNING 1
                    """, logger: logger)
                if updated > 0 {
                    try await connection.execute(
                        "DELETE FROM outfit_items WHERE user_id = \(outfit.userID) AND outfit_id = \(outfit.id)",
                        logger: logger)
                    try await Self.insertItems(of: outfit, on: connection, logger: logger)
                } else {
                    guard insert else { return false }
                    try await Self.insert(outfit, on: connection, logger: logger)
                }
                return true
            }
        }
    }

    func outfit(id: UUID, userID: UUID) async throws -> Outfit? {
        try await client.rows(
            "\(unescaped: Self.outfitSelect) WHERE o.user_id = \(userID) AND o.id = \(id)", logger: logger
        ).first.map(Self.outfit)
    }

    func outfits(userID: UUID, offset: Int, limit: Int) async throws -> [Outfit] {
        try await client.rows(
            """
            \(unescaped: Self.outfitSelect) WHERE o.user_id = \(userID)
            ORDER BY o.created_at DESC, o.id DESC LIMIT \(limit) OFFSET \(offset)
            """, logger: logger
        ).map(Self.outfit)
    }

    func deleteOutfit(id: UUID, userID: UUID) async throws -> Outfit? {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                guard
                    let outfit = try await connection.rows(
                        "\(unescaped: Self.outfitSelect) WHERE o.user_id = \(userID) AND o.id = \(id) FOR UPDATE",
                        logger: logger
                    ).first.map(Self.outfit)
                else { return nil }
                try await connection.execute(
                    "UPDATE outfit_days SET outfit_id = NULL WHERE user_id = \(userID) AND outfit_id = \(id)",
                    logger: logger)
                try await connection.execute(
                    "DELETE FROM outfits WHERE user_id = \(userID) AND id = \(id)", logger: logger)
                return outfit
            }
        }
    }

    // MARK: Calendar

    func putDay(_ day: OutfitDay) async throws {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                _ = try await Self.put(day, replacing: true, on: connection, logger: logger)
            }
        }
    }

    // MARK: Writing (also used by imports, inside their transaction)

    static func insert(_ category: ClosetCategory, on db: some PostgresRowReading, logger: Logger) async throws {
        try await db.execute(
            """
            INSERT INTO closet_categories (user_id, id, name, name_key, position)
            VALUES (\(category.userID), \(category.id), \(category.name), \(category.name.lowercased()),
                \(category.position))
            """, logger: logger)
    }

    static func insert(_ item: ClosetItem, on db: some PostgresRowReading, logger: Logger) async throws {
        try await db.execute(
            """
            INSERT INTO closet_items (user_id, id, category_id, name, tags, colors, photo_id, brand, size, season,
                purchase_date, price_cents, notes, search_text, archived_reason, created_at, updated_at, search)
            VALUES (\(item.userID), \(item.id), \(item.categoryID), \(item.name), \(item.tags)::text[],
                \(item.colors)::text[], \(item.photoID), \(item.brand), \(item.size), \(item.season),
                \(item.purchaseDate.map(PGDate.init)), \(item.priceCents), \(item.notes), \(item.searchText),
                \(item.archivedReason?.rawValue), \(PGTime(item.createdAt)), \(PGTime(item.updatedAt)),
                to_tsvector('simple'::regconfig,
                    daybook_item_text(\(item.name), \(item.brand), \(item.notes), \(item.tags)::text[])))
            """, logger: logger)
    }

    /// A new outfit with its items (call inside a transaction).
    static func insert(_ outfit: Outfit, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.execute(
            """
            INSERT INTO outfits (user_id, id, name, photo_id, created_at, updated_at)
            VALUES (\(outfit.userID), \(outfit.id), \(outfit.name), \(outfit.photoID),
                \(PGTime(outfit.createdAt)), \(PGTime(outfit.updatedAt)))
            """, logger: logger)
        try await insertItems(of: outfit, on: connection, logger: logger)
    }

    private static func insertItems(of outfit: Outfit, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        try await connection.execute(
            """
            INSERT INTO outfit_items (user_id, outfit_id, position, item_id)
            SELECT \(outfit.userID), \(outfit.id), p.position - 1, p.item_id
            FROM unnest(\(outfit.itemIDs)::uuid[]) WITH ORDINALITY AS p(item_id, position)
            """, logger: logger)
    }

    /// Writes a calendar day with its items (call inside a transaction). With `replacing`, what
    /// the date had is replaced; without, a date that has something keeps it (and false is returned).
    static func put(_ day: OutfitDay, replacing: Bool, on connection: PostgresConnection, logger: Logger)
        async throws -> Bool
    {
        let date = PGDate(day.date)
        let conflict =
            replacing
            ? """
            DO UPDATE SET status = excluded.status, outfit_id = excluded.outfit_id, note = excluded.note,
                updated_at = excluded.updated_at
            """ : "DO NOTHING"
        let written = try await connection.execute(
            """
            INSERT INTO outfit_days (user_id, date, status, outfit_id, note, updated_at)
            VALUES (\(day.userID), \(date), \(day.status.rawValue), \(day.outfitID), \(day.note),
                \(PGTime(day.updatedAt)))
            ON CONFLICT (user_id, date) \(unescaped: conflict) RETURNING 1
            """, logger: logger)
        guard written > 0 else { return false }
        if replacing {
            try await connection.execute(
                "DELETE FROM outfit_day_items WHERE user_id = \(day.userID) AND date = \(date)", logger: logger)
        }
        try await connection.execute(
            """
            INSERT INTO outfit_day_items (user_id, date, position, item_id)
            SELECT \(day.userID), \(date), p.position - 1, p.item_id
            FROM unnest(\(day.itemIDs)::uuid[]) WITH ORDINALITY AS p(item_id, position)
            """, logger: logger)
        return true
    }

    func day(userID: UUID, date: LocalDate) async throws -> OutfitDay? {
        try await client.rows(
            "\(unescaped: Self.daySelect) WHERE d.user_id = \(userID) AND d.date = \(PGDate(date))", logger: logger
        ).first.map(Self.day)
    }

    func days(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [OutfitDay] {
        try await client.rows(
            """
            \(unescaped: Self.daySelect)
            WHERE d.user_id = \(userID) AND d.date BETWEEN \(PGDate(from)) AND \(PGDate(to)) ORDER BY d.date
            """, logger: logger
        ).map(Self.day)
    }

    func deleteDay(userID: UUID, date: LocalDate) async throws -> Bool {
        try await client.execute(
            "DELETE FROM outfit_days WHERE user_id = \(userID) AND date = \(PGDate(date)) RETURNING 1", logger: logger)
            > 0
    }

    func moodsByWear(userID: UUID, of target: WearTarget) async throws -> [(mood: Int, worn: Bool)] {
        let query: PostgresQuery
        switch target {
        case .item(let item):
            query = """
                SELECT e.mood, EXISTS (
                    SELECT 1 FROM outfit_day_items di JOIN outfit_days d ON d.user_id = di.user_id AND d.date = di.date
                    WHERE di.user_id = e.user_id AND di.date = e.date AND di.item_id = \(item) AND d.status = 'worn'
                ) AS worn
                FROM day_entries e WHERE e.user_id = \(userID)
                """
        case .outfit(let outfit):
            query = """
                SELECT e.mood, EXISTS (
                    SELECT 1 FROM outfit_days d
                    WHERE d.user_id = e.user_id AND d.date = e.date AND d.outfit_id = \(outfit) AND d.status = 'worn'
                ) AS worn
                FROM day_entries e WHERE e.user_id = \(userID)
                """
        }
        return try await client.rows(query, logger: logger).map {
            (mood: try $0.value("mood", as: Int.self), worn: try $0.value("worn", as: Bool.self))
        }
    }

    // MARK: Rows

    /// Items from `closet_items` rows, with their wear read in one grouped query for just those
    /// items (through `outfit_day_items_by_item`).
    func withWear(_ rows: [PostgresRandomAccessRow], userID: UUID) async throws -> [ClosetItem] {
        guard !rows.isEmpty else { return [] }
        let ids: [UUID] = try rows.map { try $0.value("id") }
        var wear: [UUID: WearSummary] = [:]
        for row in try await client.rows(ClosetWearOfItems.self, userID, ids, logger: logger) {
            wear[try row.value("item_id")] = WearSummary(
                count: try row.value("n"), lastWorn: try row.value("last", as: PGDate?.self)?.date)
        }
        return try rows.map { row in try Self.item(row, wear: wear[try row.value("id")] ?? WearSummary()) }
    }

    static func item(_ row: PostgresRandomAccessRow, wear: WearSummary) throws -> ClosetItem {
        ClosetItem(
            id: try row.value("id"), userID: try row.value("user_id"), name: try row.value("name"),
            categoryID: try row.value("category_id"), tags: try row.value("tags"), colors: try row.value("colors"),
            photoID: try row.value("photo_id"), brand: try row.value("brand"), size: try row.value("size"),
            season: try row.value("season"), purchaseDate: try row.value("purchase_date", as: PGDate?.self)?.date,
            priceCents: try row.value("price_cents"), notes: try row.value("notes"),
            archivedReason: try row.value("archived_reason", as: String?.self).flatMap(ArchiveReason.init(rawValue:)),
            createdAt: try row.time("created_at"), updatedAt: try row.time("updated_at"), wear: wear)
    }

    static let outfitSelect = """
        SELECT o.*,
            ARRAY(SELECT oi.item_id FROM outfit_items oi WHERE oi.user_id = o.user_id AND oi.outfit_id = o.id
                ORDER BY oi.position) AS item_ids,
            (SELECT count(*) FROM outfit_days d WHERE d.user_id = o.user_id AND d.outfit_id = o.id
                AND d.status = 'worn') AS worn_count,
            (SELECT max(d.date) FROM outfit_days d WHERE d.user_id = o.user_id AND d.outfit_id = o.id
                AND d.status = 'worn') AS last_worn
        FROM outfits o
        """

    static func outfit(_ row: PostgresRandomAccessRow) throws -> Outfit {
        Outfit(
            id: try row.value("id"), userID: try row.value("user_id"), name: try row.value("name"),
            itemIDs: try row.value("item_ids"), photoID: try row.value("photo_id"),
            createdAt: try row.time("created_at"), updatedAt: try row.time("updated_at"),
            wear: WearSummary(
                count: try row.value("worn_count"), lastWorn: try row.value("last_worn", as: PGDate?.self)?.date))
    }

    static let daySelect = """
        SELECT d.*, ARRAY(SELECT di.item_id FROM outfit_day_items di WHERE di.user_id = d.user_id AND di.date = d.date
            ORDER BY di.position) AS item_ids
        FROM outfit_days d
        """

    static func day(_ row: PostgresRandomAccessRow) throws -> OutfitDay {
        OutfitDay(
            userID: try row.value("user_id"), date: try row.localDate("date"),
            status: OutfitDayStatus(rawValue: try row.value("status")) ?? .planned,
            outfitID: try row.value("outfit_id"),
            itemIDs: try row.value("item_ids"), note: try row.value("note"), updatedAt: try row.time("updated_at"))
    }
}
