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

/// A request's verified identity. A class: the request context, the request scope and the
/// handlers each hold it, and a reference is cheaper to pass along than its dozen strings.
public final class Authenticated: Sendable {
    public let user: User
    public let session: Session

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

    public init(email: String, username: String, password: String, timeZone: String? = nil, displayName: String? = nil)
    {
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
    /// ISO weekday weeks start on (1 = Monday … 7 = Sunday).
    public var weekStart: Int?

    public init(
        displayName: String? = nil, bio: String? = nil, username: String? = nil, email: String? = nil,
        timeZone: String? = nil, weekStart: Int? = nil
    ) {
        self.displayName = displayName
        self.bio = bio
        self.username = username
        self.email = email
        self.timeZone = timeZone
        self.weekStart = weekStart
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
    /// Where exports and uploaded imports are kept: deleted with the account at once (an export is
    /// a copy of everything the person had). Nil where there are none.
    let transfers: TransferSettings?
    /// Sessions read a moment ago; every change to a user or a session below forgets the user's.
    let sessionCache: SessionCache
    let now: @Sendable () -> Date

    /// - Parameter sessionCache: shared with `MediaService` (which changes profile pictures);
    ///   nil makes one of `settings.sessionCacheLifetime`.
    public init(
        store: any DaybookStore, hasher: PasswordHasher, settings: AccountSettings = AccountSettings(),
        media: MediaService? = nil, transfers: TransferSettings? = nil, sessionCache: SessionCache? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.transfers = transfers
        self.hasher = hasher
        self.settings = settings
        self.media = media
        self.sessionCache = sessionCache ?? SessionCache(lifetime: settings.sessionCacheLifetime)
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
        // Every sign-up counts, per address: a new account is bcrypt work and a name taken, and the
        // "taken" answers below would otherwise tell, at any rate, which addresses have accounts.
        _ = try await reserveAttempt(
            ["signup:" + client.ipAddress], limit: settings.maxSignupsPerAddress, window: settings.signupWindow)
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

    /// Logs in with an email or a username. Throttled per account and per address. With two-factor
    /// sign-in on, a right password throws `AccountError.secondFactorRequired` with the challenge
    /// for `completeLogin`.
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
        // A name with a control character in it is nobody's (both stores' `user(login:)` say so):
        // it costs the decoy's verification all the same.
        let user = try await store.users.user(login: identifier)
        let attempt = try await reserveAttempt(
            [accountKey(user?.id, login: identifier), "address:" + client.ipAddress],
            limit: settings.maxLoginFailures, window: settings.failureWindow)

        // One bcrypt verification either way: against the account's hash, or against the decoy.
        let storedHash: String? = if let user { try await store.users.passwordHash(userID: user.id) } else { nil }
        guard let user, let storedHash else {
            try await hasher.verifyDecoy(password)
            throw AccountError.invalidCredentials
        }
        guard try await hasher.verify(password, hash: storedHash) else { throw AccountError.invalidCredentials }
        try await store.loginAttempts.release(attempt)
        if hasher.needsRehash(storedHash) {
            try await store.users.setPasswordHash(try await hasher.hash(password), userID: user.id)
        }
        if try await store.twoFactor.secret(userID: user.id)?.enabled == true {
            // The account's failures are not forgiven yet: wrong codes count on the same budget,
            // and a right password must not refill it (only a right code does, in `completeLogin`).
            throw AccountError.secondFactorRequired(
                challenge: try await challenge(user, kind: kind, persistent: persistent))
        }
        try await store.loginAttempts.clear(key: accountKey(user.id, login: identifier))
        return try await startSession(for: user, kind: kind, persistent: persistent, client: client)
    }

    /// The throttling key of an account: its id when it exists, else the name that was tried, so
    /// that guesses at unknown names are limited the same way.
    func accountKey(_ userID: UUID?, login: String) -> String {
        // Without control characters: a key is stored as text, and PostgreSQL refuses a NUL in it.
        "account:"
            + (userID.map { $0.lowercasedString }
                ?? String(
                    String.UnicodeScalarView(
                        login.lowercased().unicodeScalars.filter { $0.properties.generalCategory != .control })))
    }

    /// Counts an attempt against every key *before* any password is checked (so concurrent guesses
    /// cannot all get through) and answers its id, to release when the password was right.
    ///
    /// A budget of `.max` is not counted: nothing could be refused by it, and the operator's
    /// `daybook bench-seed` signs up its hundred accounts "from 127.0.0.1" with it, which counted
    /// would refuse the server's next hour of sign-ups from that address.
    func reserveAttempt(_ keys: [String], limit: Int, window: TimeInterval) async throws -> UUID {
        guard limit < .max else { return UUID() }
        let time = now()
        switch try await store.loginAttempts.reserve(
            keys: keys, limit: limit, since: time.addingTimeInterval(-window), at: time)
        {
        case .granted(let attempt):
            return attempt
        case .refused(let oldest):
            let free = oldest.addingTimeInterval(window).timeIntervalSince(time)
            throw AccountError.tooManyAttempts(retryAfterSeconds: max(1, Int(free.rounded(.up))))
        }
    }

    /// Checks the password of a logged-in user (to change it, to delete the account): counted
    /// against the same account budget as logins, so these forms are no side door for guessing.
    func checkPassword(_ password: String, of auth: Authenticated, field: String) async throws {
        guard !password.isEmpty else {
            let message = field == "password" ? "Enter your password." : "Enter your current password."
            throw ValidationError([FieldError(field: field, code: "required", message: message)])
        }
        let attempt = try await reserveAttempt(
            [accountKey(auth.user.id, login: "")], limit: settings.maxLoginFailures, window: settings.failureWindow)
        guard let hash = try await store.users.passwordHash(userID: auth.user.id),
            try await hasher.verify(password, hash: hash)
        else {
            let message = field == "password" ? "That password is not right." : "Your current password is not right."
            throw ValidationError([FieldError(field: field, code: "wrong_password", message: message)])
        }
        try await store.loginAttempts.release(attempt)
    }

    func startSession(for user: User, kind: SessionKind, persistent: Bool, client: ClientInfo) async throws
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
    /// expiry at most once per `touchInterval`. Runs on every authenticated request: a session read
    /// less than `SessionCache.lifetime` ago is not read again.
    public func authenticate(token: String) async throws -> Authenticated? {
        guard SessionToken.looksValid(token) else { return nil }
        let tokenHash = SessionToken.hash(token)
        let generation = sessionCache.generation
        let found: SessionCache.Entry
        if let cached = sessionCache.entry(tokenHash: tokenHash) {
            found = cached
        } else {
            guard let read = try await store.sessionAndUser(tokenHash: tokenHash) else { return nil }
            found = read
            sessionCache.keep(found, tokenHash: tokenHash, readSince: generation)
        }
        let (session, user) = found
        let time = now()
        if session.expiresAt <= time {
            try await store.sessions.delete(id: session.id, userID: session.userID)
            sessionCache.forget(userID: session.userID)
            return nil
        }
        var current = session
        if time.timeIntervalSince(session.lastSeenAt) >= settings.touchInterval {
            let lifetime = settings.lifetime(
                of: session.kind == .api ? .api : .web(persistent: session.persistent))
            current.lastSeenAt = time.roundedToMicroseconds
            current.expiresAt = current.lastSeenAt.addingTimeInterval(lifetime)
            try await store.sessions.touch(id: session.id, lastSeenAt: current.lastSeenAt, expiresAt: current.expiresAt)
            sessionCache.keep((current, user), tokenHash: tokenHash, readSince: generation)
        }
        return Authenticated(user: user, session: current)
    }

    public func logout(_ auth: Authenticated) async throws {
        try await store.sessions.delete(id: auth.session.id, userID: auth.user.id)
        sessionCache.forget(userID: auth.user.id)
    }

    public func sessions(of userID: UUID) async throws -> [Session] {
        let time = now()
        return try await store.sessions.sessions(userID: userID).filter { $0.expiresAt > time }
    }

    /// Revokes one of the user's sessions; `NotFound` if it is not theirs.
    public func revokeSession(id: UUID, userID: UUID) async throws {
        guard try await store.sessions.delete(id: id, userID: userID) else { throw NotFound() }
        sessionCache.forget(userID: userID)
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
        if let value = changes.weekStart, let v = errors.check({ try ProfileRules.validateWeekStart(value) }) {
            user.weekStart = v
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
            sessionCache.forget(userID: user.id)
        } catch StoreError.conflict(let field) {
            throw ValidationError([FieldError(field: field, code: "taken", message: "This \(field) is already taken.")])
        }
        return user
    }

    /// Needs the current password; revokes every other session, so a thief's session ends too.
    public func changePassword(_ auth: Authenticated, current: String, new: String) async throws {
        // Both fields' problems are reported together.
        var errors = FieldErrors()
        do {
            try await checkPassword(current, of: auth, field: "currentPassword")
        } catch let error as ValidationError {
            error.errors.forEach { errors.add($0) }
        }
        errors.check { try PasswordPolicy.validate(new, field: "newPassword") }
        try errors.throwIfAny()
        try await store.users.setPasswordHash(try await hasher.hash(new), userID: auth.user.id)
        try await store.sessions.deleteAll(userID: auth.user.id, except: auth.session.id)
        sessionCache.forget(userID: auth.user.id)
    }

    /// For the admin command: sets a password without the old one and ends every session.
    public func resetPassword(login: String, to new: String) async throws -> User {
        guard let user = try await store.users.user(login: login) else { throw NotFound() }
        try PasswordPolicy.validate(new)
        try await store.users.setPasswordHash(try await hasher.hash(new), userID: user.id)
        try await store.sessions.deleteAll(userID: user.id, except: nil)
        sessionCache.forget(userID: user.id)
        return user
    }

    /// Removes the account and everything it owns; asks for the password first.
    public func deleteAccount(_ auth: Authenticated, password: String) async throws {
        try await checkPassword(password, of: auth, field: "password")
        // Photos first: their records say which files were the user's.
        try await media?.deleteAll(userID: auth.user.id)
        if let transfers {
            for kind in [TransferJob.Kind.export, .import] {
                for job in try await store.transfers.jobs(userID: auth.user.id, kind: kind, limit: 10_000) {
                    try? FileManager.default.removeItem(at: transfers.file(of: job))
                }
            }
        }
        try await store.users.delete(id: auth.user.id)
        sessionCache.forget(userID: auth.user.id)
    }

    /// Removes expired sessions and old login failures; run periodically.
    public func cleanUp() async throws {
        let time = now()
        try await store.sessions.deleteExpired(before: time)
        // Every budget's window is kept: the longest decides (sign-ups and friend requests count
        // over an hour, logins over a quarter).
        let longest = max(settings.failureWindow, settings.signupWindow, FriendService.requestWindow)
        try await store.loginAttempts.prune(before: time.addingTimeInterval(-longest))
        try await store.twoFactor.deleteExpiredChallenges(before: time)
        // A retry comes within minutes or hours of its first try; a day is plenty.
        try await store.idempotency.deleteExpired(before: time.addingTimeInterval(-86_400))
    }
}
