import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresNotificationStore: NotificationStore {
    let client: PostgresClient
    let logger: Logger

    static func notification(_ row: PostgresRandomAccessRow) throws -> InboxNotification {
        InboxNotification(
            id: try row.value("id"), userID: try row.value("user_id"), kind: try row.value("kind"),
            text: try row.value("text"), link: try row.value("link"), createdAt: try row.time("created_at"),
            readAt: try row.value("read_at", as: PGTime?.self)?.date)
    }

    func insert(_ notification: InboxNotification) async throws {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.execute(
                    """
                    INSERT INTO notifications (user_id, id, kind, text, link, created_at, read_at)
                    VALUES (\(notification.userID), \(notification.id), \(notification.kind), \(notification.text),
                        \(notification.link), \(PGTime(notification.createdAt)),
                        \(notification.readAt.map(PGTime.init)))
                    """, logger: logger)
                // The outbox: one delivery per device, due at once.
                try await connection.execute(
                    """
                    INSERT INTO push_outbox (id, subscription_id, user_id, notification_id, kind, text, link,
                        created_at, due_at, attempts)
                    SELECT gen_random_uuid(), id, user_id, \(notification.id), \(notification.kind),
                        \(notification.text), \(notification.link), \(PGTime(notification.createdAt)),
                        \(PGTime(notification.createdAt)), 0
                    FROM push_subscriptions WHERE user_id = \(notification.userID)
                    """, logger: logger)
            }
        }
    }

    func notification(id: UUID, userID: UUID) async throws -> InboxNotification? {
        try await client.rows(
            "SELECT * FROM notifications WHERE user_id = \(userID) AND id = \(id)", logger: logger
        ).first.map(Self.notification)
    }

    func list(userID: UUID, after cursor: PageCursor?, limit: Int) async throws -> [InboxNotification] {
        let cursorAt = cursor.map { PGTime($0.createdAt) }
        return try await client.rows(
            """
            SELECT * FROM notifications
            WHERE user_id = \(userID)
                AND (\(cursorAt)::timestamptz IS NULL OR (created_at, id) < (\(cursorAt), \(cursor?.id)::uuid))
            ORDER BY created_at DESC, id DESC LIMIT \(limit)
            """, logger: logger
        ).map(Self.notification)
    }

    func newer(than id: UUID?, userID: UUID, limit: Int) async throws -> [InboxNotification] {
        if let id, let anchor = try await notification(id: id, userID: userID) {
            return try await client.rows(
                """
                SELECT * FROM notifications
                WHERE user_id = \(userID) AND (created_at, id) > (\(PGTime(anchor.createdAt)), \(id))
                ORDER BY created_at, id LIMIT \(limit)
                """, logger: logger
            ).map(Self.notification)
        }
        return try await list(userID: userID, after: nil, limit: limit).reversed()
    }

    func unreadCount(userID: UUID) async throws -> Int {
        try await client.rows(
            "SELECT count(*) AS n FROM notifications WHERE user_id = \(userID) AND read_at IS NULL", logger: logger
        ).first?.value("n") ?? 0
    }

    func markRead(id: UUID, userID: UUID, at: Date) async throws -> Bool {
        try await client.execute(
            """
            UPDATE notifications SET read_at = coalesce(read_at, \(PGTime(at)))
            WHERE user_id = \(userID) AND id = \(id) RETURNING 1
            """, logger: logger) > 0
    }

    func markAllRead(userID: UUID, at: Date) async throws {
        try await client.execute(
            "UPDATE notifications SET read_at = \(PGTime(at)) WHERE user_id = \(userID) AND read_at IS NULL",
            logger: logger)
    }

    func prune(before: Date) async throws {
        try await client.execute("DELETE FROM notifications WHERE created_at < \(PGTime(before))", logger: logger)
    }
}

/// `NOTIFY` to tell every app server, `LISTEN` on one connection of the pool to hear them. The
/// payload is only the user's id: listeners read what is new from the inbox, so nothing is lost
/// when a notice is (PostgreSQL drops them for a listener that is reconnecting).
final class PostgresNotificationChannel: NotificationChannel, @unchecked Sendable {
    static let channel = "daybook_notifications"
    let client: PostgresClient
    let logger: Logger
    private let local = LocalNotificationChannel()
    private let lock = NSLock()
    private var listening = false
    private var stopped = false

