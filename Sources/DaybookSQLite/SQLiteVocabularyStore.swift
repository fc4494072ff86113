import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteVocabularyStore: VocabularyStore {
    let pool: DatabasePool

    func items(userID: UUID, kind: VocabularyKind?, includeArchived: Bool) async throws -> [VocabularyItem] {
        try await pool.read { db in
            var sql = "SELECT * FROM vocabulary WHERE user_id = ?"
            var arguments: StatementArguments = [Stored.id(userID)]
            if let kind {
                sql += " AND kind = ?"
                arguments += [kind.rawValue]
            }
            if !includeArchived { sql += " AND archived = 0" }
            sql += " ORDER BY kind, position, name"
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.item)
        }
    }

    func item(id: UUID, userID: UUID) async throws -> VocabularyItem? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM vocabulary WHERE id = ? AND user_id = ?",
                arguments: [Stored.id(id), Stored.id(userID)]
            ).map(Self.item)
        }
    }

    func insert(_ items: [VocabularyItem]) async throws {
        try await pool.write { db in
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
    }

    func update(_ item: VocabularyItem) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE vocabulary SET name = ?, emoji = ?, archived = ?, position = ? WHERE id = ? AND user_id = ?",
                arguments: [
                    item.name, item.emoji, item.archived, item.position, Stored.id(item.id), Stored.id(item.userID),
                ])
            return db.changesCount > 0
        }
    }

    func nextPosition(userID: UUID, kind: VocabularyKind) async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(
                db, sql: "SELECT coalesce(max(position), -1) + 1 FROM vocabulary WHERE user_id = ? AND kind = ?",
                arguments: [Stored.id(userID), kind.rawValue]) ?? 0
        }
    }

    func people(userID: UUID, includeArchived: Bool) async throws -> [Person] {
        try await pool.read { db in
            let filter = includeArchived ? "" : " AND archived = 0"
            return try Row.fetchAll(
                db, sql: "SELECT * FROM people WHERE user_id = ?\(filter) ORDER BY name COLLATE NOCASE, id",
                arguments: [Stored.id(userID)]
            ).map(Self.person)
        }
    }

    func person(id: UUID, userID: UUID) async throws -> Person? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM people WHERE id = ? AND user_id = ?",
                arguments: [Stored.id(id), Stored.id(userID)]
            ).map(Self.person)
        }
    }

    func insert(_ person: Person) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO people (id, user_id, name, archived, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    Stored.id(person.id), Stored.id(person.userID), person.name, person.archived,
                    Stored.time(person.createdAt),
                ])
        }
    }

    func update(_ person: Person) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE people SET name = ?, archived = ? WHERE id = ? AND user_id = ?",
                arguments: [person.name, person.archived, Stored.id(person.id), Stored.id(person.userID)])
            return db.changesCount > 0
        }
    }

    static func item(_ row: Row) -> VocabularyItem {
        VocabularyItem(
            id: row.uuid("id"), userID: row.uuid("user_id"), kind: VocabularyKind(rawValue: row["kind"]) ?? .feeling,
            name: row["name"], emoji: row["emoji"], archived: row["archived"], position: row["position"],
            createdAt: row.time("created_at"))
    }

    static func person(_ row: Row) -> Person {
        Person(
            id: row.uuid("id"), userID: row.uuid("user_id"), name: row["name"], archived: row["archived"],
            createdAt: row.time("created_at"))
    }
}
