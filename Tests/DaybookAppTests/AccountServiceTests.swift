import DaybookCore
import DaybookMedia
import DaybookServices
import DaybookStorage
import DaybookTestSupport
import Foundation
import HummingbirdBcrypt
import Synchronization
import Testing

/// Monotonic time the tests move by hand (for `SessionCache`).
final class ManualMonotonicClock: Sendable {
    private let start = ContinuousClock.now
    private let offset = Mutex(Duration.zero)

    var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
    func advance(_ duration: Duration) { offset.withLock { $0 += duration } }
}

/// A clock the tests move by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_790_000_000)) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

@Suite("Accounts: sign-up, log-in, sessions, throttling")
struct AccountServiceTests {
    let client = ClientInfo(ipAddress: "192.0.2.1", deviceName: "Test")

    /// Sessions are cached for a minute here, far longer than any test: whatever these tests see
    /// change at once, the service made known to its `SessionCache`.
    func accounts(_ store: any DaybookStore, clock: TestClock = TestClock()) -> AccountService {
        var settings = AccountSettings()
        settings.sessionCacheLifetime = .seconds(60)
        return AccountService(store: store, hasher: PasswordHasher(cost: 4), settings: settings, now: { clock.now })
    }

    @Test(arguments: TestDatabase.available)
    func signUpReportsEveryBadFieldAtOnce(database: TestDatabase) async throws {
        try await database.withStore { store in
            let error = await #expect(throws: ValidationError.self) {
                try await accounts(store).register(
                    Registration(email: "not-an-email", username: "x!", password: "password123", timeZone: "Mars/Base"),
                    kind: .api, persistent: false, client: client)
            }
            #expect(Set(error?.errors.map(\.field) ?? []) == ["email", "username", "password", "timeZone"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func emailAndUsernameAreUniqueIgnoringCase(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = accounts(store)
            _ = try await service.register(
                Registration(email: "Ada@Example.org ", username: "Ada_L", password: "analytical engine 1843"),
                kind: .api, persistent: false, client: client)
            let error = await #expect(throws: ValidationError.self) {
                try await service.register(
                    Registration(email: "ada@example.org", username: "ada_l", password: "analytical engine 1843"),
                    kind: .api, persistent: false, client: client)
            }
            #expect(error?.errors.map(\.code) == ["taken", "taken"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func newUsersGetTheDefaultVocabulary(database: TestDatabase) async throws {
        try await database.withStore { store in
            let issued = try await accounts(store).register(
                Registration(email: "v@example.org", username: "vocab", password: "analytical engine 1843"),
                kind: .api, persistent: false, client: client)
            let feelings = try await store.vocabulary.items(
                userID: issued.user.id, kind: .feeling, includeArchived: false)
            #expect(feelings.map(\.name) == DefaultVocabulary.feelings.map(\.name))
        }
    }

    @Test(arguments: TestDatabase.available)
    func logInWithEmailOrUsernameAndAGenericFailure(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = accounts(store)
            _ = try await service.register(
                Registration(email: "grace@example.org", username: "grace", password: "compiler cobol 1959"),
                kind: .web, persistent: false, client: client)
            let byEmail = try await service.login(
                login: "GRACE@example.org", password: "compiler cobol 1959", kind: .api, persistent: false,
                client: client)
            let byName = try await service.login(
                login: "Grace", password: "compiler cobol 1959", kind: .api, persistent: false, client: client)
            #expect(byEmail.user.id == byName.user.id)
            await #expect(throws: AccountError.invalidCredentials) {
                try await service.login(
                    login: "grace", password: "wrong password!", kind: .api, persistent: false, client: client)
            }
            await #expect(throws: AccountError.invalidCredentials) {
                try await service.login(
                    login: "nobody", password: "compiler cobol 1959", kind: .api, persistent: false, client: client)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func tenFailuresLockAnAccountForFifteenMinutes(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let service = accounts(store, clock: clock)
            _ = try await service.register(
                Registration(email: "l@example.org", username: "locked", password: "right password 123"),
                kind: .web, persistent: false, client: client)
            for i in 0..<10 {
                // Each from another address: the account's own count is what trips.
                let other = ClientInfo(ipAddress: "198.51.100.\(i)", deviceName: "x")
                await #expect(throws: AccountError.invalidCredentials) {
                    try await service.login(
                        login: "locked", password: "wrong", kind: .web, persistent: false, client: other)
                }
            }
            await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
                try await service.login(
                    login: "locked", password: "right password 123", kind: .web, persistent: false, client: client)
            }
            clock.advance(15 * 60 + 1)
            _ = try await service.login(
                login: "locked", password: "right password 123", kind: .web, persistent: false, client: client)
        }
    }

    @Test(arguments: TestDatabase.available)
    func tenFailuresFromOneAddressAreThrottledToo(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = accounts(store)
            for i in 0..<10 {
                await #expect(throws: AccountError.invalidCredentials) {
                    try await service.login(
                        login: "user\(i)", password: "guess", kind: .web, persistent: false, client: client)
                }
            }
            await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
                try await service.login(
                    login: "someone-else", password: "guess", kind: .web, persistent: false, client: client)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func sessionsSlideExpireAndAreRevocable(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let service = accounts(store, clock: clock)
            let issued = try await service.register(
                Registration(email: "s@example.org", username: "slider", password: "right password 123"),
                kind: .web, persistent: true, client: client)
            #expect(issued.session.expiresAt == clock.now.roundedToMicroseconds.addingTimeInterval(30 * 24 * 3600))
            clock.advance(29 * 24 * 3600)
            #expect(try await service.authenticate(token: issued.token) != nil)  // slides another 30 days
            clock.advance(29 * 24 * 3600)
            #expect(try await service.authenticate(token: issued.token) != nil)
            clock.advance(31 * 24 * 3600)
            #expect(try await service.authenticate(token: issued.token) == nil)

            let short = try await service.login(
                login: "slider", password: "right password 123", kind: .web, persistent: false, client: client)
            clock.advance(25 * 3600)
            #expect(try await service.authenticate(token: short.token) == nil)

            let api = try await service.login(
                login: "slider", password: "right password 123", kind: .api, persistent: false, client: client)
            let auth = try #require(try await service.authenticate(token: api.token))
            try await service.logout(auth)
            #expect(try await service.authenticate(token: api.token) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func changingThePasswordEndsEveryOtherSession(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = accounts(store)
            let first = try await service.register(
                Registration(email: "p@example.org", username: "changer", password: "right password 123"),
                kind: .web, persistent: false, client: client)
            let second = try await service.login(
                login: "changer", password: "right password 123", kind: .api, persistent: false, client: client)
            let auth = try #require(try await service.authenticate(token: first.token))
            let wrong = await #expect(throws: ValidationError.self) {
                try await service.changePassword(auth, current: "nope", new: "another good one 456")
            }
            #expect(wrong?.errors.map(\.field) == ["currentPassword"])
            try await service.changePassword(auth, current: "right password 123", new: "another good one 456")
            #expect(try await service.authenticate(token: first.token) != nil)
            #expect(try await service.authenticate(token: second.token) == nil)
            _ = try await service.login(
                login: "changer", password: "another good one 456", kind: .api, persistent: false, client: client)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anotherUsersSessionCannotBeRevoked(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = accounts(store)
            let a = try await service.register(
                Registration(email: "a@example.org", username: "alice", password: "right password 123"),
                kind: .web, persistent: false, client: client)
            let b = try await service.register(
                Registration(email: "b@example.org", username: "bobby", password: "right password 123"),
                kind: .web, persistent: false, client: client)
            await #expect(throws: NotFound.self) {
                try await service.revokeSession(id: b.session.id, userID: a.user.id)
            }
            #expect(try await service.authenticate(token: b.token) != nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deletingTheAccountRemovesEverything(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = accounts(store)
            let issued = try await service.register(
                Registration(email: "d@example.org", username: "deleter", password: "right password 123"),
                kind: .web, persistent: false, client: client)
            let auth = try #require(try await service.authenticate(token: issued.token))
            await #expect(throws: ValidationError.self) { try await service.deleteAccount(auth, password: "wrong one") }
            try await service.deleteAccount(auth, password: "right password 123")
            #expect(try await store.users.user(id: issued.user.id) == nil)
            #expect(try await store.sessions.sessions(userID: issued.user.id).isEmpty)
            #expect(try await store.vocabulary.items(userID: issued.user.id, kind: nil, includeArchived: true).isEmpty)
        }
    }

    // MARK: The session cache

    @Test(arguments: TestDatabase.available)
    func aServerSeesItsOwnChangesAtOnce(database: TestDatabase) async throws {
        try await database.withStore { store in
            var settings = AccountSettings()
            settings.sessionCacheLifetime = .seconds(60)
            let services = Services(store: store, hasher: PasswordHasher(cost: 4), settings: settings)
            let service = services.accounts
            let issued = try await service.register(
                Registration(email: "c@example.org", username: "cached", password: "right password 123"),
                kind: .api, persistent: false, client: client)
            let other = try await service.login(
                login: "cached", password: "right password 123", kind: .api, persistent: false, client: client)
            _ = try #require(try await service.authenticate(token: other.token))
            let auth = try #require(try await service.authenticate(token: issued.token))

            _ = try await service.updateProfile(userID: auth.user.id, ProfileChanges(displayName: "Renamed"))
            #expect(try await service.authenticate(token: issued.token)?.user.displayName == "Renamed")

            let picture = try await services.media.upload(
                userID: auth.user.id, data: try SampleImage.make(width: 64, height: 48, format: .png), kind: .avatar)
            _ = try await services.media.useAsAvatar(userID: auth.user.id, mediaID: picture.id)
            #expect(try await service.authenticate(token: issued.token)?.user.avatarMediaID == picture.id)
            try await services.media.delete(userID: auth.user.id, id: picture.id)
            #expect(try await service.authenticate(token: issued.token)?.user.avatarMediaID == nil)

            try await service.revokeSession(id: other.session.id, userID: auth.user.id)
            #expect(try await service.authenticate(token: other.token) == nil)
        }
    }

    /// Another app server (here: another service over the same database) refuses a session revoked
    /// elsewhere once its cached copy is older than the cache's lifetime, and not before.
    @Test(arguments: TestDatabase.available)
    func aSessionRevokedElsewhereIsRefusedWhenTheCachesLifetimeIsOver(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = ManualMonotonicClock()
            let cacheA = SessionCache(lifetime: .milliseconds(500), now: { clock.now })
            let serverA = AccountService(store: store, hasher: PasswordHasher(cost: 4), sessionCache: cacheA)
            let serverB = AccountService(store: store, hasher: PasswordHasher(cost: 4))
            let issued = try await serverB.register(
                Registration(email: "r@example.org", username: "revoked", password: "right password 123"),
                kind: .api, persistent: false, client: client)
            _ = try #require(try await serverA.authenticate(token: issued.token))
            let auth = try #require(try await serverB.authenticate(token: issued.token))
            try await serverB.logout(auth)
            #expect(try await serverB.authenticate(token: issued.token) == nil)
            clock.advance(.milliseconds(499))
            #expect(try await serverA.authenticate(token: issued.token) != nil)  // its copy, half a second old
            clock.advance(.milliseconds(1))
            #expect(try await serverA.authenticate(token: issued.token) == nil)
        }
    }

    // MARK: Hardening (issue 20)

    @Test(arguments: TestDatabase.available)
    func passwordsAreComparedInFullWhateverTheirBytes(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = accounts(store)
            // 98 characters: bcrypt alone would read only the first 72.
            let long = String(repeating: "kx8!wq#z2m", count: 9) + "tailpart"
            _ = try await service.register(
                Registration(email: "long@example.org", username: "longpass", password: long),
                kind: .api, persistent: false, client: client)
            _ = try await service.login(
                login: "longpass", password: long, kind: .api, persistent: false, client: client)
            for guess in [String(long.prefix(72)) + "anything", String(long.prefix(72)), long + "\u{0}junk"] {
                await #expect(throws: AccountError.invalidCredentials) {
                    try await service.login(
                        login: "longpass", password: guess, kind: .api, persistent: false, client: client)
                }
            }
            // The hasher itself, below the policy: a NUL is part of the password, not its end.
            let hasher = PasswordHasher(cost: 4)
            let withNUL = try await hasher.hash("abc\u{0}defghijklmnop")
            #expect(try await !hasher.verify("abc", hash: withNUL))
            #expect(try await !hasher.verify("abc\u{0}", hash: withNUL))
            #expect(try await hasher.verify("abc\u{0}defghijklmnop", hash: withNUL))
            let startsWithNUL = try await hasher.hash("\u{0}defghijklmnop")
            #expect(try await !hasher.verify("\u{0}", hash: startsWithNUL))
            #expect(try await !hasher.verify("", hash: startsWithNUL))
        }
    }

    @Test(arguments: TestDatabase.available)
    func signUpRefusesControlCharacters(database: TestDatabase) async throws {
        try await database.withStore { store in
            let error = await #expect(throws: ValidationError.self) {
                try await accounts(store).register(
                    Registration(email: "nul@example.org", username: "nul", password: "abc\u{0}defghijklmnop"),
                    kind: .api, persistent: false, client: client)
            }
            #expect(error?.errors.map(\.code) == ["control_character"])
        }
    }

    /// Accounts from before the pre-hash keep logging in, and their hash is moved to the new form
    /// at that moment. A NUL can never match an old hash (bcrypt would have cut the password there).
    @Test(arguments: TestDatabase.available)
    func oldHashesWorkAndAreMovedOnAtLogin(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = accounts(store)
            let issued = try await service.register(
                Registration(email: "old@example.org", username: "oldhash", password: "right password 123"),
                kind: .api, persistent: false, client: client)
            try await store.users.setPasswordHash(Bcrypt.hash("right password 123", cost: 4), userID: issued.user.id)
            await #expect(throws: AccountError.invalidCredentials) {
                try await service.login(
                    login: "oldhash", password: "right password 123\u{0}junk", kind: .api, persistent: false,
                    client: client)
            }
            _ = try await service.login(
                login: "oldhash", password: "right password 123", kind: .api, persistent: false, client: client)
            let moved = try #require(try await store.users.passwordHash(userID: issued.user.id))
            #expect(moved.hasPrefix("bcrypt-sha256$"))
            #expect(!PasswordHasher(cost: 4).needsRehash(moved))
            _ = try await service.login(
                login: "oldhash", password: "right password 123", kind: .api, persistent: false, client: client)
        }
    }

    /// Thirty wrong guesses at once: the limit of ten means ten evaluations, not thirty. From one
    /// address, and from thirty (the account's own count is what holds then).
    @Test(arguments: TestDatabase.available)
    func concurrentGuessesAreCountedBeforeTheyAreChecked(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = accounts(store)
            _ = try await service.register(
                Registration(email: "c@example.org", username: "concurrent", password: "right password 123"),
                kind: .web, persistent: false, client: client)
            for addresses in [1, 30] {
                try await store.loginAttempts.prune(before: Date().addingTimeInterval(1e9))
                let outcomes = await withTaskGroup(of: String.self) { group in
                    for guess in 0..<30 {
                        let from = ClientInfo(ipAddress: "203.0.113.\(guess % addresses)", deviceName: "x")
                        group.addTask {
                            do {
                                _ = try await service.login(
                                    login: "concurrent", password: "guess \(guess)", kind: .web, persistent: false,
                                    client: from)
                                return "logged in"
                            } catch AccountError.invalidCredentials {
                                return "evaluated"
                            } catch AccountError.tooManyAttempts {
                                return "throttled"
                            } catch {
                                return "\(error)"
                            }
                        }
                    }
                    return await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
                }
                #expect(outcomes == ["evaluated": 10, "throttled": 20], "from \(addresses) address(es)")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func passwordChangeAndDeletionShareTheAccountsBudget(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = accounts(store)
            let issued = try await service.register(
                Registration(email: "b@example.org", username: "budget", password: "right password 123"),
                kind: .web, persistent: false, client: client)
            let auth = try #require(try await service.authenticate(token: issued.token))
            for round in 0..<10 {
                if round.isMultiple(of: 2) {
                    await #expect(throws: ValidationError.self) {
                        try await service.changePassword(auth, current: "wrong \(round)", new: "another good one 456")
                    }
                } else {
                    await #expect(throws: ValidationError.self) {
                        try await service.deleteAccount(auth, password: "wrong \(round)")
                    }
                }
            }
            await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
                try await service.changePassword(auth, current: "right password 123", new: "another good one 456")
            }
            await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
                try await service.deleteAccount(auth, password: "right password 123")
            }
            await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
                try await service.login(
                    login: "budget", password: "right password 123", kind: .web, persistent: false, client: client)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func signUpsAreLimitedPerAddress(database: TestDatabase) async throws {
        try await database.withStore { store in
            var settings = AccountSettings()
            settings.maxSignupsPerAddress = 3
            let clock = TestClock()
            let service = AccountService(
                store: store, hasher: PasswordHasher(cost: 4), settings: settings, now: { clock.now })
            for i in 0..<3 {
                _ = try await service.register(
                    Registration(email: "s\(i)@example.org", username: "signup\(i)", password: "right password 123"),
                    kind: .web, persistent: false, client: client)
            }
            await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 3600)) {
                try await service.register(
                    Registration(email: "s9@example.org", username: "signup9", password: "right password 123"),
                    kind: .web, persistent: false, client: client)
            }
            let elsewhere = ClientInfo(ipAddress: "192.0.2.99", deviceName: "Test")
            _ = try await service.register(
                Registration(email: "s9@example.org", username: "signup9", password: "right password 123"),
                kind: .web, persistent: false, client: elsewhere)
        }
    }

    /// `daybook bench-seed` signs up its accounts without a limit from "127.0.0.1"; the server
    /// that then serves the same database must still take sign-ups from there.
    @Test(arguments: TestDatabase.available)
    func unlimitedSignUpsAreNotCounted(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            var unlimited = AccountSettings()
            unlimited.maxSignupsPerAddress = .max
            let seeder = AccountService(
                store: store, hasher: PasswordHasher(cost: 4), settings: unlimited, now: { clock.now })
            for i in 0..<3 {
                _ = try await seeder.register(
                    Registration(email: "seed\(i)@example.org", username: "seed\(i)", password: "right password 123"),
                    kind: .api, persistent: true, client: client)
            }
            var settings = AccountSettings()
            settings.maxSignupsPerAddress = 1
            let server = AccountService(
                store: store, hasher: PasswordHasher(cost: 4), settings: settings, now: { clock.now })
            _ = try await server.register(
                Registration(email: "person@example.org", username: "person", password: "right password 123"),
                kind: .web, persistent: false, client: client)
            await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 3600)) {
                try await server.register(
                    Registration(email: "second@example.org", username: "second", password: "right password 123"),
                    kind: .web, persistent: false, client: client)
            }
        }
    }
}
