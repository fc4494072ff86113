import DaybookCore
import DaybookServices
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("Two-factor sign-in")
struct TwoFactorTests {
    let client = ClientInfo(ipAddress: "192.0.2.1", deviceName: "Test")

    /// RFC 6238 appendix B, SHA-1 rows (the 8-digit codes; 6 digits are their last six).
    @Test(arguments: [
        (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"), (1_234_567_890, "89005924"),
        (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ])
    func codesMatchTheRFC(seconds: Int, expected: String) {
        let secret = Array("12345678901234567890".utf8)
        let step = TOTP.step(at: Date(timeIntervalSince1970: TimeInterval(seconds)))
        #expect(TOTP.code(secret: secret, step: step, digits: 8) == expected)
        #expect(TOTP.code(secret: secret, step: step) == String(expected.suffix(6)))
    }

    @Test func base32RoundTripsAndReadsWhatAppsShow() {
        #expect(Base32.encode(Array("foobar".utf8)) == "MZXW6YTBOI")  // RFC 4648 §10, unpadded
        #expect(Base32.decode("mzxw 6ytb oi") == Array("foobar".utf8))
        #expect(Base32.decode("MZXW6YTBOI======") == Array("foobar".utf8))
        #expect(Base32.decode("MZXW1") == nil)
        let secret = TOTP.newSecret()
        #expect(secret.count == 32 && Base32.decode(secret)?.count == 20)
        let address = TOTP.address(secret: secret, account: "ann.lee")
        #expect(address == "otpauth://totp/Daybook%3Aann.lee?secret=\(secret)&issuer=Daybook&algorithm=SHA1&digits=6&period=30")
    }

    func code(_ secret: String, at time: Date, offset: Int64 = 0) -> String {
        TOTP.code(secret: Base32.decode(secret)!, step: TOTP.step(at: time) + offset)
    }

    /// Turned on with a code, then every log-in needs a code; each code once; recovery codes once.
    @Test(arguments: TestDatabase.available)
    func theWholeLifeOfTwoFactorSignIn(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4), now: { clock.now })
            let issued = try await accounts.register(
                Registration(email: "t@example.org", username: "twofa", password: "right password 123"),
                kind: .web, persistent: true, client: client)
            let auth = try #require(try await accounts.authenticate(token: issued.token))
            #expect(try await accounts.twoFactorStatus(userID: auth.user.id) == TwoFactorStatus(enabled: false, recoveryCodesLeft: 0))

            // Enrolling: nothing changes until a code from the new secret is confirmed.
            let enrolment = try await accounts.beginTwoFactor(auth)
            _ = try await accounts.login(login: "twofa", password: "right password 123", kind: .api, persistent: false, client: client)
            await #expect(throws: ValidationError.self) { try await accounts.confirmTwoFactor(auth, code: "000000") }
            let codes = try await accounts.confirmTwoFactor(auth, code: code(enrolment.secret, at: clock.now))
            #expect(codes.count == 10 && Set(codes).count == 10)
            #expect(codes.allSatisfy { $0.count == 11 && $0.contains("-") })
            #expect(try await accounts.twoFactorStatus(userID: auth.user.id) == TwoFactorStatus(enabled: true, recoveryCodesLeft: 10))
            await #expect(throws: ValidationError.self) { try await accounts.beginTwoFactor(auth) }

            // A right password is no longer enough.
            func challenge() async throws -> String {
                do {
                    _ = try await accounts.login(login: "twofa", password: "right password 123", kind: .web, persistent: true, client: client)
                } catch AccountError.secondFactorRequired(let challenge) {
                    return challenge
                }
                Issue.record("logged in without a second factor")
                return ""
            }
            await #expect(throws: AccountError.invalidCredentials) {
                try await accounts.login(login: "twofa", password: "wrong password", kind: .web, persistent: true, client: client)
            }
            clock.advance(60)
            let first = try await challenge()
            let wrong = await #expect(throws: ValidationError.self) {
                try await accounts.completeLogin(challenge: first, code: "123456", client: client)
            }
            #expect(wrong?.errors.map(\.code) == ["wrong_code"])
            // A code from 30 seconds ago still counts (clocks drift), typed with a space as shown.
            let shown = code(enrolment.secret, at: clock.now, offset: -1)
            let session = try await accounts.completeLogin(
                challenge: first, code: String(shown.prefix(3)) + " " + String(shown.suffix(3)), client: client)
            #expect(session.user.id == auth.user.id && session.session.persistent && session.session.kind == .web)
            // The challenge is spent, and so is the code.
            await #expect(throws: AccountError.challengeExpired) {
                try await accounts.completeLogin(challenge: first, code: shown, client: client)
            }
            let second = try await challenge()
            await #expect(throws: ValidationError.self) {
                try await accounts.completeLogin(challenge: second, code: shown, client: client)
            }
            // A recovery code, in capitals and without its dash, works once.
            let recovery = codes[3].uppercased().replacingOccurrences(of: "-", with: "")
            _ = try await accounts.completeLogin(challenge: second, code: recovery, client: client)
            #expect(try await accounts.twoFactorStatus(userID: auth.user.id).recoveryCodesLeft == 9)
            let third = try await challenge()
            await #expect(throws: ValidationError.self) {
                try await accounts.completeLogin(challenge: third, code: codes[3], client: client)
            }
            // Five minutes later the challenge is gone.
            clock.advance(5 * 60 + 1)
            await #expect(throws: AccountError.challengeExpired) {
                try await accounts.completeLogin(challenge: third, code: code(enrolment.secret, at: clock.now), client: client)
            }
            await #expect(throws: AccountError.challengeExpired) {
                try await accounts.completeLogin(challenge: "not-a-challenge", code: "123456", client: client)
            }

            // New codes and turning it off need the password.
            await #expect(throws: ValidationError.self) { try await accounts.newRecoveryCodes(auth, password: "nope") }
            let fresh = try await accounts.newRecoveryCodes(auth, password: "right password 123")
            #expect(Set(fresh).isDisjoint(with: codes))
            let fourth = try await challenge()
            await #expect(throws: ValidationError.self) {
                try await accounts.completeLogin(challenge: fourth, code: codes[0], client: client)
            }
            await #expect(throws: ValidationError.self) { try await accounts.disableTwoFactor(auth, password: "nope") }
            try await accounts.disableTwoFactor(auth, password: "right password 123")
            _ = try await accounts.login(login: "twofa", password: "right password 123", kind: .api, persistent: false, client: client)
        }
    }

    /// Codes are guessed no faster than passwords: ten wrong ones and even the right one waits.
    @Test(arguments: TestDatabase.available)
    func codesShareTheAccountsBudget(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock()
            let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4), now: { clock.now })
            let issued = try await accounts.register(
                Registration(email: "g@example.org", username: "guessed", password: "right password 123"),
                kind: .web, persistent: true, client: client)
            let auth = try #require(try await accounts.authenticate(token: issued.token))
            let enrolment = try await accounts.beginTwoFactor(auth)
            _ = try await accounts.confirmTwoFactor(auth, code: code(enrolment.secret, at: clock.now))
            clock.advance(31)
            var challenge = ""
            do {
                _ = try await accounts.login(login: "guessed", password: "right password 123", kind: .web, persistent: true, client: client)
            } catch AccountError.secondFactorRequired(let token) {
                challenge = token
            }
            for guess in 0..<10 {
                let other = ClientInfo(ipAddress: "198.51.100.\(guess)", deviceName: "x")
                await #expect(throws: ValidationError.self) {
                    try await accounts.completeLogin(challenge: challenge, code: String(format: "%06d", guess), client: other)
                }
            }
            await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
                try await accounts.completeLogin(challenge: challenge, code: code(enrolment.secret, at: clock.now), client: client)
            }
        }
    }
}

