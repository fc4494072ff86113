import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("SessionStore conformance")
struct SessionStoreTests {
    @Test(arguments: TestDatabase.available)
    func insertAndFindByTokenHash(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let web = sampleSession(userID: anna.id, token: "a1")
            var api = sampleSession(userID: anna.id, token: "b2")
            api.kind = .api
            api.persistent = false
            api.deviceName = "Daybook iOS 1.0"
            api.ipAddress = "2001:db8::1"
            try await store.sessions.insert(web)
            try await store.sessions.insert(api)
            #expect(try await store.sessions.session(tokenHash: web.tokenHash) == web)
            #expect(try await store.sessions.session(tokenHash: api.tokenHash) == api)
            #expect(try await store.sessions.session(tokenHash: String(repeating: "0", count: 64)) == nil)

            // Expired sessions are still found: the caller decides.
            let expired = sampleSession(userID: anna.id, token: "c3", expires: time(-10))
            try await store.sessions.insert(expired)
            #expect(try await store.sessions.session(tokenHash: expired.tokenHash) == expired)

            // With its user, in one call: the same records.
            let both = try #require(try await store.sessionAndUser(tokenHash: api.tokenHash))
            #expect(both.session == api && both.user == anna)
            #expect(try await store.sessionAndUser(tokenHash: String(repeating: "0", count: 64)) == nil)
            try await store.users.delete(id: anna.id)
            #expect(try await store.sessionAndUser(tokenHash: web.tokenHash) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func touchSlidesExpiry(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let session = sampleSession(userID: anna.id, token: "a1")
            let other = sampleSession(userID: anna.id, token: "b2")
            try await store.sessions.insert(session)
            try await store.sessions.insert(other)
            try await store.sessions.touch(id: session.id, lastSeenAt: time(3600.5), expiresAt: time(3600 + 30 * 86_400))
            var expected = session
            expected.lastSeenAt = time(3600.5)
            expected.expiresAt = time(3600 + 30 * 86_400)
            #expect(try await store.sessions.session(tokenHash: session.tokenHash) == expected)
            #expect(try await store.sessions.session(tokenHash: other.tokenHash) == other)
            try await store.sessions.touch(id: UUID(), lastSeenAt: time(1), expiresAt: time(2))  // no such session: nothing
        }
    }

    @Test(arguments: TestDatabase.available)
    func listsMostRecentlyUsedFirst(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let sessions = [
                sampleSession(userID: anna.id, token: "a1", lastSeen: time(10)),
                sampleSession(userID: anna.id, token: "a2", lastSeen: time(30)),
                sampleSession(userID: anna.id, token: "a3", lastSeen: time(20)),
            ]
            for session in sessions { try await store.sessions.insert(session) }
            try await store.sessions.insert(sampleSession(userID: bob.id, token: "b1", lastSeen: time(25)))
            #expect(try await store.sessions.sessions(userID: anna.id) == [sessions[1], sessions[2], sessions[0]])
            #expect(try await store.sessions.sessions(userID: bob.id).count == 1)
            #expect(try await store.sessions.sessions(userID: UUID()).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deleteOnlyOwnSession(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let session = sampleSession(userID: anna.id, token: "a1")
            try await store.sessions.insert(session)
            #expect(try await store.sessions.delete(id: session.id, userID: bob.id) == false)
            #expect(try await store.sessions.session(tokenHash: session.tokenHash) == session)
            #expect(try await store.sessions.delete(id: session.id, userID: anna.id))
            #expect(try await store.sessions.session(tokenHash: session.tokenHash) == nil)
            #expect(try await store.sessions.delete(id: session.id, userID: anna.id) == false)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deleteAllExceptOne(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let mine = ["a1", "a2", "a3"].map { sampleSession(userID: anna.id, token: $0) }
            for session in mine { try await store.sessions.insert(session) }
            let bobs = sampleSession(userID: bob.id, token: "b1")
            try await store.sessions.insert(bobs)

            try await store.sessions.deleteAll(userID: anna.id, except: mine[1].id)
            #expect(try await store.sessions.sessions(userID: anna.id) == [mine[1]])
            #expect(try await store.sessions.sessions(userID: bob.id) == [bobs])

            // Another user's session id as the exception keeps nothing of one's own.
            try await store.sessions.deleteAll(userID: anna.id, except: bobs.id)
            #expect(try await store.sessions.sessions(userID: anna.id).isEmpty)
            #expect(try await store.sessions.sessions(userID: bob.id) == [bobs])

            try await store.sessions.deleteAll(userID: bob.id, except: nil)
            #expect(try await store.sessions.sessions(userID: bob.id).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deleteExpiredCountsWhatItRemoved(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let old1 = sampleSession(userID: anna.id, token: "a1", expires: time(-100))
            let old2 = sampleSession(userID: bob.id, token: "b1", expires: time(-0.000_001))
            let edge = sampleSession(userID: anna.id, token: "a2", expires: time(0))
            let fresh = sampleSession(userID: bob.id, token: "b2", expires: time(100))
            for session in [old1, old2, edge, fresh] { try await store.sessions.insert(session) }
            #expect(try await store.sessions.deleteExpired(before: baseTime) == 2)  // strictly before
            #expect(try await store.sessions.session(tokenHash: old1.tokenHash) == nil)
            #expect(try await store.sessions.session(tokenHash: old2.tokenHash) == nil)
            #expect(try await store.sessions.session(tokenHash: edge.tokenHash) == edge)
            #expect(try await store.sessions.session(tokenHash: fresh.tokenHash) == fresh)
            #expect(try await store.sessions.deleteExpired(before: baseTime) == 0)
        }
    }
}

