import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteNotificationStore: NotificationStore {
    let database: SQLiteDatabase

    static let columns = "id, user_id, kind, text, link, created_at, read_at"

    static func notification(_ row: Row) -> InboxNotification {
        InboxNotification(
            id: row.uuid(0), userID: row.uuid(1), kind: row[2], text: row[3], link: row[4], createdAt: row.time(5),
            readAt: (row[6] as Int64?).map { Date(microsecondsSince1970: $0) })
    }

    func insert(_ notification: InboxNotification) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "INSERT INTO notifications (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?)")
                .execute(arguments: [
                    Stored.id(notification.id), Stored.id(notification.userID), notification.kind, notification.text,
                    notification.link, Stored.time(notification.createdAt), notification.readAt.map(Stored.time),
                ])
            // The outbox: one delivery per device, due at once.
            let devices = try String.fetchAll(
                db.cachedStatement(sql: "SELECT id FROM push_subscriptions WHERE user_id = ?"),
                arguments: [Stored.id(notification.userID)])
            for device in devices {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO push_outbox (id, subscription_id, user_id, notification_id, kind, text, link,
                            created_at, due_at, attempts)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
                        """
                ).execute(arguments: [
                    Stored.id(UUID.timeOrdered()), device, Stored.id(notification.userID), Stored.id(notification.id),
                    notification.kind, notification.text, notification.link, Stored.time(notification.createdAt),
                    Stored.time(notification.createdAt),
                ])
            }
        }
    }

    func notification(id: UUID, userID: UUID) async throws -> InboxNotification? {
        try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM notifications WHERE user_id = ? AND id = ?"),
                arguments: [Stored.id(userID), Stored.id(id)]
            ).map(Self.notification)
        }
    }

    func list(userID: UUID, after cursor: PageCursor?, limit: Int) async throws -> [InboxNotification] {
        try database.read { db in
            if let cursor {
                return try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT \(Self.columns) FROM notifications WHERE user_id = ? AND (created_at, id) < (?, ?)
                            ORDER BY created_at DESC, id DESC LIMIT ?
                            """),
                    arguments: [Stored.id(userID), Stored.time(cursor.createdAt), Stored.id(cursor.id), limit]
                ).map(Self.notification)
            }
            return try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.columns) FROM notifications WHERE user_id = ?
                        ORDER BY created_at DESC, id DESC LIMIT ?
                        """), arguments: [Stored.id(userID), limit]
            ).map(Self.notification)
        }
    }

    func newer(than id: UUID?, userID: UUID, limit: Int) async throws -> [InboxNotification] {
        try database.read { db in
            let anchor = try id.flatMap { id in
                try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT created_at FROM notifications WHERE user_id = ? AND id = ?"),
                    arguments: [Stored.id(userID), Stored.id(id)])
            }
            if let id, let anchor {
                let createdAt: Int64 = anchor[0]
                return try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT \(Self.columns) FROM notifications WHERE user_id = ? AND (created_at, id) > (?, ?)
                            ORDER BY created_at, id LIMIT ?
                            """), arguments: [Stored.id(userID), createdAt, Stored.id(id), limit]
                ).map(Self.notification)
            }
            let newest = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.columns) FROM notifications WHERE user_id = ?
                        ORDER BY created_at DESC, id DESC LIMIT ?
                        """), arguments: [Stored.id(userID), limit]
            ).map(Self.notification)
            return newest.reversed()
        }
    }

    func unreadCount(userID: UUID) async throws -> Int {
        try database.read { db in
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM notifications WHERE user_id = ? AND read_at IS NULL"),
                arguments: [Stored.id(userID)]) ?? 0
        }
    }

    func markRead(id: UUID, userID: UUID, at: Date) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(
                sql: "UPDATE notifications SET read_at = coalesce(read_at, ?) WHERE user_id = ? AND id = ?"
            ).execute(arguments: [Stored.time(at), Stored.id(userID), Stored.id(id)])
            return db.changesCount > 0
        }
    }

    func markAllRead(userID: UUID, at: Date) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL")
                .execute(arguments: [Stored.time(at), Stored.id(userID)])
        }
    }

    func prune(before: Date) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM notifications WHERE created_at < ?").execute(arguments: [
                Stored.time(before)
            ])
        }
    }
}

struct SQLiteReminderStore: ReminderStore {
    let database: SQLiteDatabase

    func settings(userID: UUID) async throws -> ReminderSettings? {
        try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT waking_start, waking_end, checkin_reminders, daily_reminder, weekdays, skip_minutes
                        FROM reminder_settings WHERE user_id = ?
                        """), arguments: [Stored.id(userID)]
            ).map { row in
                ReminderSettings(
                    wakingStart: LocalTime(minutes: row[0]), wakingEnd: LocalTime(minutes: row[1]),
                    checkinReminders: row[2], dailyReminder: (row[3] as Int?).map(LocalTime.init(minutes:)),
                    weekdays: ReminderSettings.weekdays(from: row[4]), skipIfCheckedInWithinMinutes: row[5])
            }
        }
    }

    func save(_ settings: ReminderSettings, userID: UUID, next: ScheduledReminder?) async throws {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO reminder_settings (user_id, waking_start, waking_end, checkin_reminders,
                        daily_reminder, weekdays, skip_minutes, next_at, next_kind)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (user_id) DO UPDATE SET waking_start = excluded.waking_start,
                        waking_end = excluded.waking_end, checkin_reminders = excluded.checkin_reminders,
                        daily_reminder = excluded.daily_reminder, weekdays = excluded.weekdays,
                        skip_minutes = excluded.skip_minutes, next_at = excluded.next_at,
                        next_kind = excluded.next_kind
                    """
            ).execute(arguments: [
                Stored.id(userID), settings.wakingStart.minutes, settings.wakingEnd.minutes, settings.checkinReminders,
                settings.dailyReminder?.minutes, settings.weekdaysText, settings.skipIfCheckedInWithinMinutes,
                next.map { Stored.time($0.at) }, next?.kind.rawValue,
            ])
        }
    }

    func due(at now: Date, limit: Int) async throws -> [DueReminder] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT user_id, next_at, next_kind FROM reminder_settings
                        WHERE next_at IS NOT NULL AND next_at <= ? ORDER BY next_at LIMIT ?
                        """), arguments: [Stored.time(now), limit]
            ).map { row in
                DueReminder(
                    userID: row.uuid(0),
                    reminder: ScheduledReminder(
                        at: row.time(1), kind: ScheduledReminder.Kind(rawValue: row[2]) ?? .checkin))
            }
        }
    }

    func claim(_ claimed: DueReminder, next: ScheduledReminder?) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(
                sql: "UPDATE reminder_settings SET next_at = ?, next_kind = ? WHERE user_id = ? AND next_at = ?"
            ).execute(arguments: [
                next.map { Stored.time($0.at) }, next?.kind.rawValue, Stored.id(claimed.userID),
                Stored.time(claimed.reminder.at),
            ])
            return db.changesCount > 0
        }
    }

    func earliest() async throws -> Date? {
        try database.read { db in
            try Int64.fetchOne(db.cachedStatement(sql: "SELECT min(next_at) FROM reminder_settings"))
                .map { Date(microsecondsSince1970: $0) }
        }
    }
}
