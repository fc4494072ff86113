import DaybookCore
import DaybookStorage
import Foundation
import Synchronization

/// The open streams of this app server, by user. One task listens to the store's channel (every
/// app server's announcements) and wakes the streams of the user named; each stream then reads
/// what is new from the inbox itself. A waiting stream is a suspended task: no thread, no CPU.
public final class NotificationHub: Sendable {
    /// What wakes a stream: something changed in its user's inbox, or it is time to show the
    /// connection is alive (one timer for every stream, not one per stream).
    public enum Wake: Sendable {
        /// The inbox changed; `snapshot` is what it holds now, read once for all of the user's
        /// streams on this server (nil when it could not be read: each stream reads for itself).
        case changed(InboxSnapshot?)
        case heartbeat
    }

    /// The newest notifications of a user (oldest first) and the unread count.
    public struct InboxSnapshot: Sendable {
        public var newest: [InboxNotification]
        public var unread: Int
    }

    private let channel: any NotificationChannel
    private let inbox: (any NotificationStore)?
    private let streams = Mutex([UUID: [UUID: AsyncStream<Wake>.Continuation]]())
    public static let heartbeat: Duration = .seconds(25)

    public init(channel: any NotificationChannel, inbox: (any NotificationStore)? = nil) {
        self.channel = channel
        self.inbox = inbox
    }

    /// Read once per announcement, however many streams the user has open here.
    private func snapshot(_ userID: UUID) async -> InboxSnapshot? {
        guard let inbox else { return nil }
        do {
            return InboxSnapshot(
                newest: try await inbox.newer(than: nil, userID: userID, limit: 100),
                unread: try await inbox.unreadCount(userID: userID))
        } catch {
            return nil
        }
    }

    /// Runs until cancelled: passes announcements on to this server's streams.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await userID in self.channel.announcements() {
                    let waiting = self.streams.withLock { Array(($0[userID] ?? [:]).values) }
                    guard !waiting.isEmpty else { continue }
                    let snapshot = await self.snapshot(userID)
                    for stream in waiting { stream.yield(.changed(snapshot)) }
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.heartbeat)
                    let all = self.streams.withLock { $0.values.flatMap(\.values) }
                    for stream in all { stream.yield(.heartbeat) }
                }
            }
            await group.waitForAll()
        }
    }

    /// One open stream's wake-ups: a wake-up each time something changes in the user's inbox,
    /// until the stream is dropped or `end()` is called.
    public struct Subscription: Sendable {
        public let wakeUps: AsyncStream<Wake>
        fileprivate let continuation: AsyncStream<Wake>.Continuation

        /// Ends `wakeUps` (the server is shutting down): a loop over them finishes.
        public func end() { continuation.finish() }
    }

    public func subscribe(userID: UUID) -> Subscription {
        let (stream, continuation) = AsyncStream<Wake>.makeStream(bufferingPolicy: .bufferingNewest(2))
        let key = UUID()
        streams.withLock { $0[userID, default: [:]][key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.streams.withLock { streams in
                streams[userID]?[key] = nil
                if streams[userID]?.isEmpty == true { streams[userID] = nil }
            }
        }
        return Subscription(wakeUps: stream, continuation: continuation)
    }

    /// How many streams are open here (for metrics and tests).
    public var openStreams: Int { streams.withLock { $0.values.reduce(0) { $0 + $1.count } } }
}
