import DaybookStorage
import Foundation
import Synchronization

/// The open streams of this app server, by user. One task listens to the store's channel (every
/// app server's announcements) and wakes the streams of the user named; each stream then reads
/// what is new from the inbox itself. A waiting stream is a suspended task: no thread, no CPU.
public final class NotificationHub: Sendable {
    private let channel: any NotificationChannel
    private let streams = Mutex([UUID: [UUID: AsyncStream<Void>.Continuation]]())

    public init(channel: any NotificationChannel) {
        self.channel = channel
    }

    /// Runs until cancelled: passes announcements on to this server's streams.
    public func run() async {
        for await userID in channel.announcements() {
            let waiting = streams.withLock { Array(($0[userID] ?? [:]).values) }
            for stream in waiting { stream.yield() }
        }
    }

    /// A wake-up each time something changes in the user's inbox, until the stream is dropped.
    public func subscribe(userID: UUID) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        streams.withLock { $0[userID, default: [:]][key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.streams.withLock { streams in
                streams[userID]?[key] = nil
                if streams[userID]?.isEmpty == true { streams[userID] = nil }
            }
        }
        return stream
    }

    /// How many streams are open here (for metrics and tests).
    public var openStreams: Int { streams.withLock { $0.values.reduce(0) { $0 + $1.count } } }
}