@Suite("LoginAttemptStore conformance")
struct LoginAttemptStoreTests {
    @Test(arguments: TestDatabase.available)
    func countsFailuresWithinTheWindow(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let attempts = store.loginAttempts
            _ = try await attempts.reserve(keys: ["account:anna", "ip:192.0.2.7"], limit: 100, since: time(-1000), at: time(0))
            _ = try await attempts.reserve(keys: ["account:anna"], limit: 100, since: time(-1000), at: time(10.25))
            _ = try await attempts.reserve(keys: ["account:anna", "ip:192.0.2.7"], limit: 100, since: time(-1000), at: time(20))
            
            #expect(try await attempts.failures(key: "account:anna", since: time(-1)) == LoginFailures(count: 3, oldest: time(0)))
            #expect(try await attempts.failures(key: "account:anna", since: time(10.25)) == LoginFailures(count: 2, oldest: time(10.25)))
            #expect(try await attempts.failures(key: "ip:192.0.2.7", since: time(5)) == LoginFailures(count: 1, oldest: time(20)))
            #expect(try await attempts.failures(key: "account:anna", since: time(21)) == LoginFailures(count: 0, oldest: nil))
            #expect(try await attempts.failures(key: "account:nobody", since: time(-1)) == LoginFailures(count: 0, oldest: nil))
            // Keys are exact: no case folding, no prefixes.
            #expect(try await attempts.failures(key: "ACCOUNT:anna", since: time(-1)).count == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func clearAndPrune(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let attempts = store.loginAttempts
            _ = try await attempts.reserve(keys: ["a", "b"], limit: 100, since: time(-1000), at: time(0))
            _ = try await attempts.reserve(keys: ["a", "b"], limit: 100, since: time(-1000), at: time(100))
            try await attempts.clear(key: "a")
            #expect(try await attempts.failures(key: "a", since: time(-1)) == LoginFailures(count: 0, oldest: nil))
            #expect(try await attempts.failures(key: "b", since: time(-1)).count == 2)

            try await attempts.prune(before: time(100))  // strictly before
            #expect(try await attempts.failures(key: "b", since: time(-1)) == LoginFailures(count: 1, oldest: time(100)))
            try await attempts.prune(before: time(101))
            #expect(try await attempts.failures(key: "b", since: time(-1)).count == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func reservesUpToTheLimitAndReleasesRightOnes(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let attempts = store.loginAttempts
            let keys = ["account:anna", "address:192.0.2.7"]
            var granted: [UUID] = []
            for second in 0..<3 {
                guard case .granted(let id) = try await attempts.reserve(keys: keys, limit: 3, since: time(-1), at: time(Double(second)))
                else { Issue.record("attempt \(second) refused"); return }
                granted.append(id)
            }
            // A fourth is refused while the window holds three; another account from the same address too.
            #expect(try await attempts.reserve(keys: keys, limit: 3, since: time(-1), at: time(3)) == .refused(oldest: time(0)))
            #expect(try await attempts.reserve(keys: ["account:bo", "address:192.0.2.7"], limit: 3, since: time(-1), at: time(3)) == .refused(oldest: time(0)))
            // A right password un-counts its attempt, for every key it was counted against.
            try await attempts.release(granted[1])
            #expect(try await attempts.failures(key: "address:192.0.2.7", since: time(-1)) == LoginFailures(count: 2, oldest: time(0)))
            // The window slides: attempts before `since` no longer count.
            if case .refused = try await attempts.reserve(keys: keys, limit: 2, since: time(0.5), at: time(4)) {
                Issue.record("only one attempt is inside the window")
            }
        }
    }

    /// Thirty guesses at once against a limit of ten: exactly ten are counted and so evaluated. On
    /// PostgreSQL the reservations run on separate connections, as from separate app servers.
    @Test(arguments: TestDatabase.available)
    func concurrentReservationsNeverExceedTheLimit(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let attempts = store.loginAttempts
            let outcomes = try await withThrowingTaskGroup(of: AttemptReservation.self) { group in
                for guess in 0..<30 {
                    group.addTask {
                        try await attempts.reserve(
                            keys: ["account:anna", "address:198.51.100.\(guess)"], limit: 10, since: time(-1), at: time(0))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let granted = outcomes.filter { if case .granted = $0 { true } else { false } }
            #expect(granted.count == 10)
            #expect(try await attempts.failures(key: "account:anna", since: time(-1)).count == 10)
        }
    }
}
