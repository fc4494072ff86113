import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

/// The notifications page (the bell leads here) and the reminder settings (issue 13).
struct NotificationPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/notifications") { request, context in try await list(request, context) }
        router.get("/notifications/{id}/open") { request, context in try await open(request, context) }
        router.post("/notifications/read-all") { request, context in try await readAll(request, context) }
        router.post("/notifications/test") { request, context in try await sendTest(request, context) }
        router.get("/profile/reminders") { request, context in try await remindersForm(request, context) }
        router.post("/profile/reminders") { request, context in try await saveReminders(request, context) }
        router.post("/profile/push") { request, context in try await subscribe(request, context) }
        router.post("/profile/push-app") { request, context in try await addPushApp(request, context) }
        router.post("/profile/push/{id}/delete") { request, context in try await removeDevice(request, context) }
    }

    // MARK: Inbox

    struct ListModel {
        struct Row {
            let href: String
            let text: String
            let time: String
            let unread: Bool
        }
        let items: [Row]
        let hasItems: Bool
        let hasUnread: Bool
        let olderHref: String?
    }

    func list(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let cursor = request.uri.queryParameters.get("after").flatMap { PageCursor(token: String($0)) }
        let items = try await web.services.notifications.list(userID: auth.user.id, after: cursor, limit: 30)
        let unread = try await web.services.notifications.unreadCount(userID: auth.user.id)
        let rows = items.map { item in
            ListModel.Row(
                href: "/notifications/\(item.id.lowercasedString)/open", text: item.text,
                time: DateText.dateTime(item.createdAt, in: auth.user.zone), unread: !item.isRead)
        }
        let older =
            items.count == 30
            ? items.last.map { "/notifications?after=" + PageCursor(createdAt: $0.createdAt, id: $0.id).token } : nil
        let model = ListModel(items: rows, hasItems: !rows.isEmpty, hasUnread: unread > 0, olderHref: older)
        return web.renderer.page("notifications", model, title: "Notifications", context: context, tab: nil)
    }

    /// Opening a notification reads it and goes where it points (a path on this site only).
    func open(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else {
            return web.notFound(context)
        }
        do {
            let item = try await web.services.notifications.notification(id: id, userID: auth.user.id)
            try await web.services.notifications.markRead(id: id, userID: auth.user.id)
            return Web.redirect(Web.safeNext(item.link) ?? "/today")
        } catch is NotFound {
            return web.notFound(context)
        }
    }

    func sendTest(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        _ = try await web.services.notifications.sendTest(userID: auth.user.id)
        return Web.redirect("/notifications")
    }

    func readAll(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        try await web.services.notifications.markAllRead(userID: auth.user.id)
        return Web.redirect("/notifications")
    }

    // MARK: Reminders

    struct RemindersModel {
        struct Day {
            let number: Int
            let name: String
            let checked: Bool
        }
        var wakingStart: String
        var wakingEnd: String
        var checkinReminders: Bool
        var dailyReminder: String
        var days: [Day]
        var skipMinutes: String
        var next: [String]
        var hasNext: Bool
        var saved: Bool
        var errors = FormErrors().dictionary
        var summary: String?
        struct Device {
            let id: String
            let name: String
            let detail: String
        }
        var devices: [Device] = []
        var hasDevices = false
        /// The server's VAPID key, for the browser's `pushManager.subscribe`.
        var vapidKey = ""
        var pushAppURL = ""
        var notice: String?
    }

    func remindersForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let settings = try await web.services.reminders.settings(userID: auth.user.id)
        let next = try await web.services.reminders.upcoming(for: auth.user)
        var model = model(
            settings, next: next, zone: auth.user.zone, saved: request.uri.queryParameters.get("saved") != nil)
        model.notice =
            switch request.uri.queryParameters.get("notice") {
            case "device-added": "This device will get notifications."
            case "app-added": "Your push app will get notifications."
            case "device-removed": "That device gets no more notifications."
            default: nil
            }
        return try await page(model, auth: auth, context: context)
    }

    // MARK: Devices

    /// From app.js, after the browser subscribed: its `PushSubscription.toJSON()`.
    func subscribe(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else {
            return PhotoPages.json(["message": "Log in again."], status: .unauthorized)
        }
        var request = request
        let body = try await request.collectBody(upTo: 16 * 1024)
        struct Subscription: Decodable {
            struct Keys: Decodable {
                let p256dh: String
                let auth: String
            }
            let endpoint: String
            let keys: Keys
        }
        guard let subscription = try? JSONDecoder().decode(Subscription.self, from: Data(buffer: body)) else {
            return PhotoPages.json(["message": "The browser sent no push subscription."], status: .badRequest)
        }
        do {
            _ = try await web.services.push.subscribe(
                userID: auth.user.id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh,
                auth: subscription.keys.auth, deviceName: context.client.deviceName)
            return PhotoPages.json(["message": "This device will get notifications."], status: .created)
        } catch let error as ValidationError {
            return PhotoPages.json(
                ["message": error.errors.first?.message ?? "That did not work."], status: .unprocessableContent)
        } catch let error as LimitReached {
            return PhotoPages.json(["message": error.message], status: .tooManyRequests)
        }
    }

    func addPushApp(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        do {
            _ = try await web.services.push.addPushApp(userID: auth.user.id, url: form["pushAppURL"])
            return Web.redirect("/profile/reminders?notice=app-added")
        } catch let error as ValidationError {
            let settings = try await web.services.reminders.settings(userID: auth.user.id)
            var model = model(
                settings, next: try await web.services.reminders.upcoming(for: auth.user), zone: auth.user.zone,
                saved: false)
            var errors = FormErrors()
            errors["pushAppURL"] = error.errors.first?.message
            model.errors = errors.dictionary
            model.summary = errors.summary
            model.pushAppURL = form["pushAppURL"]
            return try await page(model, auth: auth, context: context, status: .unprocessableContent)
        }
    }

    func removeDevice(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else {
            return web.notFound(context)
        }
        do {
            try await web.services.push.unsubscribe(id: id, userID: auth.user.id)
        } catch is NotFound {
            return web.notFound(context)
        }
        return Web.redirect("/profile/reminders?notice=device-removed")
    }

    func saveReminders(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        var errors = FormErrors()
        let start = LocalTime(form["wakingStart"])
        let end = LocalTime(form["wakingEnd"])
        if start == nil { errors["wakingStart"] = "Give a time like 08:00." }
        if end == nil { errors["wakingEnd"] = "Give a time like 22:00." }
        let dailyText = form["dailyReminder"].trimmingCharacters(in: .whitespaces)
        let daily = dailyText.isEmpty ? nil : LocalTime(dailyText)
        if !dailyText.isEmpty, daily == nil { errors["dailyReminder"] = "Give a time like 21:30, or leave it empty." }
        let skip = form["skipMinutes"].isEmpty ? 0 : Int(form["skipMinutes"])
        if skip == nil { errors["skipMinutes"] = "Give a number of minutes, like 30." }
        let settings = ReminderSettings(
            wakingStart: start ?? LocalTime(hour: 8, minute: 0)!, wakingEnd: end ?? LocalTime(hour: 22, minute: 0)!,
            checkinReminders: form.has("checkinReminders"), dailyReminder: daily,
            weekdays: Set(form.all("weekday").compactMap(Int.init)), skipIfCheckedInWithinMinutes: skip ?? 0)
        if errors.isEmpty {
            do {
                _ = try await web.services.reminders.save(settings, for: auth.user)
                return Web.redirect("/profile/reminders?saved=1")
            } catch let error as ValidationError {
                errors = FormErrors(
                    error, aliases: ["wakingHours.end": "wakingEnd", "skipIfCheckedInWithinMinutes": "skipMinutes"])
            }
        }
        var model = model(settings, next: [], zone: auth.user.zone, saved: false)
        model.wakingStart = form["wakingStart"]
        model.wakingEnd = form["wakingEnd"]
        model.dailyReminder = dailyText
        model.skipMinutes = form["skipMinutes"]
        model.errors = errors.dictionary
        model.summary = errors.summary
        return try await page(model, auth: auth, context: context, status: .unprocessableContent)
    }

    private func model(_ settings: ReminderSettings, next: [ScheduledReminder], zone: TimeZone, saved: Bool)
        -> RemindersModel
    {
        let lines = next.map { reminder in
            "\(DateText.dateTime(reminder.at, in: zone)): \(reminder.kind == .checkin ? "check-in" : "journal")"
        }
        return RemindersModel(
            wakingStart: settings.wakingStart.description, wakingEnd: settings.wakingEnd.description,
            checkinReminders: settings.checkinReminders, dailyReminder: settings.dailyReminder?.description ?? "",
            days: (1...7).map {
                RemindersModel.Day(number: $0, name: Weekdays.name($0), checked: settings.weekdays.contains($0))
            },
            skipMinutes: String(settings.skipIfCheckedInWithinMinutes), next: lines, hasNext: !lines.isEmpty,
            saved: saved)
    }

    /// Adds the devices and the VAPID key, and renders.
    private func page(
        _ model: RemindersModel, auth: Authenticated, context: AppRequestContext, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var model = model
        model.devices = try await web.services.push.subscriptions(userID: auth.user.id).map { device in
            RemindersModel.Device(
                id: device.id.lowercasedString, name: device.deviceName,
                detail: (device.kind == .pushApp ? "Push app" : "Web Push") + " · added "
                    + DateText.medium(LocalDate(device.createdAt, in: auth.user.zone)))
        }
        model.hasDevices = !model.devices.isEmpty
        model.vapidKey = try await web.services.push.publicKey()
        return web.renderer.page(
            "reminders", model, title: "Reminders", context: context, tab: .profile, status: status)
    }
}
