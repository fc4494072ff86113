import DaybookCore
import Foundation

/// Users' inboxes.
public protocol NotificationStore: Sendable {
    /// Adds the notification and, in the same transaction, one push delivery per device of the
    /// user (the outbox, `PushStore.claimDue`): a notification is never kept without its pushes.
    func insert(_ notification: InboxNotification) async throws
    func notification(id: UUID, userID: UUID) async throws -> InboxNotification?
    /// Newest first, strictly after the cursor when given.
    func list(userID: UUID, after cursor: PageCursor?, limit: Int) async throws -> [InboxNotification]
    /// Oldest first, those made after the one with this id (a stream's `Last-Event-ID`); all of
    /// the newest `limit` when the id is unknown or nil.
    func newer(than id: UUID?, userID: UUID, limit: Int) async throws -> [InboxNotification]
    func unreadCount(userID: UUID) async throws -> Int
    /// False when there is no such notification of the user's.
    func markRead(id: UUID, userID: UUID, at: Date) async throws -> Bool
    func markAllRead(userID: UUID, at: Date) async throws
    /// Removes notifications made before a moment (read or not): inboxes do not grow for ever.
    func prune(before: Date) async throws
}

/// Tells every app server that a user has a new notification, so that streams open on any of them
/// hear of it: in process on SQLite (one server), `LISTEN`/`NOTIFY` on PostgreSQL.
public protocol NotificationChannel: Sendable {
    func announce(userID: UUID) async throws
    /// The users announced by any app server (this one included), until the task is cancelled.
    func announcements() -> AsyncStream<UUID>
}

/// The in-process channel: announcements reach this process's listeners only.
public final class LocalNotificationChannel: NotificationChannel, @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [UUID: AsyncStream<UUID>.Continuation] = [:]

    public init() {}

    public func announce(userID: UUID) async throws {
        lock.withLock { listeners.values.forEach { $0.yield(userID) } }
    }

    public func announcements() -> AsyncStream<UUID> {
        let (stream, continuation) = AsyncStream<UUID>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        let key = UUID()
        lock.withLock { listeners[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.listeners.removeValue(forKey: key) }
        }
        return stream
    }
}
