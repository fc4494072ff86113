import DaybookCore
import DaybookStorage
import Foundation

/// Reminder settings, and sending reminders when they come due (`sendDue`, which the app's
/// scheduler calls). The next due time of each user is kept in the database: a restart loses
/// nothing, and with several app servers each reminder is claimed, and so sent, by exactly one.
public struct ReminderService: Sendable {
    let store: any DaybookStore
    let notifications: NotificationService
    let now: @Sendable () -> Date
    /// A reminder found later than this (the server was down) is skipped, not sent late.
    public static let lateness: TimeInterval = 10 * 60

    public init(
        store: any DaybookStore, notifications: NotificationService, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.notifications = notifications
        self.now = now
    }

    public func settings(userID: UUID) async throws -> ReminderSettings {
        try await store.reminders.settings(userID: userID) ?? .off
    }

    /// Checks and saves the settings; answers the coming reminders (at least five when any are
    /// on), so the person sees what they will get.
    public func save(_ settings: ReminderSettings, for user: User) async throws -> [ScheduledReminder] {
        try settings.validate()
        let upcoming = ReminderSchedule.upcoming(after: now(), settings: settings, zone: user.zone, count: 5)
        try await store.reminders.save(settings, userID: user.id, next: upcoming.first)
        return upcoming
    }

    /// The coming reminders of a user, as the settings page and the API show them.
    public func upcoming(for user: User, count: Int = 5) async throws -> [ScheduledReminder] {
        ReminderSchedule.upcoming(
            after: now(), settings: try await settings(userID: user.id), zone: user.zone, count: count)
    }

    /// After a time-zone change the next reminder moves to the new zone's wall clock.
    public func reschedule(_ user: User) async throws {
        guard let settings = try await store.reminders.settings(userID: user.id) else { return }
        let next = ReminderSchedule.upcoming(after: now(), settings: settings, zone: user.zone, count: 1).first
        try await store.reminders.save(settings, userID: user.id, next: next)
    }

    /// Sends every reminder that has come due, each once; answers how many were sent.
    @discardableResult
    public func sendDue() async throws -> Int {
        let time = now()
        var sent = 0
        for due in try await store.reminders.due(at: time, limit: 500) {
            guard let user = try await store.users.user(id: due.userID) else { continue }
            let settings = try await settings(userID: user.id)
            let next = ReminderSchedule.upcoming(
                after: max(time, due.reminder.at), settings: settings, zone: user.zone, count: 1
            )
            .first
            // Claiming moves the user's next time on; only the server whose claim lands sends.
            guard try await store.reminders.claim(due, next: next) else { continue }
            guard time.timeIntervalSince(due.reminder.at) <= Self.lateness else { continue }
            // Only a check-in reminder with "skip after a check-in" set needs the last check-in.
            let lastCheckin =
                due.reminder.kind == .checkin && settings.skipIfCheckedInWithinMinutes > 0
                ? try await store.checkins.checkins(userID: user.id, from: nil, to: nil, after: nil, limit: 1).first?.at
                : nil
            if ReminderSchedule.skips(due.reminder, lastCheckin: lastCheckin, settings: settings) { continue }
            switch due.reminder.kind {
            case .checkin:
                try await notifications.notify(
                    userID: user.id, kind: "reminder.checkin", text: "How are you feeling right now?",
                    link: "/today#checkin")
            case .daily:
                try await notifications.notify(
                    userID: user.id, kind: "reminder.daily", text: "A minute for your journal: how was today?",
                    link: "/today")
            }
            sent += 1
        }
        return sent
    }

    /// When the scheduler should look again: the earliest next reminder of anyone, or nil.
    public func nextWake() async throws -> Date? {
        try await store.reminders.earliest()
    }
}