@Suite("API: two-factor sign-in")
struct APITwoFactorTests {
    @Test(arguments: TestDatabase.available)
    func logInInTwoSteps(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("twostep")
            #expect(try await api.get("/me/two-factor").json["enabled"] as? Bool == false)
            let begun = try await api.post("/me/two-factor", [String: Any]())
            #expect(begun.status == .created, "\(begun.text)")
            let secret = try #require(begun["secret"] as? String)
            #expect((begun["otpauthUri"] as? String)?.hasPrefix("otpauth://totp/Daybook%3Atwostep?secret=\(secret)") == true)
            let now = { TOTP.code(secret: Base32.decode(secret)!, step: TOTP.step(at: Date())) }
            let confirmed = try await api.post("/me/two-factor/confirm", ["code": now()])
            let codes = try #require(confirmed["recoveryCodes"] as? [String], "\(confirmed.text)")
            #expect(codes.count == 10)

            let anonymous = api.with(token: nil)
            let first = try await anonymous.post("/auth/login", ["login": "twostep", "password": "correct horse battery"])
            #expect(first.status == .accepted, "\(first.text)")
            #expect(first["token"] == nil)
            let challenge = try #require(first["challenge"] as? String)
            let wrong = try await anonymous.post("/auth/login/second-factor", ["challenge": challenge, "code": "000000"])
            wrong.expectProblem(.unprocessableContent, "validation_failed")
            #expect(wrong.errorCode("code") == "wrong_code")
            let done = try await anonymous.post("/auth/login/second-factor", ["challenge": challenge, "code": codes[0]])
            #expect(done.status == .ok, "\(done.text)")
            let token = try #require(done["token"] as? String)
            #expect(try await API(client, token: token).get("/me").status == .ok)
            try await anonymous.post("/auth/login/second-factor", ["challenge": challenge, "code": codes[1]])
                .expectProblem(.unauthorized, "challenge_expired")

            try await api.delete("/me/two-factor", json: ["password": "wrong password"])
                .expectProblem(.unprocessableContent, "validation_failed")
            #expect(try await api.delete("/me/two-factor", json: ["password": "correct horse battery"]).status == .noContent)
            let plain = try await anonymous.post("/auth/login", ["login": "twostep", "password": "correct horse battery"])
            #expect(plain.status == .ok && plain["token"] != nil)
        }
    }
}
