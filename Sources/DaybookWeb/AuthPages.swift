import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird

/// The welcome page, log in, sign up and log out (seed 001 FR18–28, issue 2 "Accounts").
struct AuthPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/") { request, context in try await welcome(request, context) }
        router.get("/login") { request, context in try await loginForm(request, context) }
        router.post("/login") { request, context in try await login(request, context) }
        router.get("/signup") { request, context in try await signupForm(request, context) }
        router.post("/signup") { request, context in try await signup(request, context) }
        router.get("/logout") { request, context in try await logoutConfirm(request, context) }
        router.post("/logout") { request, context in try await logout(request, context) }
    }

    // MARK: Welcome

    struct WelcomeModel {
        let notice: String?
    }

    func welcome(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if context.auth != nil { return Web.redirect("/today") }
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "deleted": "Your account and everything in it has been deleted."
            default: nil
            }
        return web.renderer.page("welcome", WelcomeModel(notice: notice), title: "Welcome", context: context)
    }

    // MARK: Log in

    struct LoginModel {
        var login = ""
        var remember = false
        var next: String?
        var errors = FormErrors().dictionary
        var summary: String?
        var notice: String?
    }

    func loginForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if context.auth != nil { return Web.redirect("/today") }
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "loggedout": "You are logged out."
            case "revoked": "That device is logged out."
            case "code-expired": "That log-in took too long. Log in again with your password."
            default: nil
            }
        let model = LoginModel(
            next: Web.safeNext(request.uri.queryParameters.get("next").map { String($0) }), notice: notice)
        return web.renderer.page("login", model, title: "Log in", context: context)
    }

    func login(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let form = try await FormData.from(request)
        var model = LoginModel(login: form["login"], remember: form.has("remember"), next: Web.safeNext(form["next"]))
        if context.auth != nil { return Web.redirect(model.next ?? "/today") }
        do {
            let issued = try await web.services.accounts.login(
                login: form["login"], password: form["password"], kind: .web, persistent: model.remember,
                client: context.client)
            return Web.startSession(issued, redirectTo: model.next ?? "/today", context: context)
        } catch let error as ValidationError {
            let errors = FormErrors(error)
            model.errors = errors.dictionary
            model.summary = errors.summary
            return web.renderer.page("login", model, title: "Log in", context: context, status: .unprocessableContent)
        } catch AccountError.secondFactorRequired(let challenge) {
            return TwoFactorPages.codePage(web: web, challenge: challenge, next: model.next, context: context)
        } catch AccountError.invalidCredentials {
            model.summary = "The email/username or password is wrong."
            return web.renderer.page("login", model, title: "Log in", context: context, status: .unauthorized)
        } catch AccountError.tooManyAttempts(let seconds) {
            model.summary = Web.tooManyAttempts(retryAfterSeconds: seconds)
            return web.renderer.page(
                "login", model, title: "Log in", context: context, status: .tooManyRequests,
                headers: [.retryAfter: String(seconds)])
        }
    }

    // MARK: Sign up

    struct SignupModel {
        var email = ""
        var username = ""
        var displayName = ""
        var timeZone = ""
        var remember = false
        var errors = FormErrors().dictionary
        var summary: String?
    }

    func signupForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if context.auth != nil { return Web.redirect("/today") }
        return web.renderer.page("signup", SignupModel(), title: "Create account", context: context)
    }

    func signup(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if context.auth != nil { return Web.redirect("/today") }
        let form = try await FormData.from(request)
        var model = SignupModel(
            email: form["email"], username: form["username"], displayName: form["displayName"],
            timeZone: form["timeZone"], remember: form.has("remember"))
        // The zone comes from the browser, not from a field the user sees: one the server does not
        // know becomes UTC (changeable on the profile) rather than an error the user cannot fix.
        let zone = (try? ProfileRules.validateTimeZone(model.timeZone)) ?? "UTC"
        do {
            let issued = try await web.services.accounts.register(
                Registration(
                    email: model.email, username: model.username, password: form["password"], timeZone: zone,
                    displayName: model.displayName),
                kind: .web, persistent: model.remember, client: context.client)
            return Web.startSession(issued, redirectTo: "/today", context: context)
        } catch let error as ValidationError {
            let errors = FormErrors(error)
            model.errors = errors.dictionary
            model.summary = errors.summary
            return web.renderer.page(
                "signup", model, title: "Create account", context: context, status: .unprocessableContent)
        } catch AccountError.tooManyAttempts(let seconds) {
            model.summary = Web.tooManyAttempts(retryAfterSeconds: seconds)
            return web.renderer.page(
                "signup", model, title: "Create account", context: context, status: .tooManyRequests,
                headers: [.retryAfter: String(seconds)])
        }
    }

    // MARK: Log out

    func logoutConfirm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard context.auth != nil else { return Web.redirect("/login") }
        return web.renderer.page("logout", [String: String](), title: "Log out", context: context, tab: .profile)
    }

    func logout(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        if let auth = context.auth {
            try await web.services.accounts.logout(auth)
        }
        var response = Web.redirect("/login?notice=loggedout")
        response.setCookie(DaybookCookie.clearSession(secure: context.isSecure))
        // Whatever a page of the old session held is no good for the next one.
        response.setCookie(DaybookCookie.csrf(token: SessionToken.generate(), secure: context.isSecure))
        // And nothing of it stays on this device: saved pages, photos, drafts, the service worker.
        response.headers[HTTPField.Name("Clear-Site-Data")!] = "\"cache\", \"storage\""
        return response
    }
}
