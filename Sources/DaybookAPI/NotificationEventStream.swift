import DaybookCore
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import Synchronization

/// One open `GET /api/v1/events`: Server-Sent Events for one user. It waits on the hub (no
/// polling), and on each wake-up reads from the inbox what came after the last event it sent, so
/// a missed wake-up or a notice from another app server loses nothing. A comment every 25 seconds
/// (the hub's one heartbeat) keeps proxies from closing an idle stream, and finds a client that
/// has gone: the write fails, and the stream ends. It ends too when the server shuts down.
///
/// It writes straight into the response, in the connection's own task: a task and a buffered
/// stream of its own per open stream cost memory while idle and two more hand-offs per event.
/// For the same reason it holds only the two services it uses (a copy of `Services` is ~2.8 KB,
/// kept for as long as the stream is open), and it learns of shutdown from a handler, not from
/// `cancelOnGracefulShutdown()`, which runs four tasks per stream (~9 KB while idle).
struct NotificationEventStream: Sendable {
    let hub: NotificationHub
    let notifications: NotificationService
    let userID: UUID
    /// From `Last-Event-ID`: what the client saw last; it gets everything after it first.
    let lastEventID: UUID?

    init(services: Services, userID: UUID, lastEventID: UUID?) {
        hub = services.hub
        notifications = services.notifications
        self.userID = userID
        self.lastEventID = lastEventID
    }

    /// Writes events until the client goes away or the server stops.
    func write(to writer: inout any ResponseBodyWriter) async throws {
        let subscription = hub.subscribe(userID: userID)
        var last = lastEventID
        if last == nil {
            // A new stream starts from now: only what is made from here on is an event.
            last = try await notifications.list(userID: userID, after: nil, limit: 1).first?.id
            try await writer.write(Self.event(name: "unread", id: nil, data: "\(try await unread())"))
        } else {
            try await send(since: &last, to: &writer)
        }
        try await writer.write(Self.comment("connected"))
        // Until the server shuts down: a stream never ends by itself, and the server waits for
        // every response to end before it stops.
        try await withGracefulShutdownHandler {
            for await wake in subscription.wakeUps {
                switch wake {
                case .changed(let snapshot): try await send(since: &last, to: &writer, snapshot: snapshot)
                case .heartbeat: try await writer.write(Self.comment("keep-alive"))
                }
            }
        } onGracefulShutdown: {
            subscription.end()
        }
        try await writer.finish(nil)
    }

    /// The same events as chunks of bytes, for the generated handler of the operation (which
    /// `EventStreamMiddleware` answers before it is reached).
    func bytes() -> AsyncThrowingStream<ArraySlice<UInt8>, any Error> {
        let (output, continuation) = AsyncThrowingStream<ArraySlice<UInt8>, any Error>.makeStream()
        let task = Task {
            var writer: any ResponseBodyWriter = ContinuationWriter(continuation: continuation)
            do {
                try await write(to: &writer)
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return output
    }

    private func unread() async throws -> Int {
        try await notifications.unreadCount(userID: userID)
    }

    /// Every notification after `last`, each followed by the unread count: from the hub's
    /// snapshot when it reaches back to `last` (the usual case), else read for this stream. One
    /// write per wake-up, of bytes made once for every stream when one notification is new: a
    /// write is a hop to the connection's event loop and a system call, and a wake-up reaches
    /// every open stream of the user at once.
    private func send(
        since last: inout UUID?, to writer: inout any ResponseBodyWriter,
        snapshot: NotificationHub.InboxSnapshot? = nil
    ) async throws {
        let unread: Int
        let missed: [InboxNotification]
        if let snapshot, let last, let index = snapshot.newest.firstIndex(where: { $0.id == last }) {
            unread = snapshot.unread
            missed = Array(snapshot.newest[(index + 1)...])
        } else {
            unread = try await self.unread()
            missed = try await notifications.missed(since: last, userID: userID)
        }
        guard let newest = missed.last else {
            return try await writer.write(Self.event(name: "unread", id: nil, data: "\(unread)"))
        }
        if missed.count == 1 {
            try await writer.write(try EncodedEvents.shared.event(newest, unreadCount: unread))
        } else {
            var events = ByteBuffer()
            for notification in missed {
                var event = try EncodedEvents.shared.event(notification, unreadCount: unread)
                events.writeBuffer(&event)
            }
            try await writer.write(events)
        }
        last = newest.id
    }

    /// One event in the `text/event-stream` format; `data` is one line (JSON has no raw newlines).
    static func event(name: String, id: String?, data: String) -> ByteBuffer {
        var text = "event: \(name)\n"
        if let id { text += "id: \(id)\n" }
        text += "data: \(data)\n\n"
        return ByteBuffer(string: text)
    }

    /// A comment line: shows the stream is alive, and is no event.
    static func comment(_ text: String) -> ByteBuffer {
        ByteBuffer(string: ": \(text)\n\n")
    }
}

/// Writes a body into an async stream (see `NotificationEventStream.bytes()`); a write fails once
/// nobody reads the stream any more.
private struct ContinuationWriter: ResponseBodyWriter {
    let continuation: AsyncThrowingStream<ArraySlice<UInt8>, any Error>.Continuation

    mutating func write(_ buffer: ByteBuffer) async throws {
        if case .terminated = continuation.yield(ArraySlice(buffer.readableBytesView)) { throw CancellationError() }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        continuation.finish()
    }
}

/// The `notification` events made last, each with the `unread` event that follows it: every open
/// stream of a user sends the same bytes for the same notification, so they are made once per
/// notification, not once per stream. (Made per stream, with a date formatter and a dictionary
/// each, they were ~90 µs a stream: with 1,000 streams the last one heard 90 ms after the first.)
private final class EncodedEvents: Sendable {
    static let shared = EncodedEvents()

    /// Everything the event says that can change: the notification's read state and the count.
    private struct Key: Hashable {
        let id: UUID
        let read: Bool
        let unreadCount: Int
    }

    private let made = Mutex<[Key: ByteBuffer]>([:])

    func event(_ notification: InboxNotification, unreadCount: Int) throws -> ByteBuffer {
        let key = Key(id: notification.id, read: notification.isRead, unreadCount: unreadCount)
        if let event = made.withLock({ $0[key] }) { return event }
        var event = NotificationEventStream.event(
            name: "notification", id: notification.id.lowercasedString,
            data: try EventData(notification, unreadCount: unreadCount).json())
        var count = NotificationEventStream.event(name: "unread", id: nil, data: "\(unreadCount)")
        event.writeBuffer(&count)
        made.withLock { made in
            // Only the newest matter: a notification reaches every stream within moments.
            if made.count >= 256 { made.removeAll(keepingCapacity: true) }
            made[key] = event
        }
        return event
    }
}

/// The `data` of a `notification` event: the notification exactly as the API writes it
/// (`Components.Schemas.Notification`, by the encoder of every API answer), with the unread count
/// in the same object.
private struct EventData: Encodable {
    let notification: Components.Schemas.Notification
    let unreadCount: Int

    init(_ notification: InboxNotification, unreadCount: Int) {
        self.notification = Components.Schemas.Notification(notification)
        self.unreadCount = unreadCount
    }

    private enum CodingKeys: String, CodingKey { case unreadCount }

    func encode(to encoder: any Encoder) throws {
        try notification.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(unreadCount, forKey: .unreadCount)
    }

    func json() throws -> String {
        String(decoding: try ResponseJSONEncoder().encode(self), as: UTF8.self)
    }
}
