import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresVocabularyStore: VocabularyStore {
    let client: PostgresClient
    let logger: Logger

    func items(userID: UUID, kind: VocabularyKind?, includeArchived: Bool) async throws -> [VocabularyItem] {
        try await client.rows(
            """
            SELECT * FROM vocabulary
            WHERE user_id = \(userID) AND (\(kind?.rawValue)::text IS NULL OR kind = \(kind?.rawValue))
                AND (\(includeArchived) OR NOT archived)
            ORDER BY kind COLLATE "C", position, name COLLATE "C"
            """, logger: logger
        ).map(Self.item)
    }

    func item(id: UUID, userID: UUID) async throws -> VocabularyItem? {
        try await client.rows("SELECT * FROM vocabulary WHERE user_id = \(userID) AND id = \(id)", logger: logger)
            .first.map(Self.item)
    }

    func insert(_ items: [VocabularyItem]) async throws {
        try await Self.insert(items, on: client, logger: logger)
    }

    /// Also used by an import, inside its transaction.
    static func insert(_ items: [VocabularyItem], on db: some PostgresRowReading, logger: Logger) async throws {
        guard !items.isEmpty else { return }
        // One statement for the lot (a new user's defaults): arrays unnested side by side.
        try await db.execute(
            """
            INSERT INTO vocabulary (user_id, id, kind, name, emoji, archived, position, created_at)
            SELECT * FROM unnest(\(items.map(\.userID))::uuid[], \(items.map(\.id))::uuid[],
                \(items.map(\.kind.rawValue))::text[], \(items.map(\.name))::text[], \(items.map(\.emoji))::text[],
                \(items.map(\.archived))::boolean[], \(items.map(\.position))::integer[],
                \(items.map { PGTime($0.createdAt) })::timestamptz[])
            """, logger: logger)
    }

    func update(_ item: VocabularyItem) async throws -> Bool {
        try await client.execute(
            """
            UPDATE vocabulary SET name = \(item.name), emoji = \(item.emoji), archived = \(item.archived),
                position = \(item.position)
            WHERE user_id = \(item.userID) AND id = \(item.id)
            RETURNING 1
            """, logger: logger) > 0
    }

    func nextPosition(userID: UUID, kind: VocabularyKind) async throws -> Int {
        try await client.rows(
            """
            SELECT coalesce(max(position), -1) + 1 AS next FROM vocabulary
            WHERE user_id = \(userID) AND kind = \(kind.rawValue)
            """, logger: logger
        ).first?.value("next", as: Int.self) ?? 0
    }

    func people(userID: UUID, includeArchived: Bool) async throws -> [Person] {
        // SQLite's `COLLATE NOCASE` folds ASCII letters only; so does lower() under "C".
        try await client.rows(
            """
            SELECT * FROM people WHERE user_id = \(userID) AND (\(includeArchived) OR NOT archived)
            ORDER BY lower(name COLLATE "C"), id
            """, logger: logger
        ).map(Self.person)
    }

    func person(id: UUID, userID: UUID) async throws -> Person? {
        try await client.rows("SELECT * FROM people WHERE user_id = \(userID) AND id = \(id)", logger: logger)
            .first.map(Self.person)
    }

    func insert(_ person: Person) async throws {
        try await Self.insert(person, on: client, logger: logger)
    }

    /// Also used by an import, inside its transaction.
    static func insert(_ person: Person, on db: some PostgresRowReading, logger: Logger) async throws {
        try await db.execute(
            """
            INSERT INTO people (user_id, id, name, archived, created_at)
            VALUES (\(person.userID), \(person.id), \(person.name), \(person.archived), \(PGTime(person.createdAt)))
            """, logger: logger)
    }

    func update(_ person: Person) async throws -> Bool {
        try await client.execute(
            """
            UPDATE people SET name = \(person.name), archived = \(person.archived)
            WHERE user_id = \(person.userID) AND id = \(person.id)
            RETURNING 1
            """, logger: logger) > 0
    }

    func named(userID: UUID, itemIDs: [UUID], personIDs: [UUID]) async throws
        -> (items: [VocabularyItem], people: [Person])
    {
        let items =
            itemIDs.isEmpty
            ? [] : try await client.rows(VocabularyItemsByID.self, userID, itemIDs, logger: logger).map(Self.item)
        let people =
            personIDs.isEmpty
            ? [] : try await client.rows(PeopleByID.self, userID, personIDs, logger: logger).map(Self.person)
        return (items, people)
    }

    static func item(_ row: PostgresRandomAccessRow) throws -> VocabularyItem {
        VocabularyItem(
            id: try row.value("id"), userID: try row.value("user_id"),
            kind: VocabularyKind(rawValue: try row.value("kind")) ?? .feeling, name: try row.value("name"),
            emoji: try row.value("emoji"), archived: try row.value("archived"), position: try row.value("position"),
            createdAt: try row.time("created_at"))
    }

    static func person(_ row: PostgresRandomAccessRow) throws -> Person {
        Person(
            id: try row.value("id"), userID: try row.value("user_id"), name: try row.value("name"),
            archived: try row.value("archived"), createdAt: try row.time("created_at"))
    }
}
