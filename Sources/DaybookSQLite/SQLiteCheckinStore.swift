import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteCheckinStore: CheckinStore {
    let pool: DatabasePool

    func insert(_ checkin: Checkin) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO checkins (id, user_id, at, local_date, time_zone, feeling_id, activity_id, person_ids,
                        note, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: Self.arguments(checkin))
        }
    }

    func checkin(id: UUID, userID: UUID) async throws -> Checkin? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM checkins WHERE id = ? AND user_id = ?",
                arguments: [Stored.id(id), Stored.id(userID)]
            ).map(Self.checkin)
        }
    }

    func update(_ checkin: Checkin) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE checkins SET at = ?, local_date = ?, time_zone = ?, feeling_id = ?, activity_id = ?,
                        person_ids = ?, note = ?, updated_at = ?
                    WHERE id = ? AND user_id = ?
                    """,
                arguments: [
                    Stored.time(checkin.at), checkin.localDate.description, checkin.timeZone,
                    Stored.id(checkin.feelingID), Stored.optionalID(checkin.activityID), Stored.ids(checkin.personIDs),
                    checkin.note, Stored.time(checkin.updatedAt), Stored.id(checkin.id), Stored.id(checkin.userID),
                ])
            return db.changesCount > 0
        }
    }

    func delete(id: UUID, userID: UUID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM checkins WHERE id = ? AND user_id = ?", arguments: [Stored.id(id), Stored.id(userID)])
            return db.changesCount > 0
        }
    }

    func checkins(userID: UUID, from: LocalDate?, to: LocalDate?, after cursor: CheckinCursor?, limit: Int)
        async throws -> [Checkin]
    {
        try await pool.read { db in
            var sql = "SELECT * FROM checkins WHERE user_id = ?"
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
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.checkin)
        }
    }

    func countsByDate(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [LocalDate: Int] {
        try await pool.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT local_date, count(*) AS n FROM checkins
                    WHERE user_id = ? AND local_date BETWEEN ? AND ? GROUP BY local_date
                    """,
                arguments: [Stored.id(userID), from.description, to.description])
            var counts: [LocalDate: Int] = [:]
            for row in rows { counts[row.localDate("local_date")] = row["n"] }
            return counts
        }
    }

    static func arguments(_ checkin: Checkin) -> StatementArguments {
        [
            Stored.id(checkin.id), Stored.id(checkin.userID), Stored.time(checkin.at), checkin.localDate.description,
            checkin.timeZone, Stored.id(checkin.feelingID), Stored.optionalID(checkin.activityID), Stored.ids(checkin.personIDs),
            checkin.note, Stored.time(checkin.createdAt), Stored.time(checkin.updatedAt),
        ]
    }

    static func checkin(_ row: Row) -> Checkin {
        Checkin(
            id: row.uuid("id"), userID: row.uuid("user_id"), at: row.time("at"), localDate: row.localDate("local_date"),
            timeZone: row["time_zone"], feelingID: row.uuid("feeling_id"), activityID: row.optionalUUID("activity_id"),
            personIDs: row.uuids("person_ids"), note: row["note"], createdAt: row.time("created_at"),
            updatedAt: row.time("updated_at"))
    }
}
