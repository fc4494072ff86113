import DaybookCore
import DaybookStorage
import Foundation

/// The inbox: making a notification (the one way every part of Daybook reaches a person), listing,
/// marking read. Making one announces it to every app server, so an open stream hears of it at
/// once (`NotificationHub`), and puts it in the Web Push outbox of each of the user's devices.
public struct NotificationService: Sendable {
    let store: any DaybookStore
    let now: @Sendable () -> Date
    /// How long notifications are kept.
    public static let retention: TimeInterval = 90 * 24 * 3600

    public init(store: any DaybookStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.now = now
    }

    /// Puts a notification in the user's inbox and tells open streams.
    @discardableResult
    public func notify(userID: UUID, kind: String, text: String, link: String) async throws -> InboxNotification {
        let notification = InboxNotification(
            userID: userID, kind: kind, text: text, link: link, createdAt: now().roundedToMicroseconds)
        // With its outbox rows for every device, in one transaction; `PushService.deliverDue` sends.
        try await store.notifications.insert(notification)
        try await store.notificationChannel.announce(userID: userID)
        return notification
    }

    /// "Does this device get notifications?": the button on the notifications page, and the API.
    /// At most `testsPerHour` an hour: each one is a delivery to every device and push app.
    public func sendTest(userID: UUID) async throws -> InboxNotification {
        let hourAgo = now().addingTimeInterval(-3_600)
        let recent = try await store.notifications.list(userID: userID, after: nil, limit: 50)
            .filter { $0.kind == "test" && $0.createdAt > hourAgo }
        guard recent.count < Self.testsPerHour else {
            throw LimitReached(
                "You sent \(recent.count) test notifications in the last hour: that is enough to tell whether they arrive.",
                retryAfterSeconds: 3_600)
        }
        return try await notify(
            userID: userID, kind: "test", text: "This is a test notification. Notifications reach you here.",
            link: "/notifications")
    }

    static let testsPerHour = 5

    public func list(userID: UUID, after cursor: PageCursor?, limit: Int) async throws -> [InboxNotification] {
        try await store.notifications.list(userID: userID, after: cursor, limit: limit)
    }

    /// `NotFound` when it is not the user's.
    public func notification(id: UUID, userID: UUID) async throws -> InboxNotification {
        guard let found = try await store.notifications.notification(id: id, userID: userID) else { throw NotFound() }
        return found
    }

    public func unreadCount(userID: UUID) async throws -> Int {
        try await store.notifications.unreadCount(userID: userID)
    }

    /// `NotFound` when it is not the user's.
    public func markRead(id: UUID, userID: UUID) async throws {
        guard try await store.notifications.markRead(id: id, userID: userID, at: now().roundedToMicroseconds) else {
            throw NotFound()
        }
        try await store.notificationChannel.announce(userID: userID)
    }

    public func markAllRead(userID: UUID) async throws {
        try await store.notifications.markAllRead(userID: userID, at: now().roundedToMicroseconds)
        try await store.notificationChannel.announce(userID: userID)
    }

    /// What a stream that last saw `lastID` missed, oldest first (at most 100).
    public func missed(since lastID: UUID?, userID: UUID) async throws -> [InboxNotification] {
        try await store.notifications.newer(than: lastID, userID: userID, limit: 100)
    }

    public func cleanUp() async throws {
        try await store.notifications.prune(before: now().addingTimeInterval(-Self.retention))
    }
}
