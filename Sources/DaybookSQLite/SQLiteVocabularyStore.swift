import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteVocabularyStore: VocabularyStore {
    let database: SQLiteDatabase

    func items(userID: UUID, kind: VocabularyKind?, includeArchived: Bool) async throws -> [VocabularyItem] {
        try database.read { db in
            var sql = "SELECT \(Self.itemColumns) FROM vocabulary WHERE user_id = ?"
            var arguments: StatementArguments = [Stored.id(userID)]
            if let kind {
                sql += " AND kind = ?"
                arguments += [kind.rawValue]
            }
            if !includeArchived { sql += " AND archived = 0" }
            sql += " ORDER BY kind, position, name"
            return try Row.all(db.cachedStatement(sql: sql), arguments: arguments, as: Self.item)
        }
    }

    func item(id: UUID, userID: UUID) async throws -> VocabularyItem? {
        try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.itemColumns) FROM vocabulary WHERE id = ? AND user_id = ?"),
                arguments: [Stored.id(id), Stored.id(userID)]
            ).map(Self.item)
        }
    }

    func insert(_ items: [VocabularyItem]) async throws {
        try await database.write { db in try Self.insert(items, in: db) }
    }

    /// Also used by an import, inside its transaction.
    static func insert(_ items: [VocabularyItem], in db: Database) throws {
        let statement = try db.makeStatement(
            sql: """
                INSERT INTO vocabulary (id, user_id, kind, name, emoji, archived, position, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for item in items {
            try statement.execute(arguments: [
                Stored.id(item.id), Stored.id(item.userID), item.kind.rawValue, item.name, item.emoji,
                item.archived, item.position, Stored.time(item.createdAt),
            ])
        }
    }

    func update(_ item: VocabularyItem) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(
                sql:
                    "UPDATE vocabulary SET name = ?, emoji = ?, archived = ?, position = ? WHERE id = ? AND user_id = ?"
            ).execute(arguments: [
                item.name, item.emoji, item.archived, item.position, Stored.id(item.id), Stored.id(item.userID),
            ])
            return db.changesCount > 0
        }
    }

    func nextPosition(userID: UUID, kind: VocabularyKind) async throws -> Int {
        try database.read { db in
            try Int.fetchOne(
                db.cachedStatement(
                    sql: "SELECT coalesce(max(position), -1) + 1 FROM vocabulary WHERE user_id = ? AND kind = ?"),
                arguments: [Stored.id(userID), kind.rawValue]) ?? 0
        }
    }

    func people(userID: UUID, includeArchived: Bool) async throws -> [Person] {
        try database.read { db in
            let filter = includeArchived ? "" : " AND archived = 0"
            return try Row.fetchAll(
                db.cachedStatement(
                    sql:
                        "SELECT \(Self.personColumns) FROM people WHERE user_id = ?\(filter) ORDER BY name COLLATE NOCASE, id"
                ),
                arguments: [Stored.id(userID)]
            ).map(Self.person)
        }
    }

    func person(id: UUID, userID: UUID) async throws -> Person? {
        try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.personColumns) FROM people WHERE id = ? AND user_id = ?"),
                arguments: [Stored.id(id), Stored.id(userID)]
            ).map(Self.person)
        }
    }

    func insert(_ person: Person) async throws {
        try await database.write { db in try Self.insert(person, in: db) }
    }

    /// Also used by an import, inside its transaction.
    static func insert(_ person: Person, in db: Database) throws {
        try db.cachedStatement(
            sql: "INSERT INTO people (id, user_id, name, archived, created_at) VALUES (?, ?, ?, ?, ?)"
        ).execute(arguments: [
            Stored.id(person.id), Stored.id(person.userID), person.name, person.archived,
            Stored.time(person.createdAt),
        ])
    }

    func update(_ person: Person) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "UPDATE people SET name = ?, archived = ? WHERE id = ? AND user_id = ?")
                .execute(arguments: [person.name, person.archived, Stored.id(person.id), Stored.id(person.userID)])
            return db.changesCount > 0
        }
    }

    func named(userID: UUID, itemIDs: [UUID], personIDs: [UUID]) async throws
        -> (items: [VocabularyItem], people: [Person])
    {
        if itemIDs.isEmpty && personIDs.isEmpty { return ([], []) }
        return try database.read { db in
            // The ids travel as one JSON array, so each statement is prepared once, whatever their number.
            let items =
                itemIDs.isEmpty
                ? []
                : try Row.fetchAll(
                    db.cachedStatement(sql: Self.namedItems), arguments: [Stored.id(userID), Stored.ids(itemIDs)]
                ).map(Self.item)
            let people =
                personIDs.isEmpty
                ? []
                : try Row.fetchAll(
                    db.cachedStatement(sql: Self.namedPeople), arguments: [Stored.id(userID), Stored.ids(personIDs)]
                ).map(Self.person)
            return (items, people)
        }
    }

    static let namedItems =
        "SELECT \(itemColumns) FROM vocabulary WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))"
    static let namedPeople =
        "SELECT \(personColumns) FROM people WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))"

    /// What `item(_:)` reads, in its order.
    static let itemColumns = "id, user_id, kind, name, emoji, archived, position, created_at"

    static func item(_ row: some StoredColumns) -> VocabularyItem {
        VocabularyItem(
            id: row.uuid(0), userID: row.uuid(1), kind: VocabularyKind(rawValue: row.text(2)) ?? .feeling,
            name: row.text(3), emoji: row.text(4), archived: row.int64(5) != 0, position: row.int(6),
            createdAt: row.time(7))
    }

    /// What `person(_:)` reads, in its order.
    static let personColumns = "id, user_id, name, archived, created_at"

    static func person(_ row: some StoredColumns) -> Person {
        Person(
            id: row.uuid(0), userID: row.uuid(1), name: row.text(2), archived: row.int64(3) != 0,
            createdAt: row.time(4))
    }
}
