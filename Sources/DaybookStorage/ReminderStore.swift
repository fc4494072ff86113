import DaybookCore
import Foundation

/// Users' reminder settings, and when each one's next reminder is due: the scheduler's durable
/// state, so that reminders survive restarts and several app servers share the work.
public protocol ReminderStore: Sendable {
    /// The user's settings; nil when never set (reminders off).
    func settings(userID: UUID) async throws -> ReminderSettings?
    /// Saves the settings and the next reminder (nil when none is coming).
    func save(_ settings: ReminderSettings, userID: UUID, next: ScheduledReminder?) async throws
    /// Users whose next reminder is due at or before `now`, earliest first.
    func due(at now: Date, limit: Int) async throws -> [DueReminder]
    /// Moves a due reminder on to the next one, if nobody else has: false when another app
    /// server claimed it first (its `next_at` is no longer `claimed.at`). Exactly one claims it.
    func claim(_ claimed: DueReminder, next: ScheduledReminder?) async throws -> Bool
    /// The earliest upcoming reminder of anyone, to know how long to sleep.
    func earliest() async throws -> Date?
}

/// A user's reminder that has come due.
public struct DueReminder: Sendable, Hashable {
    public var userID: UUID
    public var reminder: ScheduledReminder

    public init(userID: UUID, reminder: ScheduledReminder) {
        self.userID = userID
        self.reminder = reminder
    }
}
