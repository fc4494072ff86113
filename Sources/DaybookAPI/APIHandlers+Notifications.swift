import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation
import OpenAPIRuntime

/// The inbox, its live stream, and reminder settings.
extension APIHandlers {
    func listNotifications(_ input: Operations.listNotifications.Input) async throws
        -> Operations.listNotifications.Output
    {
        let auth = try authenticated()
        let limit = try pageLimit(input.query.limit)
        var cursor: PageCursor?
        if let token = input.query.cursor {
            guard let parsed = PageCursor(token: token) else { throw APIProblem.validation([.invalidCursor]) }
            cursor = parsed
        }
        let items = try await services.notifications.list(userID: auth.user.id, after: cursor, limit: limit)
        let next = items.count == limit ? items.last.map { PageCursor(createdAt: $0.createdAt, id: $0.id).token } : nil
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: items.map(Components.Schemas.Notification.init), nextCursor: next,
                        unreadCount: try await services.notifications.unreadCount(userID: auth.user.id)))))
    }

    func markNotificationRead(_ input: Operations.markNotificationRead.Input) async throws
        -> Operations.markNotificationRead.Output
    {
        let auth = try authenticated()
        try await services.notifications.markRead(
            id: try pathID(input.path.notificationId, "notificationId"), userID: auth.user.id)
        return .noContent(.init())
    }

    func markAllNotificationsRead(_ input: Operations.markAllNotificationsRead.Input) async throws
        -> Operations.markAllNotificationsRead.Output
    {
        try await services.notifications.markAllRead(userID: try authenticated().user.id)
        return .noContent(.init())
    }

    func sendTestNotification(_ input: Operations.sendTestNotification.Input) async throws
        -> Operations.sendTestNotification.Output
    {
        let notification = try await services.notifications.sendTest(userID: try authenticated().user.id)
        return .created(.init(body: .json(.init(notification))))
    }

    /// Not reached: `EventStreamMiddleware` answers this path with a lighter streaming body. Kept
    /// working (the same stream) because the contract lists the operation.
    func streamEvents(_ input: Operations.streamEvents.Input) async throws -> Operations.streamEvents.Output {
        let auth = try authenticated()
        let lastID = input.headers.Last_hyphen_Event_hyphen_ID.flatMap { UUID(text: $0) }
        let stream = NotificationEventStream(services: services, userID: auth.user.id, lastEventID: lastID)
        return .ok(
            .init(
                body: .text_event_hyphen_stream(HTTPBody(stream.bytes(), length: .unknown, iterationBehavior: .single)))
        )
    }

    // MARK: Web Push

    func getPushPublicKey(_ input: Operations.getPushPublicKey.Input) async throws -> Operations.getPushPublicKey.Output
    {
        _ = try authenticated()
        return .ok(.init(body: .json(.init(publicKey: try await services.push.publicKey()))))
    }

    func listPushSubscriptions(_ input: Operations.listPushSubscriptions.Input) async throws
        -> Operations.listPushSubscriptions.Output
    {
        let devices = try await services.push.subscriptions(userID: try authenticated().user.id)
        return .ok(.init(body: .json(.init(items: devices.map(Components.Schemas.PushDevice.init)))))
    }

    func createPushSubscription(_ input: Operations.createPushSubscription.Input) async throws
        -> Operations.createPushSubscription.Output
    {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let device: PushSubscription
        if let keys = body.keys {
            device = try await services.push.subscribe(
                userID: auth.user.id, endpoint: body.endpoint, p256dh: keys.p256dh, auth: keys.auth,
                deviceName: body.deviceName ?? auth.session.deviceName)
        } else {
            device = try await services.push.addPushApp(userID: auth.user.id, url: body.endpoint)
        }
        return .created(.init(body: .json(.init(device))))
    }

    func deletePushSubscription(_ input: Operations.deletePushSubscription.Input) async throws
        -> Operations.deletePushSubscription.Output
    {
        let auth = try authenticated()
        try await services.push.unsubscribe(
            id: try pathID(input.path.subscriptionId, "subscriptionId"), userID: auth.user.id)
        return .noContent(.init())
    }

    func getReminders(_ input: Operations.getReminders.Input) async throws -> Operations.getReminders.Output {
        let auth = try authenticated()
        let settings = try await services.reminders.settings(userID: auth.user.id)
        let next = try await services.reminders.upcoming(for: auth.user)
        return .ok(.init(body: .json(.init(settings, next: next, zone: auth.user.zone))))
    }

    func putReminders(_ input: Operations.putReminders.Input) async throws -> Operations.putReminders.Output {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        var errors = FieldErrors()
        let start = LocalTime(body.wakingHours.start)
        let end = LocalTime(body.wakingHours.end)
        if start == nil { errors.add("wakingHours.start", "invalid", "Give a time as HH:MM, like 08:00.") }
        if end == nil { errors.add("wakingHours.end", "invalid", "Give a time as HH:MM, like 22:00.") }
        let daily = body.dailyReminder.map(LocalTime.init)
        if case .some(nil) = daily { errors.add("dailyReminder", "invalid", "Give a time as HH:MM, like 21:30.") }
        if Set(body.weekdays).count != body.weekdays.count {
            errors.add("weekdays", "invalid", "Give each day of the week once.")
        }
        try errors.throwIfAny()
        let settings = ReminderSettings(
            wakingStart: start!, wakingEnd: end!, checkinReminders: body.checkinReminders, dailyReminder: daily ?? nil,
            weekdays: Set(body.weekdays), skipIfCheckedInWithinMinutes: body.skipIfCheckedInWithinMinutes ?? 0)
        let next = try await services.reminders.save(settings, for: auth.user)
        return .ok(.init(body: .json(.init(settings, next: next, zone: auth.user.zone))))
    }
}

extension Components.Schemas.Notification {
    init(_ notification: InboxNotification) {
        self.init(
            id: notification.id.apiString, kind: notification.kind, text: notification.text, link: notification.link,
            createdAt: notification.createdAt, read: notification.isRead)
    }
}

extension Components.Schemas.PushDevice {
    init(_ device: PushSubscription) {
        self.init(
            id: device.id.apiString, deviceName: device.deviceName,
            pushService: URL(string: device.endpoint)?.host ?? "", createdAt: device.createdAt)
    }
}

extension Components.Schemas.Reminders {
    init(_ settings: ReminderSettings, next: [ScheduledReminder], zone: TimeZone) {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        self.init(
            settings: .init(
                wakingHours: .init(start: settings.wakingStart.description, end: settings.wakingEnd.description),
                checkinReminders: settings.checkinReminders, dailyReminder: settings.dailyReminder?.description,
                weekdays: settings.weekdays.sorted(),
                skipIfCheckedInWithinMinutes: settings.skipIfCheckedInWithinMinutes),
            next: next.map { .init(at: formatter.string(from: $0.at), kind: $0.kind == .checkin ? .checkin : .daily) })
    }
}
