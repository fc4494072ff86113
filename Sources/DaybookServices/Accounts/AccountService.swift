import DaybookCore
import DaybookStorage
import Foundation

/// Who is asking: where from, and on what.
public struct ClientInfo: Sendable {
    public var ipAddress: String
    public var deviceName: String

    public init(ipAddress: String, deviceName: String) {
        self.ipAddress = ipAddress
        self.deviceName = deviceName
    }
}

/// A new session and the token to hand to the client. The token is shown once and never stored.
public struct IssuedSession: Sendable {
    public var user: User
    public var session: Session
    public var token: String
}

/// A request's verified identity.
public struct Authenticated: Sendable {
    public var user: User
    public var session: Session

    public init(user: User, session: Session) {
        self.user = user
        self.session = session
    }
}

/// What a sign-up asks for.
public struct Registration: Sendable {
    public var email: String
    public var username: String
    public var password: String
    public var timeZone: String?
    public var displayName: String?

    public init(email: String, username: String, password: String, timeZone: String? = nil, displayName: String? = nil) {
        self.email = email
        self.username = username
        self.password = password
        self.timeZone = timeZone
        self.displayName = displayName
    }
}

/// Profile fields to change; nil leaves a field as it is.
public struct ProfileChanges: Sendable {
    public var displayName: String?
    public var bio: String?
    public var username: String?
    public var email: String?
    public var timeZone: String?

    public init(
        displayName: String? = nil, bio: String? = nil, username: String? = nil, email: String? = nil,
        timeZone: String? = nil
    ) {
        self.displayName = displayName
        self.bio = bio
        self.username = username
        self.email = email
        self.timeZone = timeZone
    }
}

/// Sign-up, log-in, sessions and the profile: the same rules for pages and the API.
public struct AccountService: Sendable {
    let store: any DaybookStore
    let hasher: PasswordHasher
    let settings: AccountSettings
    let vocabulary: VocabularyService
    /// Deletes the user's photo files with the account; nil where no photos are kept.
    let media: MediaService?
    let now: @Sendable () -> Date

    public init(
        store: any DaybookStore, hasher: PasswordHasher, settings: AccountSettings = AccountSettings(),
        media: MediaService? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.hasher = hasher
        self.settings = settings
        self.media = media
        self.vocabulary = VocabularyService(store: store, now: now)
        self.now = now
    }

    // MARK: Sign-up and log-in

    /// Checks every field at once, creates the account with the default feelings and activities,
    /// and logs it in.
    public func register(
        _ registration: Registration, kind: SessionKind, persistent: Bool, client: ClientInfo
    ) async throws -> IssuedSession {
        var errors = FieldErrors()
        let email = errors.check { try EmailAddress.normalize(registration.email) }
        let username = errors.check { try Username.validate(registration.username) }
        errors.check { try PasswordPolicy.validate(registration.password) }
        let timeZone: String? =
            switch registration.timeZone {
            case nil, "": "UTC"
            case let zone?: errors.check { try ProfileRules.validateTimeZone(zone) }
            }
        let displayName = errors.check { try ProfileRules.validateDisplayName(registration.displayName ?? "") }
        if let email, try await store.users.user(login: email) != nil {
            errors.add("email", "taken", "An account with this email already exists. Log in instead?")
        }
        if let username, try await store.users.user(login: username) != nil {
            errors.add("username", "taken", "This username is taken. Try another one.")
        }
        try errors.throwIfAny()

        let time = now().roundedToMicroseconds
        let user = User(
            email: email!, username: username!, displayName: displayName ?? "", timeZone: timeZone ?? "UTC",
            createdAt: time, updatedAt: time)
        let hash = try await hasher.hash(registration.password)
        do {
            try await store.users.insert(user, passwordHash: hash)
        } catch StoreError.conflict(let field) {
            // Lost a race with another sign-up for the same name.
            throw ValidationError([FieldError(field: field, code: "taken", message: "This \(field) is already taken.")])
        }
        try await vocabulary.addDefaults(userID: user.id)
        return try await startSession(for: user, kind: kind, persistent: persistent, client: client)
    }

