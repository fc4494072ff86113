import DaybookCore
import DaybookStorage
import Foundation
import GRDB

/// The closet on SQLite. Tags and colours are JSON arrays in their item's row (a closet is a few
/// hundred items: filtering them with `json_each` takes well under a millisecond); an outfit's
/// items and a calendar day's items are rows of their own, with their position.
struct SQLiteClosetStore: ClosetStore {
    let database: SQLiteDatabase

    // MARK: Categories

    func categories(userID: UUID) async throws -> [ClosetCategory] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql:
                        "SELECT id, user_id, name, position FROM closet_categories WHERE user_id = ? ORDER BY position, name_key"
                ), arguments: [Stored.id(userID)]
            ).map { ClosetCategory(id: $0.uuid(0), userID: $0.uuid(1), name: $0[2], position: $0[3]) }
        }
    }

    func addDefaultCategories(userID: UUID, names: [String]) async throws {
        try await database.write { db in
            let user = Stored.id(userID)
            let any = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT 1 FROM closet_categories WHERE user_id = ? LIMIT 1"), arguments: [user])
            guard any == nil else { return }
            for (position, name) in names.enumerated() {
                try db.cachedStatement(
                    sql: "INSERT INTO closet_categories (user_id, id, name, name_key, position) VALUES (?, ?, ?, ?, ?)"
                ).execute(arguments: [user, Stored.id(UUID.timeOrdered()), name, name.lowercased(), position])
            }
        }
    }

    func saveCategory(_ category: ClosetCategory, insert: Bool) async throws -> Bool {
        try await mapConflicts {
            try await database.write { db in
                let arguments: StatementArguments = [
                    category.name, category.name.lowercased(), Stored.id(category.userID), Stored.id(category.id),
                ]
                try db.cachedStatement(
                    sql: "UPDATE closet_categories SET name = ?, name_key = ? WHERE user_id = ? AND id = ?"
                ).execute(arguments: arguments)
                if db.changesCount > 0 { return true }
                guard insert else { return false }
                try Self.insert(category, in: db)
                return true
            }
        }
    }

    func reorderCategories(userID: UUID, ids: [UUID]) async throws {
        try await database.write { db in
            for (position, id) in ids.enumerated() {
                try db.cachedStatement(sql: "UPDATE closet_categories SET position = ? WHERE user_id = ? AND id = ?")
                    .execute(arguments: [position, Stored.id(userID), Stored.id(id)])
            }
        }
    }

    func deleteCategory(id: UUID, userID: UUID) async throws -> Bool {
        try await database.write { db in
            let arguments: StatementArguments = [Stored.id(userID), Stored.id(id)]
            let used = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT 1 FROM closet_items WHERE user_id = ? AND category_id = ? LIMIT 1"),
                arguments: arguments)
            guard used == nil else { return false }
            try db.cachedStatement(sql: "DELETE FROM closet_categories WHERE user_id = ? AND id = ?").execute(
                arguments: arguments)
            return db.changesCount > 0
        }
    }

    func itemCounts(userID: UUID) async throws -> [UUID: Int] {
        try database.read { db in
            var counts: [UUID: Int] = [:]
            for row in try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT category_id, count(*) FROM closet_items
                        WHERE user_id = ? AND archived_reason IS NULL GROUP BY category_id
                        """), arguments: [Stored.id(userID)])
            {
                counts[row.uuid(0)] = row[1]
            }
            return counts
        }
    }

    // MARK: Items

    func saveItem(_ item: ClosetItem, insert: Bool) async throws -> Bool {
        try await mapConflicts {
            try await database.write { db in
                let values: [(any DatabaseValueConvertible)?] = [
                    Stored.id(item.categoryID), item.name, Stored.strings(item.tags), Stored.strings(item.colors),
                    Stored.optionalID(item.photoID), item.brand, item.size, item.season,
                    item.purchaseDate?.description, item.priceCents, item.notes, item.searchText,
                    Stored.time(item.updatedAt),
                ]
                try db.cachedStatement(
                    sql: """
                        UPDATE closet_items SET category_id = ?, name = ?, tags = ?, colors = ?, photo_id = ?,
                            brand = ?, size = ?, season = ?, purchase_date = ?, price_cents = ?, notes = ?,
                            search_text = ?, updated_at = ?
                        WHERE user_id = ? AND id = ?
                        """
                ).execute(arguments: StatementArguments(values + [Stored.id(item.userID), Stored.id(item.id)]))
                if db.changesCount > 0 { return true }
                guard insert else { return false }
                try Self.insert(item, in: db)
                return true
            }
        }
    }

    func item(id: UUID, userID: UUID) async throws -> ClosetItem? {
        try database.read { db in
            try Self.items(db, userID: userID, where: "i.id = ?", arguments: [Stored.id(id)]).first
        }
    }

    func items(ids: [UUID], userID: UUID) async throws -> [ClosetItem] {
        guard !ids.isEmpty else { return [] }
        return try database.read { db in
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            return try Self.items(db, userID: userID, where: "i.id IN (\(marks))", arguments: ids.map(Stored.id))
        }
    }

    func items(userID: UUID, query: ClosetItemQuery) async throws -> [ClosetItem] {
        try database.read { db in
            var conditions = [query.archived ? "i.archived_reason IS NOT NULL" : "i.archived_reason IS NULL"]
            var arguments: [(any DatabaseValueConvertible)?] = []
            if let category = query.categoryID {
                conditions.append("i.category_id = ?")
                arguments.append(Stored.id(category))
            }
            // A tag matches an item's tags, colours or season: `closet_item_tags` holds all three.
            // The first tag's rows lead (CROSS JOIN keeps that order: without statistics SQLite
            // would walk every item by date and look each up), the others are looked up.
            for (index, tag) in query.tags.enumerated() {
                if index == 0 {
                    conditions.append("t.user_id = ? AND t.tag = ?")
                } else {
                    conditions.append("i.id IN (SELECT item_id FROM closet_item_tags WHERE user_id = ? AND tag = ?)")
                }
                arguments += [Stored.id(userID), tag]
            }
            for word in query.words {
                conditions.append("instr(i.search_text, ?) > 0")
                arguments.append(word)
            }
            // Sorting or filtering by wear needs every item's wear first; otherwise it is read only
            // for the page's rows.
            let byWear = query.sort == .leastWorn || query.notWornSince != nil
            if let since = query.notWornSince {
                conditions.append("(w.last < ? OR (w.last IS NULL AND i.created_at < ?))")
                arguments += [since.date.description, Stored.time(since.addedBefore)]
            }
            let order =
                switch query.sort {
                case .newest: "i.created_at DESC, i.id DESC"
                case .name: "i.search_text, i.id"
                case .leastWorn: "coalesce(w.n, 0), w.last NULLS FIRST, i.search_text, i.id"
                }
            arguments += [query.limit, query.offset]
            return try Self.items(
                db, userID: userID,
                where: conditions.joined(separator: " AND ") + " ORDER BY \(order) LIMIT ? OFFSET ?",
                arguments: arguments, byTag: !query.tags.isEmpty, wearFirst: byWear)
        }
    }

    func deleteItem(id: UUID, userID: UUID) async throws -> ClosetItem? {
        try await database.write { db in
            guard let item = try Self.items(db, userID: userID, where: "i.id = ?", arguments: [Stored.id(id)]).first
            else { return nil }
            // outfit_items and outfit_day_items go by ON DELETE CASCADE.
            try db.cachedStatement(sql: "DELETE FROM closet_items WHERE user_id = ? AND id = ?").execute(arguments: [
                Stored.id(userID), Stored.id(id),
            ])
            return item
        }
    }

    func archiveItem(id: UUID, userID: UUID, reason: ArchiveReason?, at: Date) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(
                sql: "UPDATE closet_items SET archived_reason = ?, updated_at = ? WHERE user_id = ? AND id = ?"
            ).execute(arguments: [reason?.rawValue, Stored.time(at), Stored.id(userID), Stored.id(id)])
            return db.changesCount > 0
        }
    }

    func itemTags(userID: UUID) async throws -> [(tag: String, count: Int)] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT t.value, count(*) AS n FROM closet_items i, json_each(i.tags) t
                        WHERE i.user_id = ? GROUP BY t.value ORDER BY n DESC, t.value
                        """), arguments: [Stored.id(userID)]
            ).map { (tag: $0[0], count: $0[1]) }
        }
    }

    // MARK: Outfits

    func saveOutfit(_ outfit: Outfit, insert: Bool) async throws -> Bool {
        try await mapConflicts {
            try await database.write { db in
                let user = Stored.id(outfit.userID)
                let id = Stored.id(outfit.id)
                try db.cachedStatement(
                    sql: "UPDATE outfits SET name = ?, photo_id = ?, updated_at = ? WHERE user_id = ? AND id = ?"
                ).execute(arguments: [
                    outfit.name, Stored.optionalID(outfit.photoID), Stored.time(outfit.updatedAt), user, id,
                ])
                if db.changesCount > 0 {
                    try db.cachedStatement(sql: "DELETE FROM outfit_items WHERE user_id = ? AND outfit_id = ?")
                        .execute(arguments: [user, id])
                    try Self.insertItems(of: outfit, in: db)
                } else {
                    guard insert else { return false }
                    try Self.insert(outfit, in: db)
                }
                return true
            }
        }
    }

    func outfit(id: UUID, userID: UUID) async throws -> Outfit? {
        try database.readSnapshot { db in
            try Self.outfits(db, where: "o.user_id = ? AND o.id = ?", arguments: [Stored.id(userID), Stored.id(id)])
                .first
        }
    }

    func outfits(userID: UUID, offset: Int, limit: Int) async throws -> [Outfit] {
        try database.readSnapshot { db in
            try Self.outfits(
                db, where: "o.user_id = ? ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?",
                arguments: [Stored.id(userID), limit, offset])
        }
    }

    func deleteOutfit(id: UUID, userID: UUID) async throws -> Outfit? {
        try await database.write { db in
            let arguments: StatementArguments = [Stored.id(userID), Stored.id(id)]
            guard let outfit = try Self.outfits(db, where: "o.user_id = ? AND o.id = ?", arguments: arguments).first
            else { return nil }
            try db.cachedStatement(sql: "UPDATE outfit_days SET outfit_id = NULL WHERE user_id = ? AND outfit_id = ?")
                .execute(arguments: arguments)
            try db.cachedStatement(sql: "DELETE FROM outfits WHERE user_id = ? AND id = ?").execute(
                arguments: arguments)
            return outfit
        }
    }

    // MARK: Calendar

    func putDay(_ day: OutfitDay) async throws {
        try await database.write { db in _ = try Self.put(day, replacing: true, in: db) }
    }

    func day(userID: UUID, date: LocalDate) async throws -> OutfitDay? {
        try database.readSnapshot { db in
            try Self.days(db, where: "user_id = ? AND date = ?", arguments: [Stored.id(userID), date.description])
                .first
        }
    }

    func days(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [OutfitDay] {
        try database.readSnapshot { db in
            try Self.days(
                db, where: "user_id = ? AND date >= ? AND date <= ? ORDER BY date",
                arguments: [Stored.id(userID), from.description, to.description])
        }
    }

    func deleteDay(userID: UUID, date: LocalDate) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM outfit_days WHERE user_id = ? AND date = ?").execute(
                arguments: [Stored.id(userID), date.description])
            return db.changesCount > 0
        }
    }

    func moodsByWear(userID: UUID, of target: WearTarget) async throws -> [(mood: Int, worn: Bool)] {
        let worn: String
        let id: UUID
        switch target {
        case .item(let item):
            worn = """
                EXISTS (SELECT 1 FROM outfit_day_items di JOIN outfit_days d ON d.user_id = di.user_id AND d.date = di.date
                    WHERE di.user_id = e.user_id AND di.date = e.date AND di.item_id = ? AND d.status = 'worn')
                """
            id = item
        case .outfit(let outfit):
            worn = """
                EXISTS (SELECT 1 FROM outfit_days d
                    WHERE d.user_id = e.user_id AND d.date = e.date AND d.outfit_id = ? AND d.status = 'worn')
                """
            id = outfit
        }
        return try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT e.mood, \(worn) FROM day_entries e WHERE e.user_id = ?"),
                arguments: [Stored.id(id), Stored.id(userID)]
            ).map { (mood: $0[0], worn: $0[1]) }
        }
    }

    // MARK: Writing (also used by imports, inside their transaction)

    static func insert(_ category: ClosetCategory, in db: Database) throws {
        try db.cachedStatement(
            sql: "INSERT INTO closet_categories (user_id, id, name, name_key, position) VALUES (?, ?, ?, ?, ?)"
        ).execute(arguments: [
            Stored.id(category.userID), Stored.id(category.id), category.name, category.name.lowercased(),
            category.position,
        ])
    }

    static func insert(_ item: ClosetItem, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO closet_items (user_id, id, category_id, name, tags, colors, photo_id, brand, size, season,
                    purchase_date, price_cents, notes, search_text, archived_reason, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            Stored.id(item.userID), Stored.id(item.id), Stored.id(item.categoryID), item.name,
            Stored.strings(item.tags), Stored.strings(item.colors), Stored.optionalID(item.photoID), item.brand,
            item.size, item.season, item.purchaseDate?.description, item.priceCents, item.notes, item.searchText,
            item.archivedReason?.rawValue, Stored.time(item.createdAt), Stored.time(item.updatedAt),
        ])
    }

    /// A new outfit with its items.
    static func insert(_ outfit: Outfit, in db: Database) throws {
        try db.cachedStatement(
            sql: "INSERT INTO outfits (user_id, id, name, photo_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [
            Stored.id(outfit.userID), Stored.id(outfit.id), outfit.name, Stored.optionalID(outfit.photoID),
            Stored.time(outfit.createdAt), Stored.time(outfit.updatedAt),
        ])
        try insertItems(of: outfit, in: db)
    }

    private static func insertItems(of outfit: Outfit, in db: Database) throws {
        for (position, item) in outfit.itemIDs.enumerated() {
            try db.cachedStatement(
                sql: "INSERT INTO outfit_items (user_id, outfit_id, position, item_id) VALUES (?, ?, ?, ?)"
            ).execute(arguments: [Stored.id(outfit.userID), Stored.id(outfit.id), position, Stored.id(item)])
        }
    }

    /// Writes a calendar day with its items. With `replacing`, what the date had is replaced;
    /// without, a date that has something keeps it (and false is returned).
    static func put(_ day: OutfitDay, replacing: Bool, in db: Database) throws -> Bool {
        let user = Stored.id(day.userID)
        let date = day.date.description
        let conflict =
            replacing
            ? """
            DO UPDATE SET status = excluded.status, outfit_id = excluded.outfit_id, note = excluded.note,
                updated_at = excluded.updated_at
            """ : "DO NOTHING"
        try db.cachedStatement(
            sql: """
                INSERT INTO outfit_days (user_id, date, status, outfit_id, note, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id, date) \(conflict)
                """
        ).execute(arguments: [
            user, date, day.status.rawValue, Stored.optionalID(day.outfitID), day.note, Stored.time(day.updatedAt),
        ])
        guard db.changesCount > 0 else { return false }
        if replacing {
            try db.cachedStatement(sql: "DELETE FROM outfit_day_items WHERE user_id = ? AND date = ?").execute(
                arguments: [user, date])
        }
        for (position, item) in day.itemIDs.enumerated() {
            try db.cachedStatement(
                sql: "INSERT INTO outfit_day_items (user_id, date, position, item_id) VALUES (?, ?, ?, ?)"
            ).execute(arguments: [user, date, position, Stored.id(item)])
        }
        return true
    }

    // MARK: Rows

    static let itemColumns = """
        i.id, i.user_id, i.category_id, i.name, i.tags, i.colors, i.photo_id, i.brand, i.size, i.season,
        i.purchase_date, i.price_cents, i.notes, i.archived_reason, i.created_at, i.updated_at
        """

    /// The user's items matching `condition` (which may end in ORDER BY and LIMIT), with their
    /// wear. By default the wear is read afterwards for the returned rows only, in one grouped
    /// query through `outfit_day_items_by_item`: a page of 30 costs 30 short index ranges, not an
    /// aggregate over every worn day. With `wearFirst`, every item's wear is aggregated first, for
    /// conditions and orders that use it (`w.n`, `w.last`).
    static func items(
        _ db: Database, userID: UUID, where condition: String, arguments: [(any DatabaseValueConvertible)?],
        byTag: Bool = false, wearFirst: Bool = false
    ) throws -> [ClosetItem] {
        let user = Stored.id(userID)
        // `byTag`: the items are reached from the rows of one tag, `t`, which `condition` names.
        let source =
            byTag
            ? "closet_item_tags t CROSS JOIN closet_items i ON i.user_id = t.user_id AND i.id = t.item_id"
            : "closet_items i"
        if wearFirst {
            let sql = """
                SELECT \(itemColumns), coalesce(w.n, 0), w.last
                FROM \(source) LEFT JOIN (
                    SELECT di.item_id, count(*) AS n, max(di.date) AS last
                    FROM outfit_day_items di JOIN outfit_days d ON d.user_id = di.user_id AND d.date = di.date
                    WHERE di.user_id = ? AND d.status = 'worn' GROUP BY di.item_id
                ) w ON w.item_id = i.id
                WHERE i.user_id = ? AND \(condition)
                """
            return try Row.fetchAll(
                db.cachedStatement(sql: sql), arguments: StatementArguments([user, user] + arguments)
            ).map { item($0, wear: WearSummary(count: $0[16], lastWorn: ($0[17] as String?).flatMap(LocalDate.init))) }
        }
        var items = try Row.all(
            db.cachedStatement(sql: "SELECT \(itemColumns) FROM \(source) WHERE i.user_id = ? AND \(condition)"),
            arguments: StatementArguments([user] + arguments)
        ) { item($0, wear: WearSummary()) }
        guard !items.isEmpty else { return [] }
        let ids = items.map { Stored.id($0.id) }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        var wear: [String: WearSummary] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT di.item_id, count(*), max(di.date)
                    FROM outfit_day_items di JOIN outfit_days d ON d.user_id = di.user_id AND d.date = di.date
                    WHERE di.user_id = ? AND di.item_id IN (\(marks)) AND d.status = 'worn' GROUP BY di.item_id
                    """), arguments: StatementArguments([user] + ids))
        {
            wear[row[0]] = WearSummary(count: row[1], lastWorn: (row[2] as String?).flatMap(LocalDate.init))
        }
        for index in items.indices { items[index].wear = wear[ids[index]] ?? WearSummary() }
        return items
    }

    /// An item from the columns of `itemColumns`, with its wear.
    static func item(_ row: some StoredColumns, wear: WearSummary) -> ClosetItem {
        ClosetItem(
            id: row.uuid(0), userID: row.uuid(1), name: row.text(3), categoryID: row.uuid(2), tags: row.strings(4),
            colors: row.strings(5), photoID: row.optionalUUID(6), brand: row.text(7), size: row.text(8),
            season: row.text(9), purchaseDate: row.optionalText(10).flatMap(LocalDate.init),
            priceCents: row.optionalInt(11), notes: row.text(12),
            archivedReason: row.optionalText(13).flatMap(ArchiveReason.init(rawValue:)), createdAt: row.time(14),
            updatedAt: row.time(15), wear: wear)
    }

    /// Outfits from `outfits o` rows matching `condition`, each with its items in order and its wear.
    static func outfits(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [Outfit] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT o.id, o.user_id, o.name, o.photo_id, o.created_at, o.updated_at,
                        (SELECT count(*) FROM outfit_days d WHERE d.user_id = o.user_id AND d.outfit_id = o.id
                            AND d.status = 'worn'),
                        (SELECT max(d.date) FROM outfit_days d WHERE d.user_id = o.user_id AND d.outfit_id = o.id
                            AND d.status = 'worn')
                    FROM outfits o WHERE \(condition)
                    """), arguments: arguments)
        guard let first = rows.first else { return [] }
        let ids: [String] = rows.map { $0[0] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        var items: [String: [UUID]] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT outfit_id, item_id FROM outfit_items WHERE user_id = ? AND outfit_id IN (\(marks))
                    ORDER BY outfit_id, position
                    """), arguments: StatementArguments([first[1] as String] + ids))
        {
            items[row[0], default: []].append(row.uuid(1))
        }
        return rows.map { row in
            let last: String? = row[7]
            return Outfit(
                id: row.uuid(0), userID: row.uuid(1), name: row[2], itemIDs: items[row[0]] ?? [],
                photoID: row.optionalUUID(3), createdAt: row.time(4), updatedAt: row.time(5),
                wear: WearSummary(count: row[6], lastWorn: last.flatMap(LocalDate.init)))
        }
    }

    static func days(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [OutfitDay] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT user_id, date, status, outfit_id, note, updated_at FROM outfit_days WHERE \(condition)"),
            arguments: arguments)
        guard let first = rows.first else { return [] }
        let dates: [String] = rows.map { $0[1] }
        let marks = Array(repeating: "?", count: dates.count).joined(separator: ", ")
        var items: [String: [UUID]] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT date, item_id FROM outfit_day_items WHERE user_id = ? AND date IN (\(marks))
                    ORDER BY date, position
                    """), arguments: StatementArguments([first[0] as String] + dates))
        {
            items[row[0], default: []].append(row.uuid(1))
        }
        return rows.map { row in
            OutfitDay(
                userID: row.uuid(0), date: row.localDate(1),
                status: OutfitDayStatus(rawValue: row[2]) ?? .planned, outfitID: row.optionalUUID(3),
                itemIDs: items[row[1]] ?? [], note: row[4], updatedAt: row.time(5))
        }
    }
}
