import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird

/// The profile (seed 001 FR12–17, issue 2 "Profile"): view it, change it, change the password,
/// see and revoke sessions, delete the account.
struct ProfilePages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/profile") { request, context in try await show(request, context) }
        router.get("/profile/edit") { request, context in try await editForm(request, context) }
        router.post("/profile/edit") { request, context in try await edit(request, context) }
        router.get("/profile/password") { request, context in try await passwordForm(request, context) }
        router.post("/profile/password") { request, context in try await changePassword(request, context) }
        router.get("/profile/sessions") { request, context in try await sessions(request, context) }
        router.post("/profile/sessions/others/revoke") { request, context in try await revokeOthers(request, context) }
        router.post("/profile/sessions/{id}/revoke") { request, context in try await revoke(request, context) }
        router.get("/profile/delete") { request, context in try await deleteForm(request, context) }
        router.post("/profile/delete") { request, context in try await delete(request, context) }
    }

    // MARK: Overview

    struct ProfileModel {
        let name: String
        let username: String
        let email: String
        let bio: String?
        let timeZone: String
        let initials: String
        let avatarURL: String?
        let memberSince: String
        let sessionCount: Int
        let twoFactorOn: Bool
        let notice: String?
    }

    func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let user = auth.user
        let sessions = try await web.services.accounts.sessions(of: user.id)
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "saved": "Your profile is saved."
            case "password": "Your password is changed. Every other device has been logged out."
            case "revoked": "That device is logged out."
            case "revoked-others": "Every other device is logged out."
            case "avatar": "Your profile picture is saved."
            case "avatar-removed": "Your profile picture is removed."
            case "two-factor-off": "Two-factor sign-in is off. Your password alone logs you in again."
            default: nil
            }
        let model = ProfileModel(
            name: user.shownName, username: user.username, email: user.email, bio: user.bio.nonEmpty,
            timeZone: user.timeZone, initials: user.initials, avatarURL: UserBadge(user).avatarURL,
            memberSince: DateText.medium(LocalDate(user.createdAt, in: user.zone)), sessionCount: sessions.count,
            twoFactorOn: try await web.services.accounts.twoFactorStatus(userID: user.id).enabled, notice: notice)
        return web.renderer.page("profile", model, title: "Profile", context: context, tab: .profile)
    }

    // MARK: Edit

    struct EditModel {
        var displayName: String
        var username: String
        var email: String
        var bio: String
        var zoneOptions: String
        var initials: String
        var bioMax = ProfileRules.bioMaxLength
        var errors = FormErrors().dictionary
        var summary: String?
    }

    func editForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let user = auth.user
        let model = EditModel(
            displayName: user.displayName, username: user.username, email: user.email, bio: user.bio,
            zoneOptions: TimeZoneOptions.html(selected: user.timeZone), initials: user.initials)
        return web.renderer.page("profile_edit", model, title: "Edit profile", context: context, tab: .profile)
    }

    func edit(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        let changes = ProfileChanges(
            displayName: form["displayName"], bio: form["bio"], username: form["username"], email: form["email"],
            timeZone: form["timeZone"])
        do {
            let user = try await web.services.accounts.updateProfile(userID: auth.user.id, changes)
            // Reminders keep their wall-clock times in the new zone.
            if user.timeZone != auth.user.timeZone { try await web.services.reminders.reschedule(user) }
            return Web.redirect("/profile?notice=saved")
        } catch let error as ValidationError {
            let errors = FormErrors(error)
            var model = EditModel(
                displayName: form["displayName"], username: form["username"], email: form["email"], bio: form["bio"],
                zoneOptions: TimeZoneOptions.html(selected: form["timeZone"]), initials: auth.user.initials)
            model.errors = errors.dictionary
            model.summary = errors.summary
            return web.renderer.page(
                "profile_edit", model, title: "Edit profile", context: context, tab: .profile,
                status: .unprocessableContent)
        }
    }

    // MARK: Password

    struct PasswordModel {
        var errors = FormErrors().dictionary
        var summary: String?
        var username: String
    }

    func passwordForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        return web.renderer.page(
            "profile_password", PasswordModel(username: auth.user.username), title: "Change password",
            context: context, tab: .profile)
    }

    func changePassword(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        do {
            try await web.services.accounts.changePassword(
                auth, current: form["currentPassword"], new: form["newPassword"])
            return Web.redirect("/profile?notice=password")
        } catch let error as ValidationError {
            let errors = FormErrors(error)
            let model = PasswordModel(errors: errors.dictionary, summary: errors.summary, username: auth.user.username)
            return web.renderer.page(
                "profile_password", model, title: "Change password", context: context, tab: .profile,
                status: .unprocessableContent)
        } catch AccountError.tooManyAttempts(let seconds) {
            var errors = FormErrors()
            errors["currentPassword"] = Web.tooManyAttempts(retryAfterSeconds: seconds)
            let model = PasswordModel(errors: errors.dictionary, summary: errors.summary, username: auth.user.username)
            return web.renderer.page(
                "profile_password", model, title: "Change password", context: context, tab: .profile,
                status: .tooManyRequests, headers: [.retryAfter: String(seconds)])
        }
    }

    // MARK: Sessions

    struct SessionRow {
        let id: String
        let device: String
        let kind: String
        let ipAddress: String
        let lastSeen: String
        let started: String
        let current: Bool
        let persistent: Bool
    }

    struct SessionsModel {
        let sessions: [SessionRow]
        let hasOthers: Bool
    }

    func sessions(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let zone = auth.user.zone
        let rows = try await web.services.accounts.sessions(of: auth.user.id)
            .sorted {
                ($0.id == auth.session.id ? 0 : 1, -$0.lastSeenAt.timeIntervalSince1970) < (
                    $1.id == auth.session.id ? 0 : 1, -$1.lastSeenAt.timeIntervalSince1970
                )
            }
            .map { session in
                SessionRow(
                    id: session.id.lowercasedString, device: session.deviceName,
                    kind: session.kind == .api ? "App (API token)" : "Browser", ipAddress: session.ipAddress,
                    lastSeen: DateText.dateTime(session.lastSeenAt, in: zone),
                    started: DateText.dateTime(session.createdAt, in: zone), current: session.id == auth.session.id,
                    persistent: session.kind == .web && session.persistent)
            }
        let model = SessionsModel(sessions: rows, hasOthers: rows.contains { !$0.current })
        return web.renderer.page("profile_sessions", model, title: "Devices", context: context, tab: .profile)
    }

    func revoke(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else {
            return web.notFound(context)
        }
        do {
            try await web.services.accounts.revokeSession(id: id, userID: auth.user.id)
        } catch is NotFound {
            return web.notFound(context, message: "That session is already gone.")
        }
        if id == auth.session.id {
            var response = Web.redirect("/login?notice=loggedout")
            response.setCookie(DaybookCookie.clearSession(secure: context.isSecure))
            return response
        }
        return Web.redirect("/profile/sessions")
    }

    func revokeOthers(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        for session in try await web.services.accounts.sessions(of: auth.user.id) where session.id != auth.session.id {
            try? await web.services.accounts.revokeSession(id: session.id, userID: auth.user.id)
        }
        return Web.redirect("/profile?notice=revoked-others")
    }

    // MARK: Delete the account

    struct DeleteModel {
        var confirmed = false
        var errors = FormErrors().dictionary
        var summary: String?
        var username: String
    }

    func deleteForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        return web.renderer.page(
            "profile_delete", DeleteModel(username: auth.user.username), title: "Delete account", context: context,
            tab: .profile)
    }

    func delete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        var errors = FormErrors()
        let confirmed = form.has("confirm")
        do {
            if !confirmed {
                errors["confirm"] = "Tick the box to confirm that everything should be deleted."
                if form["password"].isEmpty { errors["password"] = "Enter your password." }
            } else {
                try await web.services.accounts.deleteAccount(auth, password: form["password"])
                var response = Web.redirect("/?notice=deleted")
                response.setCookie(DaybookCookie.clearSession(secure: context.isSecure))
                return response
            }
        } catch let error as ValidationError {
            errors = FormErrors(error)
        } catch AccountError.tooManyAttempts(let seconds) {
            errors["password"] = Web.tooManyAttempts(retryAfterSeconds: seconds)
        }
        let model = DeleteModel(
            confirmed: confirmed, errors: errors.dictionary, summary: errors.summary, username: auth.user.username)
        return web.renderer.page(
            "profile_delete", model, title: "Delete account", context: context, tab: .profile,
            status: .unprocessableContent)
    }
}

/// The `<option>`s of the time-zone picker: every IANA name the system knows, built once.
enum TimeZoneOptions {
    static let names: [String] = {
        var names = Set(TimeZone.knownTimeZoneIdentifiers)
        names.insert("UTC")
        return names.sorted()
    }()

    private static let known = Set(names)

    private static let options: [String] = names.map { "<option value=\"\($0)\">\(label($0))</option>" }

    /// "America/Argentina/Buenos_Aires" → "America / Argentina / Buenos Aires".
    private static func label(_ name: String) -> String {
        name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "/", with: " / ")
    }

    /// The options with one selected. A name that is not a known zone (typed into a tampered form)
    /// comes first, escaped, so the form shows what was sent beside its error.
    static func html(selected: String) -> String {
        var out = ""
        out.reserveCapacity(options.count * 48)
        if !known.contains(selected) {
            let escaped = SafeMarkdown.escape(selected)
            out += "<option value=\"\(escaped)\" selected>\(escaped)</option>"
        }
        for (index, name) in names.enumerated() {
            if name == selected {
                out += "<option value=\"\(name)\" selected>\(label(name))</option>"
            } else {
                out += options[index]
            }
        }
        return out
    }
}
