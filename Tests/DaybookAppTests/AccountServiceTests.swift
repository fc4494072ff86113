import DaybookCore
import DaybookServices
import DaybookStorage
import DaybookTestSupport
import Foundation
import Synchronization
import Testing

/// A clock the tests move by hand.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_790_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

@Suite("Accounts: sign-up, log-in, sessions, throttling")
struct AccountServiceTests {
    let client = ClientInfo(ipAddress: "192.0.2.1", deviceName: "Test")

    func accounts(_ store: any DaybookStore, clock: TestClock = TestClock()) -> AccountService {
        AccountService(store: store, hasher: PasswordHasher(cost: 4), now: { clock.now })
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
            let feelings = try await store.vocabulary.items(userID: issued.user.id, kind: .feeling, includeArchived: false)
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
                login: "GRACE@example.org", password: "compiler cobol 1959", kind: .api, persistent: false, client: client)
            let byName = try await service.login(
                login: "Grace", password: "compiler cobol 1959", kind: .api, persistent: false, client: client)
            #expect(byEmail.user.id == byName.user.id)
            await #expect(throws: AccountError.invalidCredentials) {
                try await service.login(login: "grace", password: "wrong password!", kind: .api, persistent: false, client: client)
            }
            await #expect(throws: AccountError.invalidCredentials) {
                try await service.login(login: "nobody", password: "compiler cobol 1959", kind: .api, persistent: false, client: client)
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
                    try await service.login(login: "locked", password: "wrong", kind: .web, persistent: false, client: other)
                }
            }
            await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
                try await service.login(login: "locked", password: "right password 123", kind: .web, persistent: false, client: client)
            }
            clock.advance(15 * 60 + 1)
            _ = try await service.login(login: "locked", password: "right password 123", kind: .web, persistent: false, client: client)
        }
    }

    @Test(arguments: TestDatabase.available)
    func tenFailuresFromOneAddressAreThrottledToo(database: TestDatabase) async throws {
        try await database.withStore { store in
            let service = accounts(store)
            for i in 0..<10 {
                await #expect(throws: AccountError.invalidCredentials) {
                    try await service.login(login: "user\(i)", password: "guess", kind: .web, persistent: false, client: client)
                }
            }
            await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
                try await service.login(login: "someone-else", password: "guess", kind: .web, persistent: false, client: client)
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

            let short = try await service.login(login: "slider", password: "right password 123", kind: .web, persistent: false, client: client)
            clock.advance(25 * 3600)
            #expect(try await service.authenticate(token: short.token) == nil)

            let api = try await service.login(login: "slider", password: "right password 123", kind: .api, persistent: false, client: client)
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
            let second = try await service.login(login: "changer", password: "right password 123", kind: .api, persistent: false, client: client)
            let auth = try #require(try await service.authenticate(token: first.token))
            let wrong = await #expect(throws: ValidationError.self) {
                try await service.changePassword(auth, current: "nope", new: "another good one 456")
            }
            #expect(wrong?.errors.map(\.field) == ["currentPassword"])
            try await service.changePassword(auth, current: "right password 123", new: "another good one 456")
            #expect(try await service.authenticate(token: first.token) != nil)
            #expect(try await service.authenticate(token: second.token) == nil)
            _ = try await service.login(login: "changer", password: "another good one 456", kind: .api, persistent: false, client: client)
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
}
