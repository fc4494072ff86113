import DaybookServices
import Foundation
import Logging
import ServiceLifecycle

/// Passes announcements of new notifications (from this and every other app server) to the
/// streams open here.
struct NotificationHubService: Service {
    let hub: NotificationHub

    func run() async throws {
        await cancelWhenGracefulShutdown { await hub.run() }
    }
}

/// Sends reminders when they come due. Wakes at the earliest next reminder of anyone (at most a
/// 15 seconds later, so a reminder just saved here or on another app server is not missed for long), sends what is
/// due, and sleeps again; several app servers may run it, since each reminder is claimed once.
struct ReminderScheduler: Service {
    let reminders: ReminderService
    let logger: Logger
    /// The longest sleep: how late a reminder saved on another app server can be noticed.
    var longestSleep: TimeInterval = 15

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            // Waits first: on a fresh instance the schema is still being created at start.
            try await Task.sleep(for: .seconds(2))
            while !Task.isCancelled {
                var sleep = longestSleep
                do {
                    try await reminders.sendDue()
                    if let next = try await reminders.nextWake() {
                        sleep = min(sleep, max(0.05, next.timeIntervalSinceNow))
                    }
                } catch {
                    logger.warning("sending reminders failed", metadata: ["error": "\(error)"])
                }
                try await Task.sleep(for: .milliseconds(Int(sleep * 1000)))
            }
        }
    }
}

/// Drains the Web Push outbox: sends what is due, then looks again after a second, or after 50 ms
/// when it found work (a retry waits in the outbox until its time, and is seen by the next look).
/// Every app server may run it; each delivery is leased to one at a time.
struct PushOutboxService: Service {
    let push: PushService
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            try await Task.sleep(for: .seconds(2))
            while !Task.isCancelled {
                var sleep = 1.0
                do {
                    if try await push.deliverDue() > 0 { sleep = 0.05 }
                } catch {
                    logger.warning("push delivery failed", metadata: ["error": "\(error)"])
                }
                try await Task.sleep(for: .milliseconds(Int(sleep * 1000)))
            }
        }
    }
}
