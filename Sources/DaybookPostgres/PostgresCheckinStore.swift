import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresCheckinStore: CheckinStore {
    let client: PostgresClient
    let logger: Logger

    func insert(_ checkin: Checkin) async throws {
        try await Self.insert(checkin, on: client, logger: logger)
    }

    /// Also used by an import, inside its transaction.
    static func insert(_ checkin: Checkin, on db: some PostgresRowReading, logger: Logger) async throws {
        var values = PostgresBindings(capacity: 12)
        values.append(checkin.userID)
        values.append(checkin.id)
        values.append(PGTime(checkin.at))
        values.append(PGDate(checkin.localDate))
        values.append(checkin.timeZone)
        values.append(checkin.feelingID)
        values.append(checkin.activityID)
        values.append(checkin.personIDs)
        values.append(checkin.note)
        values.append(PGTime(checkin.createdAt))
        values.append(PGTime(checkin.updatedAt))
        values.append(checkin.localHour)
        _ = try await db.rows(CheckinInsert.self, bindings: values, logger: logger)
    }

    func checkin(id: UUID, userID: UUID) async throws -> Checkin? {
        try await client.rows(CheckinByID.self, userID, id, logger: logger, reading: Self.checkin).first
    }

    func update(_ checkin: Checkin) async throws -> Bool {
        try await client.execute(
            """
            UPDATE checkins SET at = \(PGTime(checkin.at)), local_date = \(PGDate(checkin.localDate)),
                time_zone = \(checkin.timeZone), feeling_id = \(checkin.feelingID), activity_id = \(checkin.activityID),
                person_ids = \(checkin.personIDs)::uuid[], note = \(checkin.note),
                updated_at = \(PGTime(checkin.updatedAt)), local_hour = \(checkin.localHour),
                search = to_tsvector('simple'::regconfig, \(checkin.note))
            WHERE user_id = \(checkin.userID) AND id = \(checkin.id)
            RETURNING 1
            """, logger: logger) > 0
    }

    func delete(id: UUID, userID: UUID) async throws -> Bool {
        try await client.execute(
            "DELETE FROM checkins WHERE user_id = \(userID) AND id = \(id) RETURNING 1", logger: logger) > 0
    }

    func checkins(userID: UUID, from: LocalDate?, to: LocalDate?, after cursor: CheckinCursor?, limit: Int)
        async throws -> [Checkin]
    {
        // Without date bounds (the check-in list), a prepared statement; with them, or a page longer
        // than the API's (an export's), sent as it is.
        guard from != nil || to != nil || limit > ShortPage.rows else {
            return try await client.rows(
                CheckinsPage.self, userID, cursor.map { PGTime($0.at) } ?? FirstPage.time, cursor?.id ?? FirstPage.id,
                limit, logger: logger, reading: Self.checkin)
        }
        let from = from.map(PGDate.init)
        let to = to.map(PGDate.init)
        let cursorAt = cursor.map { PGTime($0.at) }
        let cursorID = cursor?.id
        return try await client.rows(
            """
            SELECT \(unescaped: Self.columns) FROM checkins
            WHERE user_id = \(userID)
                AND (\(from)::date IS NULL OR local_date >= \(from))
                AND (\(to)::date IS NULL OR local_date <= \(to))
                AND (\(cursorAt)::timestamptz IS NULL OR (at, id) < (\(cursorAt), \(cursorID)::uuid))
            ORDER BY at DESC, id DESC LIMIT \(limit)
            """, logger: logger, reading: Self.checkin)
    }

    func checkins(userID: UUID, on dates: [LocalDate]) async throws -> [Checkin] {
        guard !dates.isEmpty else { return [] }
        return try await client.rows(
            """
            SELECT \(unescaped: Self.columns) FROM checkins WHERE user_id = \(userID) AND local_date = ANY(\(dates.map(\.description))::date[])
            ORDER BY at DESC, id DESC
            """, logger: logger, reading: Self.checkin)
    }

    func countsByDate(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [LocalDate: Int] {
        let rows = try await client.rows(
            """
            SELECT local_date, count(*) AS n FROM checkins
            WHERE user_id = \(userID) AND local_date BETWEEN \(PGDate(from)) AND \(PGDate(to))
            GROUP BY local_date
            """, logger: logger)
        var counts: [LocalDate: Int] = [:]
        for row in rows { counts[try row.localDate("local_date")] = try row.value("n") }
        return counts
    }

    /// The columns a check-in is read from (`checkin(_:)`): not the search vector, nor `local_hour`
    /// (the insights' own, derived from `at` and the time zone).
    static let columns =
        "user_id, id, at, local_date, time_zone, feeling_id, activity_id, person_ids, note, created_at, updated_at"

    static func checkin(_ row: PostgresRow) throws -> Checkin {
        var columns = PostgresColumns(row)
        let userID: UUID = try columns.next("user_id")
        return Checkin(
            id: try columns.next("id"), userID: userID, at: try columns.time("at"),
            localDate: try columns.localDate("local_date"), timeZone: try columns.next("time_zone"),
            feelingID: try columns.next("feeling_id"), activityID: try columns.next("activity_id"),
            personIDs: try columns.ids("person_ids"), note: try columns.next("note"),
            createdAt: try columns.time("created_at"), updatedAt: try columns.time("updated_at"))
    }
}
