import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteCheckinStore: CheckinStore {
    let database: SQLiteDatabase

    func insert(_ checkin: Checkin) async throws {
        try await database.write { db in try Self.insert(checkin, in: db) }
    }

    /// Also used by an import, inside its transaction.
    static func insert(_ checkin: Checkin, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO checkins (id, user_id, at, local_date, time_zone, feeling_id, activity_id, person_ids,
                    note, created_at, updated_at, local_hour)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: arguments(checkin))
    }

    func checkin(id: UUID, userID: UUID) async throws -> Checkin? {
        try database.read { db in
            try Row.first(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM checkins WHERE id = ? AND user_id = ?"),
                arguments: [Stored.id(id), Stored.id(userID)], as: Self.checkin
            )
        }
    }

    func update(_ checkin: Checkin) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    UPDATE checkins SET at = ?, local_date = ?, time_zone = ?, feeling_id = ?, activity_id = ?,
                        person_ids = ?, note = ?, updated_at = ?, local_hour = ?
                    WHERE id = ? AND user_id = ?
                    """
            ).execute(arguments: [
                Stored.time(checkin.at), checkin.localDate.description, checkin.timeZone,
                Stored.id(checkin.feelingID), Stored.optionalID(checkin.activityID), Stored.ids(checkin.personIDs),
                checkin.note, Stored.time(checkin.updatedAt), checkin.localHour, Stored.id(checkin.id),
                Stored.id(checkin.userID),
            ])
            return db.changesCount > 0
        }
    }

    func delete(id: UUID, userID: UUID) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM checkins WHERE id = ? AND user_id = ?").execute(arguments: [
                Stored.id(id), Stored.id(userID),
            ])
            return db.changesCount > 0
        }
    }

    func checkins(userID: UUID, from: LocalDate?, to: LocalDate?, after cursor: CheckinCursor?, limit: Int)
        async throws -> [Checkin]
    {
        try database.read { db in
            var sql = "SELECT \(Self.columns) FROM checkins WHERE user_id = ?"
            var arguments: StatementArguments = [Stored.id(userID)]
            if let from {
                sql += " AND local_date >= ?"
                arguments += [from.description]
            }
            if let to {
                sql += " AND local_date <= ?"
                arguments += [to.description]
            }
            if let cursor {
                sql += " AND (at < ? OR (at = ? AND id < ?))"
                arguments += [Stored.time(cursor.at), Stored.time(cursor.at), Stored.id(cursor.id)]
            }
            sql += " ORDER BY at DESC, id DESC LIMIT ?"
            arguments += [limit]
            return try Row.all(db.cachedStatement(sql: sql), arguments: arguments, as: Self.checkin)
        }
    }

    func checkins(userID: UUID, on dates: [LocalDate]) async throws -> [Checkin] {
        guard !dates.isEmpty else { return [] }
        return try database.read { db in
            let marks = Array(repeating: "?", count: dates.count).joined(separator: ", ")
            return try Row.all(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.columns) FROM checkins WHERE user_id = ? AND local_date IN (\(marks))
                        ORDER BY at DESC, id DESC
                        """),
                arguments: StatementArguments([Stored.id(userID)] + dates.map(\.description)), as: Self.checkin)
        }
    }

    func countsByDate(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [LocalDate: Int] {
        try database.read { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT local_date, count(*) AS n FROM checkins
                        WHERE user_id = ? AND local_date BETWEEN ? AND ? GROUP BY local_date
                        """),
                arguments: [Stored.id(userID), from.description, to.description])
            var counts: [LocalDate: Int] = [:]
            for row in rows { counts[row.localDate(0)] = row[1] }
            return counts
        }
    }

    static func arguments(_ checkin: Checkin) -> StatementArguments {
        [
            Stored.id(checkin.id), Stored.id(checkin.userID), Stored.time(checkin.at), checkin.localDate.description,
            checkin.timeZone, Stored.id(checkin.feelingID), Stored.optionalID(checkin.activityID),
            Stored.ids(checkin.personIDs),
            checkin.note, Stored.time(checkin.createdAt), Stored.time(checkin.updatedAt), checkin.localHour,
        ]
    }

    /// What `checkin(_:)` reads, in its order.
    static let columns =
        "id, user_id, at, local_date, time_zone, feeling_id, activity_id, person_ids, note, created_at, updated_at"

    static func checkin(_ row: some StoredColumns) -> Checkin {
        Checkin(
            id: row.uuid(0), userID: row.uuid(1), at: row.time(2), localDate: row.localDate(3), timeZone: row.text(4),
            feelingID: row.uuid(5), activityID: row.optionalUUID(6), personIDs: row.uuids(7), note: row.text(8),
            createdAt: row.time(9), updatedAt: row.time(10))
    }
}