    /// Logs in with an email or a username. Throttled per account and per address.
    public func login(
        login: String, password: String, kind: SessionKind, persistent: Bool, client: ClientInfo
    ) async throws -> IssuedSession {
        let identifier = login.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !identifier.isEmpty, !password.isEmpty else {
            var errors = FieldErrors()
            if identifier.isEmpty { errors.add("login", "required", "Enter your email or username.") }
            if password.isEmpty { errors.add("password", "required", "Enter your password.") }
            throw ValidationError(errors.errors)
        }
        let user = try await store.users.user(login: identifier)
        let accountKey = "account:" + (user.map { $0.id.uuidString.lowercased() } ?? identifier.lowercased())
        let addressKey = "address:" + client.ipAddress
        try await checkThrottle(keys: [accountKey, addressKey])

        let storedHash: String? =
            if let user { try await store.users.passwordHash(userID: user.id) } else { nil }
        let hashToCheck: String = if let storedHash { storedHash } else { try await hasher.decoyHash() }
        let matches = try await hasher.verify(password, hash: hashToCheck)
        guard let user, storedHash != nil, matches else {
            try await store.loginAttempts.recordFailure(keys: [accountKey, addressKey], at: now())
            throw AccountError.invalidCredentials
        }
        try await store.loginAttempts.clear(key: accountKey)
        return try await startSession(for: user, kind: kind, persistent: persistent, client: client)
    }

    private func checkThrottle(keys: [String]) async throws {
        let time = now()
        let since = time.addingTimeInterval(-settings.failureWindow)
        var retryAfter = 0
        for key in keys {
            let failures = try await store.loginAttempts.failures(key: key, since: since)
            if failures.count >= settings.maxLoginFailures, let oldest = failures.oldest {
                let free = oldest.addingTimeInterval(settings.failureWindow).timeIntervalSince(time)
                retryAfter = max(retryAfter, max(1, Int(free.rounded(.up))))
            }
        }
        if retryAfter > 0 { throw AccountError.tooManyAttempts(retryAfterSeconds: retryAfter) }
    }

    private func startSession(for user: User, kind: SessionKind, persistent: Bool, client: ClientInfo) async throws
        -> IssuedSession
    {
        let token = SessionToken.generate()
        let time = now().roundedToMicroseconds
        let lifetime = settings.lifetime(of: kind == .api ? .api : .web(persistent: persistent))
        let session = Session(
            userID: user.id, tokenHash: SessionToken.hash(token), kind: kind, persistent: kind == .api || persistent,
            deviceName: String(client.deviceName.prefix(120)), ipAddress: client.ipAddress, createdAt: time,
            lastSeenAt: time, expiresAt: time.addingTimeInterval(lifetime))
        try await store.sessions.insert(session)
        return IssuedSession(user: user, session: session, token: token)
    }

    // MARK: Sessions

    /// The user and session a token belongs to, or nil if it is unknown or expired. Slides the
    /// expiry at most once per `touchInterval`.
    public func authenticate(token: String) async throws -> Authenticated? {
        guard SessionToken.looksValid(token) else { return nil }
        guard let (session, user) = try await store.sessionAndUser(tokenHash: SessionToken.hash(token)) else {
            return nil
        }
        let time = now()
        if session.expiresAt <= time {
            try await store.sessions.delete(id: session.id, userID: session.userID)
            return nil
        }
        var current = session
        if time.timeIntervalSince(session.lastSeenAt) >= settings.touchInterval {
            let lifetime = settings.lifetime(
                of: session.kind == .api ? .api : .web(persistent: session.persistent))
            current.lastSeenAt = time.roundedToMicroseconds
            current.expiresAt = current.lastSeenAt.addingTimeInterval(lifetime)
            try await store.sessions.touch(id: session.id, lastSeenAt: current.lastSeenAt, expiresAt: current.expiresAt)
        }
        return Authenticated(user: user, session: current)
    }

    public func logout(_ auth: Authenticated) async throws {
        try await store.sessions.delete(id: auth.session.id, userID: auth.user.id)
    }

    public func sessions(of userID: UUID) async throws -> [Session] {
        let time = now()
        return try await store.sessions.sessions(userID: userID).filter { $0.expiresAt > time }
    }

