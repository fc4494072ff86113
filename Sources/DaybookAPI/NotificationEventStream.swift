import DaybookCore
import DaybookServices
import Foundation

/// One open `GET /api/v1/events`: Server-Sent Events for one user. It waits on the hub (no
/// polling), and on each wake-up reads from the inbox what came after the last event it sent, so
/// a missed wake-up or a notice from another app server loses nothing. A comment every 25 seconds
/// (the hub's one heartbeat) keeps proxies from closing an idle stream.
struct NotificationEventStream: Sendable {
    let services: Services
    let userID: UUID
    /// From `Last-Event-ID`: what the client saw last; it gets everything after it first.
    let lastEventID: UUID?

    func bytes() -> AsyncThrowingStream<ArraySlice<UInt8>, any Error> {
        let (output, continuation) = AsyncThrowingStream<ArraySlice<UInt8>, any Error>.makeStream()
        let wakeUps = services.hub.subscribe(userID: userID)
        // One task per stream, suspended between wake-ups: an idle stream costs memory, no CPU.
        let task = Task {
            do {
                var last = lastEventID
                if last == nil {
                    // A new stream starts from now: only what is made from here on is an event.
                    last = try await services.notifications.list(userID: userID, after: nil, limit: 1).first?.id
                    continuation.yield(Self.event(name: "unread", id: nil, data: "\(try await unread())"))
                } else {
                    try await send(since: &last, to: continuation)
                }
                continuation.yield(ArraySlice(": connected\n\n".utf8))
                for await wake in wakeUps {
                    switch wake {
                    case .changed(let snapshot): try await send(since: &last, to: continuation, snapshot: snapshot)
                    case .heartbeat: continuation.yield(ArraySlice(": keep-alive\n\n".utf8))
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return output
    }

    private func unread() async throws -> Int {
        try await services.notifications.unreadCount(userID: userID)
    }

    /// Every notification after `last`, then the unread count: from the hub's snapshot when it
    /// reaches back to `last` (the usual case), else read for this stream.
    private func send(
        since last: inout UUID?, to continuation: AsyncThrowingStream<ArraySlice<UInt8>, any Error>.Continuation,
        snapshot: NotificationHub.InboxSnapshot? = nil
    ) async throws {
        let unread: Int
        let missed: [InboxNotification]
        if let snapshot, let last, let index = snapshot.newest.firstIndex(where: { $0.id == last }) {
            unread = snapshot.unread
            missed = Array(snapshot.newest[(index + 1)...])
        } else {
            unread = try await self.unread()
            missed = try await services.notifications.missed(since: last, userID: userID)
        }
        for notification in missed {
            let payload: [String: Any] = [
                "id": notification.id.lowercasedString, "kind": notification.kind, "text": notification.text,
                "link": notification.link, "createdAt": ISO8601DateFormatter().string(from: notification.createdAt),
                "read": notification.isRead, "unreadCount": unread,
            ]
            let data = String(decoding: try JSONSerialization.data(withJSONObject: payload), as: UTF8.self)
            continuation.yield(Self.event(name: "notification", id: notification.id.lowercasedString, data: data))
            last = notification.id
        }
        continuation.yield(Self.event(name: "unread", id: nil, data: "\(unread)"))
    }

    /// One event in the `text/event-stream` format; `data` is one line (JSON has no raw newlines).
    static func event(name: String, id: String?, data: String) -> ArraySlice<UInt8> {
        var text = "event: \(name)\n"
        if let id { text += "id: \(id)\n" }
        text += "data: \(data)\n\n"
        return ArraySlice(text.utf8)
    }
}
