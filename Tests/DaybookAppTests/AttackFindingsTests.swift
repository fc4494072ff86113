import DaybookCore
import DaybookServices
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

/// The findings of the attack on the surfaces built after the first one (issue 60), each held by a
/// test that failed (or stopped the process) before its fix.
@Suite("Attack findings")
struct AttackFindingsTests {
    let client = ClientInfo(ipAddress: "192.0.2.1", deviceName: "Test")

    func services(_ store: any DaybookStore, clock: TestClock) -> Services {
        Services(store: store, hasher: PasswordHasher(cost: 4), now: { clock.now })
    }

    func register(_ services: Services, _ name: String) async throws -> Authenticated {
        let issued = try await services.accounts.register(
            Registration(email: "\(name)@example.org", username: name, password: "right password 123"),
            kind: .web, persistent: true, client: client)
        return try #require(try await services.accounts.authenticate(token: issued.token))
    }

    /// Finding 5: with the password, five log-ins from five addresses gave 40 wrong-code tries.
    /// A right password no longer clears the account's failures; only a right code does.
    @Test(arguments: TestDatabase.available)
    func aRightPasswordDoesNotRefillTheCodeBudget(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4), now: { clock.now })
            let issued = try await accounts.register(
                Registration(email: "r@example.org", username: "refill", password: "right password 123"),
                kind: .web, persistent: true, client: client)
            let auth = try #require(try await accounts.authenticate(token: issued.token))
            let enrolment = try await accounts.beginTwoFactor(auth)
            _ = try await accounts.confirmTwoFactor(
                auth, code: TOTP.code(secret: Base32.decode(enrolment.secret)!, step: TOTP.step(at: clock.now)))
            var wrongCodes = 0
            var refused = false
            for round in 0..<5 {
                let from = ClientInfo(ipAddress: "198.51.100.\(round)", deviceName: "x")
                let challenge: String
                do {
                    _ = try await accounts.login(
                        login: "refill", password: "right password 123", kind: .web, persistent: true, client: from)
                    Issue.record("signed in without a code")
                    return
                } catch AccountError.secondFactorRequired(let token) {
                    challenge = token
                } catch AccountError.tooManyAttempts {
                    refused = true
                    break
                }
                for guess in 0..<8 {
                    do {
                        _ = try await accounts.completeLogin(
                            challenge: challenge, code: String(format: "%06d", round * 8 + guess), client: from)
                    } catch is ValidationError {
                        wrongCodes += 1
                    } catch AccountError.tooManyAttempts {
                        refused = true
                    }
                }
            }
            #expect(refused)
            #expect(wrongCodes <= 10, "at most the account's budget of wrong codes, not \(wrongCodes)")
        }
    }

    /// Finding 6: A blocks B; B asks A (hidden); A unblocks B; A asks B: that was a 500 and a
    /// stuck pair. Now it is the yes to B's request.
    @Test(arguments: TestDatabase.available)
    func blockUnblockThenAskMakesFriends(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let services = services(store, clock: clock)
            let anna = try await register(services, "anna_b")
            let bob = try await register(services, "bob_b")
            _ = try await services.friends.block(user: anna.user, username: "bob_b")
            _ = try await services.friends.sendRequest(from: bob.user, username: "anna_b")
            #expect(try await services.friends.lists(user: anna.user).incoming.isEmpty, "hidden from who blocked")
            try await services.friends.unblock(user: anna.user, username: "bob_b")
            let (outcome, _) = try await services.friends.sendRequest(from: anna.user, username: "bob_b")
            #expect(outcome == .friends)
            #expect(try await store.friends.areFriends(anna.user.id, bob.user.id))
        }
    }

    /// Finding 7: 40 cancel-and-resend loops notified the target 41 times.
    @Test(arguments: TestDatabase.available)
    func friendRequestsAreLimited(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let services = services(store, clock: clock)
            let anna = try await register(services, "anna_r")
            let bob = try await register(services, "bob_r")
            var sent = 0
            var limited: LimitReached?
            for _ in 0..<10 {
                do {
                    let (outcome, _) = try await services.friends.sendRequest(from: anna.user, username: "bob_r")
                    sent += 1
                    guard case .requested(let id) = outcome else { break }
                    try await services.friends.cancel(user: anna.user, requestID: id)
                } catch let error as LimitReached {
                    limited = error
                    break
                }
            }
            #expect(sent == 3)
            #expect((limited?.retryAfterSeconds ?? 0) > 0)
            let inbox = try await services.notifications.list(userID: bob.user.id, after: nil, limit: 50)
            #expect(inbox.filter { $0.kind == "friend_request" }.count == 3)
            // An hour later, Anna may ask again.
            clock.advance(3_601)
            _ = try await services.friends.sendRequest(from: anna.user, username: "bob_r")
        }
    }

    /// Finding 7: no cap on test notifications (6,032 deliveries queued in seconds).
    @Test(arguments: TestDatabase.available)
    func testNotificationsAreLimited(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let services = services(store, clock: clock)
            let anna = try await register(services, "anna_t")
            for _ in 0..<5 { _ = try await services.notifications.sendTest(userID: anna.user.id) }
            await #expect(throws: LimitReached.self) { try await services.notifications.sendTest(userID: anna.user.id) }
            clock.advance(3_601)
            _ = try await services.notifications.sendTest(userID: anna.user.id)
        }
    }

    /// Finding 7: a login identifier with `\0junk` appended signed in.
    @Test(arguments: TestDatabase.available)
    func aLoginWithAControlCharacterIsNobody(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let services = services(store, clock: clock)
            _ = try await register(services, "nul_user")
            for login in ["nul_user\0junk", "nul_user\0", "nul_user@example.org\0x", "nul_user\u{7}"] {
                await #expect(throws: AccountError.invalidCredentials) {
                    try await services.accounts.login(
                        login: login, password: "right password 123", kind: .web, persistent: false, client: client)
                }
            }
        }
    }

    /// Finding 7: a deleted account's export stayed on the disk for up to a week.
    @Test(arguments: TestDatabase.available)
    func deletingAnAccountDeletesItsExportsAtOnce(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transfers-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let services = Services(
                store: store, hasher: PasswordHasher(cost: 4), transfers: TransferSettings(directory: folder),
                now: { clock.now })
            let anna = try await register(services, "anna_d")
            let job = try await services.exports.start(userID: anna.user.id)
            for _ in 0..<200 where try await services.exports.job(id: job.id, userID: anna.user.id).status == .running {
                try await Task.sleep(for: .milliseconds(25))
            }
            let zips = { try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".zip") } }
            #expect(try zips().count == 1)
            try await services.accounts.deleteAccount(anna, password: "right password 123")
            #expect(try zips().isEmpty)
        }
    }

    /// Finding 7: 12 imports of 5 MB each were kept for a week without being started.
    @Test(arguments: TestDatabase.available)
    func importsWaitingToStartAreLimited(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let services = services(store, clock: clock)
            let anna = try await register(services, "anna_i")
            func preview(_ index: Int) async throws {
                let upload = try services.imports.receive()
                try upload.append(
                    Array("full_date,date,weekday,time,mood,activities,note_title,note\n2020-01-0\(index),x,y,10:00,rad,,,n\n".utf8))
                _ = try await services.imports.preview(
                    userID: anna.user.id, kind: .daylioCSV, fileName: "d\(index).csv", upload: upload)
            }
            for index in 1...3 { try await preview(index) }
            await #expect(throws: LimitReached.self) { try await preview(4) }
        }
    }

    /// Finding 7: no cap on exports (40 zips of every original in 3 s).
    @Test(arguments: TestDatabase.available)
    func exportsAreLimited(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let services = services(store, clock: clock)
            let anna = try await register(services, "anna_e")
            _ = try await services.exports.start(userID: anna.user.id)
            // While it is written, another is refused; once written, ten a day.
            var refused = 0
            for _ in 0..<40 {
                do {
                    _ = try await services.exports.start(userID: anna.user.id)
                } catch is LimitReached {
                    refused += 1
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(refused >= 30)
            let made = try await store.transfers.jobs(userID: anna.user.id, kind: .export, limit: 100)
            #expect(made.count <= 10)
        }
    }
}