    /// Revokes one of the user's sessions; `NotFound` if it is not theirs.
    public func revokeSession(id: UUID, userID: UUID) async throws {
        guard try await store.sessions.delete(id: id, userID: userID) else { throw NotFound() }
    }

    // MARK: Profile

    public func user(id: UUID) async throws -> User {
        guard let user = try await store.users.user(id: id) else { throw NotFound() }
        return user
    }

    /// Applies the changes that were given, checking each; all bad fields are reported together.
    public func updateProfile(userID: UUID, _ changes: ProfileChanges) async throws -> User {
        var user = try await user(id: userID)
        var errors = FieldErrors()
        if let value = changes.displayName, let v = errors.check({ try ProfileRules.validateDisplayName(value) }) {
            user.displayName = v
        }
        if let value = changes.bio, let v = errors.check({ try ProfileRules.validateBio(value) }) { user.bio = v }
        if let value = changes.timeZone, let v = errors.check({ try ProfileRules.validateTimeZone(value) }) {
            user.timeZone = v
        }
        if let value = changes.email, let v = errors.check({ try EmailAddress.normalize(value) }), v != user.email {
            if let other = try await store.users.user(login: v), other.id != user.id {
                errors.add("email", "taken", "An account with this email already exists.")
            }
            user.email = v
        }
        if let value = changes.username, let v = errors.check({ try Username.validate(value) }), v != user.username {
            if let other = try await store.users.user(login: v), other.id != user.id {
                errors.add("username", "taken", "This username is taken. Try another one.")
            }
            user.username = v
        }
        try errors.throwIfAny()
        user.updatedAt = now().roundedToMicroseconds
        do {
            try await store.users.update(user)
        } catch StoreError.conflict(let field) {
            throw ValidationError([FieldError(field: field, code: "taken", message: "This \(field) is already taken.")])
        }
        return user
    }

    /// Needs the current password; revokes every other session, so a thief's session ends too.
    public func changePassword(_ auth: Authenticated, current: String, new: String) async throws {
        var errors = FieldErrors()
        let hash = try await store.users.passwordHash(userID: auth.user.id)
        if current.isEmpty {
            errors.add("currentPassword", "required", "Enter your current password.")
        } else if let hash, try await !hasher.verify(current, hash: hash) {
            errors.add("currentPassword", "wrong_password", "Your current password is not right.")
        }
        errors.check { try PasswordPolicy.validate(new, field: "newPassword") }
        try errors.throwIfAny()
        try await store.users.setPasswordHash(try await hasher.hash(new), userID: auth.user.id)
        try await store.sessions.deleteAll(userID: auth.user.id, except: auth.session.id)
    }

    /// For the admin command: sets a password without the old one and ends every session.
    public func resetPassword(login: String, to new: String) async throws -> User {
        guard let user = try await store.users.user(login: login) else { throw NotFound() }
        try PasswordPolicy.validate(new)
        try await store.users.setPasswordHash(try await hasher.hash(new), userID: user.id)
        try await store.sessions.deleteAll(userID: user.id, except: nil)
        return user
    }

    /// Removes the account and everything it owns; asks for the password first.
    public func deleteAccount(_ auth: Authenticated, password: String) async throws {
        let hash = try await store.users.passwordHash(userID: auth.user.id)
        guard !password.isEmpty else {
            throw ValidationError([FieldError(field: "password", code: "required", message: "Enter your password.")])
        }
        guard let hash, try await hasher.verify(password, hash: hash) else {
            throw ValidationError([
                FieldError(field: "password", code: "wrong_password", message: "That password is not right.")
            ])
        }
        // Photos first: their records say which files were the user's.
        try await media?.deleteAll(userID: auth.user.id)
        try await store.users.delete(id: auth.user.id)
    }

    /// Removes expired sessions and old login failures; run periodically.
    public func cleanUp() async throws {
        let time = now()
        try await store.sessions.deleteExpired(before: time)
        try await store.loginAttempts.prune(before: time.addingTimeInterval(-settings.failureWindow))
    }
}
