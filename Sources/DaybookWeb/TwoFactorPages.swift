import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird

/// Two-factor sign-in in the profile: turn it on (scan a QR code drawn here, type a code, save the
/// recovery codes), get new recovery codes, turn it off. And the second step of logging in.
struct TwoFactorPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/profile/two-factor") { request, context in try await show(request, context) }
        router.post("/profile/two-factor/start") { request, context in try await start(request, context) }
        router.post("/profile/two-factor/confirm") { request, context in try await confirm(request, context) }
        router.post("/profile/two-factor/recovery-codes") { request, context in try await newCodes(request, context) }
        router.post("/profile/two-factor/disable") { request, context in try await disable(request, context) }
        router.post("/login/code") { request, context in try await completeLogin(request, context) }
    }

    // MARK: Profile

    struct Model {
        var enabled = false
        var recoveryCodesLeft = 0
        /// While enrolling: the QR code (an inline SVG drawn here) and the secret to type.
        var qrSVG: String?
        var secretGroups: String?
        /// Shown once, right after they are made.
        var recoveryCodes: [String]?
        var hasRecoveryCodes = false
        var errors = FormErrors().dictionary
        var summary: String?
        var username = ""
    }

    func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        return try await page(auth, context: context)
    }

    func start(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        do {
            _ = try await web.services.accounts.beginTwoFactor(auth)
        } catch is ValidationError {
            // Already on: the page says so.
        }
        return Web.redirect("/profile/two-factor")
    }

    func confirm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        do {
            let codes = try await web.services.accounts.confirmTwoFactor(auth, code: form["code"])
            return try await page(auth, context: context, recoveryCodes: codes)
        } catch let error as ValidationError {
            return try await page(auth, context: context, errors: FormErrors(error), status: .unprocessableContent)
        } catch AccountError.tooManyAttempts(let seconds) {
            return try await throttled(auth, context: context, field: "code", seconds: seconds)
        }
    }

    func newCodes(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        do {
            let codes = try await web.services.accounts.newRecoveryCodes(auth, password: form["password"])
            return try await page(auth, context: context, recoveryCodes: codes)
        } catch let error as ValidationError {
            var errors = FormErrors(error)
            errors["codesPassword"] = errors["password"]
            errors["password"] = nil
            return try await page(auth, context: context, errors: errors, status: .unprocessableContent)
        } catch AccountError.tooManyAttempts(let seconds) {
            return try await throttled(auth, context: context, field: "codesPassword", seconds: seconds)
        }
    }

    func disable(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        do {
            try await web.services.accounts.disableTwoFactor(auth, password: form["password"])
            return Web.redirect("/profile?notice=two-factor-off")
        } catch let error as ValidationError {
            return try await page(auth, context: context, errors: FormErrors(error), status: .unprocessableContent)
        } catch AccountError.tooManyAttempts(let seconds) {
            return try await throttled(auth, context: context, field: "password", seconds: seconds)
        }
    }

    private func throttled(_ auth: Authenticated, context: AppRequestContext, field: String, seconds: Int) async throws
        -> Response
    {
        var errors = FormErrors()
        errors[field] = Web.tooManyAttempts(retryAfterSeconds: seconds)
        return try await page(
            auth, context: context, errors: errors, status: .tooManyRequests, headers: [.retryAfter: String(seconds)])
    }

    /// Fills in what the state is (on, enrolling, off) and renders.
    private func page(
        _ auth: Authenticated, context: AppRequestContext, recoveryCodes: [String]? = nil,
        errors: FormErrors = FormErrors(), status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) async throws -> Response {
        let state = try await web.services.accounts.twoFactorStatus(userID: auth.user.id)
        var model = Model(
            enabled: state.enabled, recoveryCodesLeft: state.recoveryCodesLeft, recoveryCodes: recoveryCodes,
            hasRecoveryCodes: recoveryCodes != nil, errors: errors.dictionary, summary: errors.summary,
            username: auth.user.username)
        if !state.enabled, let pending = try await web.services.accounts.pendingTwoFactor(auth) {
            model.qrSVG = QRCode(pending.address)?.svg(label: "QR code for your authenticator app")
            // In groups of four, as apps show secrets and people type them.
            let letters = Array(pending.secret)
            model.secretGroups = stride(from: 0, to: letters.count, by: 4)
                .map { String(letters[$0..<min($0 + 4, letters.count)]) }.joined(separator: " ")
        }
        return web.renderer.page(
            "two_factor", model, title: "Two-factor sign-in", context: context, tab: .profile, status: status,
            headers: headers)
    }

    // MARK: Log-in, second step

    struct CodeModel {
        var challenge: String
        var next: String?
        var errors = FormErrors().dictionary
        var summary: String?
    }

    /// What `/login` shows after a right password when two-factor sign-in is on.
    static func codePage(
        web: Web, challenge: String, next: String?, context: AppRequestContext, errors: FormErrors = FormErrors(),
        status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) -> Response {
        let model = CodeModel(challenge: challenge, next: next, errors: errors.dictionary, summary: errors.summary)
        return web.renderer.page(
            "login_code", model, title: "Enter your code", context: context, status: status, headers: headers)
    }

    func completeLogin(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let form = try await FormData.from(request)
        let next = Web.safeNext(form["next"])
        do {
            let issued = try await web.services.accounts.completeLogin(
                challenge: form["challenge"], code: form["code"], client: context.client)
            return Web.startSession(issued, redirectTo: next ?? "/today", context: context)
        } catch let error as ValidationError {
            return Self.codePage(
                web: web, challenge: form["challenge"], next: next, context: context, errors: FormErrors(error),
                status: .unprocessableContent)
        } catch AccountError.tooManyAttempts(let seconds) {
            var errors = FormErrors()
            errors["code"] = Web.tooManyAttempts(retryAfterSeconds: seconds)
            return Self.codePage(
                web: web, challenge: form["challenge"], next: next, context: context, errors: errors,
                status: .tooManyRequests, headers: [.retryAfter: String(seconds)])
        } catch AccountError.challengeExpired {
            return Web.redirect("/login?notice=code-expired")
        }
    }
}
