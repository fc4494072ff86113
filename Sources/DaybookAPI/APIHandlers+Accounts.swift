import DaybookCore
import DaybookServices
import Foundation

/// Sign-up, log-in, the profile, password, sessions and the account.
extension APIHandlers {
    func register(_ input: Operations.register.Input) async throws -> Operations.register.Output {
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let issued = try await services.accounts.register(
            Registration(
                email: body.email, username: body.username, password: body.password, timeZone: body.timeZone,
                displayName: body.displayName),
            kind: .api, persistent: true, client: client(deviceName: body.deviceName))
        return .created(.init(body: .json(.init(issued))))
    }

    func login(_ input: Operations.login.Input) async throws -> Operations.login.Output {
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        // The service checks for empty fields; the contract's upper bounds are checked here, so a
        // megabyte "password" is refused before it reaches bcrypt or counts as a failed attempt.
        var errors = FieldErrors()
        if body.login.count > EmailAddress.maxLength {
            errors.add("login", "too_long", "An email or username is at most \(EmailAddress.maxLength) characters.")
        }
        if body.password.count > PasswordPolicy.maxLength {
            errors.add("password", "too_long", "A password is at most \(PasswordPolicy.maxLength) characters.")
        }
        try errors.throwIfAny()
        do {
            let issued = try await services.accounts.login(
                login: body.login, password: body.password, kind: .api, persistent: true,
                client: client(deviceName: body.deviceName))
            return .ok(.init(body: .json(.init(issued))))
        } catch AccountError.secondFactorRequired(let challenge) {
            let expiresAt = Date().addingTimeInterval(AccountService.challengeLifetime)
            return .accepted(.init(body: .json(.init(challenge: challenge, expiresAt: expiresAt))))
        }
    }

    func completeLogin(_ input: Operations.completeLogin.Input) async throws -> Operations.completeLogin.Output {
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let issued = try await services.accounts.completeLogin(
            challenge: body.challenge, code: body.code, client: client(deviceName: body.deviceName))
        return .ok(.init(body: .json(.init(issued))))
    }

    // MARK: Two-factor sign-in

    func getTwoFactor(_ input: Operations.getTwoFactor.Input) async throws -> Operations.getTwoFactor.Output {
        let status = try await services.accounts.twoFactorStatus(userID: try authenticated().user.id)
        return .ok(.init(body: .json(.init(enabled: status.enabled, recoveryCodesLeft: status.recoveryCodesLeft))))
    }

    func beginTwoFactor(_ input: Operations.beginTwoFactor.Input) async throws -> Operations.beginTwoFactor.Output {
        let enrolment = try await services.accounts.beginTwoFactor(try authenticated())
        return .created(.init(body: .json(.init(secret: enrolment.secret, otpauthUri: enrolment.address))))
    }

    func confirmTwoFactor(_ input: Operations.confirmTwoFactor.Input) async throws
        -> Operations.confirmTwoFactor.Output
    {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let codes = try await services.accounts.confirmTwoFactor(auth, code: body.code)
        return .ok(.init(body: .json(.init(recoveryCodes: codes))))
    }

    func disableTwoFactor(_ input: Operations.disableTwoFactor.Input) async throws
        -> Operations.disableTwoFactor.Output
    {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        try await services.accounts.disableTwoFactor(auth, password: body.password)
        return .noContent(.init())
    }

    func newRecoveryCodes(_ input: Operations.newRecoveryCodes.Input) async throws
        -> Operations.newRecoveryCodes.Output
    {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let codes = try await services.accounts.newRecoveryCodes(auth, password: body.password)
        return .ok(.init(body: .json(.init(recoveryCodes: codes))))
    }

    func logout(_ input: Operations.logout.Input) async throws -> Operations.logout.Output {
        try await services.accounts.logout(authenticated())
        return .noContent(.init())
    }

    func getMe(_ input: Operations.getMe.Input) async throws -> Operations.getMe.Output {
        let auth = try authenticated()
        return .ok(.init(body: .json(.init(auth.user))))
    }

    func updateMe(_ input: Operations.updateMe.Input) async throws -> Operations.updateMe.Output {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let avatar = try avatarChange(body.avatarMediaId)
        if let id = avatar ?? nil {
            try await services.media.requireOwned([id], userID: auth.user.id, field: "avatarMediaId")
        }
        var user = try await services.accounts.updateProfile(
            userID: auth.user.id,
            ProfileChanges(
                displayName: body.displayName, bio: body.bio, username: body.username, email: body.email,
                timeZone: body.timeZone, weekStart: body.weekStart))
        // Reminders keep their wall-clock times in the new zone.
        if user.timeZone != auth.user.timeZone { try await services.reminders.reschedule(user) }
        if let avatar { user = try await services.media.useAsAvatar(userID: auth.user.id, mediaID: avatar) }
        return .ok(.init(body: .json(.init(user))))
    }

    /// `avatarMediaId`: absent (nil, no change), null (`.some(nil)`, take it away) or an id.
    private func avatarChange(_ value: String?) throws -> UUID?? {
        guard let value else { return APIRequest.explicitNulls.contains("avatarMediaId") ? .some(nil) : nil }
        guard let id = UUID(text: value) else {
            throw APIProblem.validation(field: "avatarMediaId", code: "invalid", message: "This is not an id (a UUID).")
        }
        return .some(id)
    }

    func deleteMe(_ input: Operations.deleteMe.Input) async throws -> Operations.deleteMe.Output {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        try await services.accounts.deleteAccount(auth, password: body.password)
        return .noContent(.init())
    }

    func changePassword(_ input: Operations.changePassword.Input) async throws -> Operations.changePassword.Output {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        try await services.accounts.changePassword(auth, current: body.currentPassword, new: body.newPassword)
        return .noContent(.init())
    }

    func listSessions(_ input: Operations.listSessions.Input) async throws -> Operations.listSessions.Output {
        let auth = try authenticated()
        let sessions = try await services.accounts.sessions(of: auth.user.id)
        return .ok(
            .init(
                body: .json(
                    .init(items: sessions.map { .init($0, current: $0.id == auth.session.id) }))))
    }

    func revokeSession(_ input: Operations.revokeSession.Input) async throws -> Operations.revokeSession.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.sessionId, "sessionId")
        try await services.accounts.revokeSession(id: id, userID: auth.user.id)
        return .noContent(.init())
    }
}