    init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    func announce(userID: UUID) async throws {
        try await client.execute(
            "SELECT pg_notify(\(Self.channel), \(userID.lowercasedString))", logger: logger)
    }

    func announcements() -> AsyncStream<UUID> {
        let stream = local.announcements()
        let start = lock.withLock {
            defer { listening = true }
            return !listening
        }
        if start { Task { await listen() } }
        return stream
    }

    /// Ends the LISTEN loop: the store calls this when its pool has shut down.
    func stop() {
        lock.withLock { stopped = true }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Holds one pooled connection in `LISTEN` for as long as the pool runs, reconnecting after
    /// failures, and passes each notice to this process's listeners.
    private func listen() async {
        while !Task.isCancelled && !isStopped {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notices in
                        for try await notice in notices {
                            if let id = UUID(text: notice.payload) { try await local.announce(userID: id) }
                        }
                    }
                }
            } catch {
                // The pool closing ends the LISTEN a moment before the store calls `stop()`: the
                // back-off comes first, so that a server stopping is not logged as a failure.
                try? await Task.sleep(for: .seconds(1))
                if isStopped || Task.isCancelled { return }
                logger.warning("LISTEN for notifications stopped; listening again", metadata: ["error": "\(error)"])
                continue
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}

struct PostgresReminderStore: ReminderStore {
    let client: PostgresClient
    let logger: Logger

    func settings(userID: UUID) async throws -> ReminderSettings? {
        try await client.rows("SELECT * FROM reminder_settings WHERE user_id = \(userID)", logger: logger).first.map {
            row in
            ReminderSettings(
                wakingStart: LocalTime(minutes: try row.value("waking_start")),
                wakingEnd: LocalTime(minutes: try row.value("waking_end")),
                checkinReminders: try row.value("checkin_reminders"),
                dailyReminder: try row.value("daily_reminder", as: Int?.self).map(LocalTime.init(minutes:)),
                weekdays: ReminderSettings.weekdays(from: try row.value("weekdays")),
                skipIfCheckedInWithinMinutes: try row.value("skip_minutes"))
        }
    }

    func save(_ settings: ReminderSettings, userID: UUID, next: ScheduledReminder?) async throws {
        try await client.execute(
            """
            INSERT INTO reminder_settings (user_id, waking_start, waking_end, checkin_reminders, daily_reminder,
                weekdays, skip_minutes, next_at, next_kind)
            VALUES (\(userID), \(settings.wakingStart.minutes), \(settings.wakingEnd.minutes),
                \(settings.checkinReminders), \(settings.dailyReminder?.minutes), \(settings.weekdaysText),
                \(settings.skipIfCheckedInWithinMinutes), \(next.map { PGTime($0.at) }), \(next?.kind.rawValue))
            ON CONFLICT (user_id) DO UPDATE SET waking_start = excluded.waking_start,
                waking_end = excluded.waking_end, checkin_reminders = excluded.checkin_reminders,
                daily_reminder = excluded.daily_reminder, weekdays = excluded.weekdays,
                skip_minutes = excluded.skip_minutes, next_at = excluded.next_at, next_kind = excluded.next_kind
            """, logger: logger)
    }

    func due(at now: Date, limit: Int) async throws -> [DueReminder] {
        try await client.rows(
            """
            SELECT user_id, next_at, next_kind FROM reminder_settings
            WHERE next_at IS NOT NULL AND next_at <= \(PGTime(now)) ORDER BY next_at LIMIT \(limit)
            """, logger: logger
        ).map { row in
            DueReminder(
                userID: try row.value("user_id"),
                reminder: ScheduledReminder(
                    at: try row.time("next_at"),
                    kind: ScheduledReminder.Kind(rawValue: try row.value("next_kind")) ?? .checkin))
        }
    }

    func claim(_ claimed: DueReminder, next: ScheduledReminder?) async throws -> Bool {
        try await client.execute(
            """
            UPDATE reminder_settings SET next_at = \(next.map { PGTime($0.at) }), next_kind = \(next?.kind.rawValue)
            WHERE user_id = \(claimed.userID) AND next_at = \(PGTime(claimed.reminder.at)) RETURNING 1
            """, logger: logger) > 0
    }

    func earliest() async throws -> Date? {
        try await client.rows("SELECT min(next_at) AS at FROM reminder_settings", logger: logger).first?
            .value("at", as: PGTime?.self)?.date
    }
}
