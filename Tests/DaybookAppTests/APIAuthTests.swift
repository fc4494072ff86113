import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("API: sign-up, log-in, profile, sessions, account")
struct APIAuthTests {
    @Test(arguments: TestDatabase.available)
    func registerReturnsATokenThatWorks(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = API(client)
            let response = try await api.post(
                "/auth/register",
                [
                    "email": " Ada@Example.org", "username": "Ada_L", "password": "analytical engine 1843",
                    "timeZone": "Europe/Helsinki", "displayName": "Ada", "deviceName": "Ada's phone",
                ])
            #expect(response.status == .created)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let token = try #require(response["token"] as? String)
            #expect(token.count == 43)
            #expect(response["expiresAt"] is String)
            let user = try #require(response["user"] as? [String: Any])
            #expect(user["email"] as? String == "ada@example.org")
            #expect(user["username"] as? String == "Ada_L")
            #expect(user["timeZone"] as? String == "Europe/Helsinki")
            #expect(user["displayName"] as? String == "Ada")
            #expect((user["id"] as? String).flatMap(UUID.init(uuidString:)) != nil)

            let me = try await api.with(token: token).get("/me")
            #expect(me.status == .ok)
            #expect(me["username"] as? String == "Ada_L")
            #expect(me["bio"] as? String == "")

            let sessions = try await api.with(token: token).get("/me/sessions")
            #expect(sessions.items.count == 1)
            #expect(sessions.items.first?["deviceName"] as? String == "Ada's phone")
            #expect(sessions.items.first?["kind"] as? String == "api")
            #expect(sessions.items.first?["current"] as? Bool == true)
        }
    }

    @Test(arguments: TestDatabase.available)
    func registerNamesEveryBadFieldAndTakenOnes(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = API(client)
            let bad = try await api.post(
                "/auth/register", ["email": "not-an-email", "username": "x!", "password": "short", "timeZone": "Mars/Base"])
            bad.expectProblem(.unprocessableContent, "validation_failed")
            #expect(Set(bad.errorFields) == ["email", "username", "password", "timeZone"])
            #expect(bad.errorCode("password") == "too_short")

            _ = try await api.register("grace")
            let taken = try await api.post(
                "/auth/register", ["email": "GRACE@example.org", "username": "Grace", "password": "correct horse battery"])
            taken.expectProblem(.unprocessableContent, "validation_failed")
            #expect(taken.errorCode("email") == "taken")
            #expect(taken.errorCode("username") == "taken")
        }
    }

    @Test(arguments: TestDatabase.available)
    func loginByEmailOrUsername(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = API(client)
            _ = try await api.register("hopper", password: "compiler cobol 1959")
            for login in ["hopper@example.org", "HOPPER", " hopper "] {
                let response = try await api.post("/auth/login", ["login": login, "password": "compiler cobol 1959"])
                #expect(response.status == .ok, "\(login): \(response.text)")
                let token = try #require(response["token"] as? String)
                #expect(try await api.with(token: token).get("/me").status == .ok)
            }
            // A device name from the User-Agent when none is given.
            let agent = try await api.call(
                .post, "/auth/login", json: ["login": "hopper", "password": "compiler cobol 1959"],
                headers: [.userAgent: "Mozilla/5.0 (Android 14) Firefox/121.0"])
            let token = try #require(agent["token"] as? String)
            let sessions = try await api.with(token: token).get("/me/sessions")
            #expect(sessions.items.contains { $0["deviceName"] as? String == "Firefox on Android" && $0["current"] as? Bool == true })
            #expect(sessions.items.filter { $0["current"] as? Bool == true }.count == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func badLoginSaysOnlyThatSomethingIsWrong(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = API(client)
            _ = try await api.register("lovelace")
            let wrongPassword = try await api.post("/auth/login", ["login": "lovelace", "password": "not the password"])
            wrongPassword.expectProblem(.unauthorized, "invalid_credentials")
            #expect(wrongPassword["detail"] as? String == "The email/username or password is wrong.")
            let noSuchUser = try await api.post("/auth/login", ["login": "nobody", "password": "not the password"])
            noSuchUser.expectProblem(.unauthorized, "invalid_credentials")
            #expect(noSuchUser["detail"] as? String == wrongPassword["detail"] as? String)

            let empty = try await api.post("/auth/login", ["login": " ", "password": ""])
            empty.expectProblem(.unprocessableContent, "validation_failed")
            #expect(Set(empty.errorFields) == ["login", "password"])
            let huge = try await api.post("/auth/login", ["login": "lovelace", "password": String(repeating: "x", count: 5000)])
            huge.expectProblem(.unprocessableContent, "validation_failed")
            #expect(huge.errorCode("password") == "too_long")
        }
    }

    @Test(arguments: TestDatabase.available)
    func tooManyFailuresAreThrottledWithRetryAfter(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = API(client)
            _ = try await api.register("turing", password: "enigma bombe 1940")
            for _ in 0..<10 {
                try await api.post("/auth/login", ["login": "turing", "password": "wrong guess 12345"])
                    .expectProblem(.unauthorized, "invalid_credentials")
            }
            // Even the right password waits now.
            let throttled = try await api.post("/auth/login", ["login": "turing", "password": "enigma bombe 1940"])
            throttled.expectProblem(.tooManyRequests, "too_many_attempts")
            let retryAfter = try #require(throttled.headers[.retryAfter].flatMap { Int($0) })
            #expect(retryAfter > 0 && retryAfter <= 15 * 60)
        }
    }

    @Test(arguments: TestDatabase.available)
    func logoutRevokesTheToken(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("logout")
            #expect(try await api.call(.post, "/auth/logout").status == .noContent)
            let after = try await api.get("/me")
            after.expectProblem(.unauthorized, "unauthorized")
            #expect(after.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            #expect(after.headers[.wwwAuthenticate]?.contains("invalid_token") == true)
        }
    }

    @Test(arguments: TestDatabase.available)
    func withoutOrWithAGarbageTokenEverythingIs401(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anonymous = API(client)
            let garbage = API(client, token: "garbage")
            let lookalike = API(client, token: String(repeating: "A", count: 43))
            for api in [anonymous, garbage, lookalike] {
                for (method, path) in [
                    (HTTPRequest.Method.get, "/me"), (.get, "/me/sessions"), (.post, "/auth/logout"), (.get, "/days"),
                    (.get, "/checkins"), (.get, "/feelings"), (.get, "/people"), (.get, "/calendar?month=2024-03"),
                    (.delete, "/me/sessions/\(UUID())"),
                ] {
                    let response = try await api.call(method, path)
                    response.expectProblem(.unauthorized, "unauthorized")
                    #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                }
                // The missing token is reported before anything about the body.
                try await api.call(.put, "/days/2024-03-03", raw: "{not json").expectProblem(.unauthorized, "unauthorized")
            }
            #expect(try await anonymous.get("/me").headers[.wwwAuthenticate]?.contains("invalid_token") == false)
            #expect(try await garbage.get("/me").headers[.wwwAuthenticate]?.contains("invalid_token") == true)
            // "Basic" is not a bearer token.
            let basic = try await anonymous.call(.get, "/me", headers: [.authorization: "Basic dXNlcjpwYXNz"])
            basic.expectProblem(.unauthorized, "unauthorized")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aSessionCookieIsNotEnoughForTheAPI(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("cookie")
            let token = try #require(api.token)
            // A browser's cookie must not let a foreign page use the API without a CSRF token.
            let response = try await API(client).call(.get, "/me", headers: [.cookie: "daybook_session=\(token)"])
            response.expectProblem(.unauthorized, "unauthorized")
        }
    }

    @Test(arguments: TestDatabase.available)
    func patchMeChangesEachField(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("profile")
            let changes: [(String, Any, Any)] = [
                ("displayName", "  Pro File ", "Pro File"), ("bio", "Likes walks.\nAnd tea.  ", "Likes walks.\nAnd tea."),
                ("username", "Pro.File", "Pro.File"), ("email", "NEW@Example.org", "new@example.org"),
                ("timeZone", "America/New_York", "America/New_York"),
            ]
            for (field, value, stored) in changes {
                let response = try await api.patch("/me", [field: value])
                #expect(response.status == .ok, "\(field): \(response.text)")
                #expect(response[field] as? String == stored as? String, "\(field)")
                #expect(try await api.get("/me")[field] as? String == stored as? String)
            }
            // Absent fields stay as they are.
            let nothing = try await api.patch("/me", [:] as [String: Any])
            #expect(nothing.status == .ok)
            #expect(nothing["displayName"] as? String == "Pro File")
            // Logging in with the new username and email works.
            #expect(try await api.post("/auth/login", ["login": "new@example.org", "password": "correct horse battery"]).status == .ok)
            #expect(try await api.post("/auth/login", ["login": "pro.file", "password": "correct horse battery"]).status == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func patchMeRefusesBadAndTakenValuesAllAtOnce(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let other = try await API(client).register("taken_name")
            _ = other
            let api = try await API(client).register("patcher")
            let bad = try await api.patch(
                "/me",
                [
                    "bio": String(repeating: "b", count: 501), "username": "no spaces allowed", "email": "nope",
                    "timeZone": "Nowhere/Land", "displayName": String(repeating: "d", count: 81),
                ])
            bad.expectProblem(.unprocessableContent, "validation_failed")
            #expect(Set(bad.errorFields) == ["bio", "username", "email", "timeZone", "displayName"])
            let taken = try await api.patch("/me", ["username": "TAKEN_NAME", "email": "taken_name@example.org"])
            taken.expectProblem(.unprocessableContent, "validation_failed")
            #expect(taken.errorCode("username") == "taken")
            #expect(taken.errorCode("email") == "taken")
            // Nothing changed.
            let me = try await api.get("/me")
            #expect(me["username"] as? String == "patcher")
            #expect(me["bio"] as? String == "")
            // Wrong types are malformed, naming the field.
            let wrongType = try await api.patch("/me", ["bio": 12])
            wrongType.expectProblem(.badRequest, "malformed_request")
            #expect(wrongType.errorFields == ["bio"])
            let unknown = try await api.patch("/me", ["password": "sneaky password 1"])
            unknown.expectProblem(.badRequest, "malformed_request")
            #expect(unknown.errorCode("password") == "unknown_field")
        }
    }

    @Test(arguments: TestDatabase.available)
    func changePasswordNeedsTheCurrentOneAndRevokesOtherSessions(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("pwuser", password: "old password 123")
            let other = try await api.post("/auth/login", ["login": "pwuser", "password": "old password 123"])
            let otherAPI = api.with(token: other["token"] as? String)
            #expect(try await otherAPI.get("/me").status == .ok)

            let wrong = try await api.put("/me/password", ["currentPassword": "not it at all", "newPassword": "new password 456"])
            wrong.expectProblem(.unprocessableContent, "validation_failed")
            #expect(wrong.errorCode("currentPassword") == "wrong_password")
            let short = try await api.put("/me/password", ["currentPassword": "old password 123", "newPassword": "short"])
            short.expectProblem(.unprocessableContent, "validation_failed")
            #expect(short.errorCode("newPassword") == "too_short")
            let both = try await api.put("/me/password", ["currentPassword": "nope nope nope", "newPassword": "password123"])
            #expect(Set(both.errorFields) == ["currentPassword", "newPassword"])
            let missing = try await api.put("/me/password", ["newPassword": "new password 456"])
            missing.expectProblem(.badRequest, "malformed_request")
            #expect(missing.errorCode("currentPassword") == "required")

            #expect(try await api.put("/me/password", ["currentPassword": "old password 123", "newPassword": "new password 456"]).status == .noContent)
            #expect(try await api.get("/me").status == .ok)
            try await otherAPI.get("/me").expectProblem(.unauthorized, "unauthorized")
            try await api.post("/auth/login", ["login": "pwuser", "password": "old password 123"])
                .expectProblem(.unauthorized, "invalid_credentials")
            #expect(try await api.post("/auth/login", ["login": "pwuser", "password": "new password 456"]).status == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func sessionsCanBeListedAndRevokedButOnlyOwnOnes(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("sess")
            let second = try await api.post("/auth/login", ["login": "sess", "password": "correct horse battery", "deviceName": "Tablet"])
            let secondAPI = api.with(token: second["token"] as? String)
            let list = try await api.get("/me/sessions")
            #expect(list.items.count == 2)
            #expect(list.items.filter { $0["current"] as? Bool == true }.count == 1)
            let tablet = try #require(list.items.first { $0["deviceName"] as? String == "Tablet" })
            #expect(tablet["current"] as? Bool == false)
            for key in ["id", "kind", "deviceName", "ipAddress", "createdAt", "lastSeenAt", "expiresAt"] {
                #expect(tablet[key] != nil, "\(key)")
            }
            let tabletID = try #require(tablet["id"] as? String)

            // Another user cannot see or revoke it.
            let stranger = try await API(client).register("stranger")
            #expect(try await stranger.get("/me/sessions").items.count == 1)
            try await stranger.delete("/me/sessions/\(tabletID)").expectProblem(.notFound, "not_found")
            #expect(try await secondAPI.get("/me").status == .ok)

            #expect(try await api.delete("/me/sessions/\(tabletID)").status == .noContent)
            try await secondAPI.get("/me").expectProblem(.unauthorized, "unauthorized")
            try await api.delete("/me/sessions/\(tabletID)").expectProblem(.notFound, "not_found")
            try await api.delete("/me/sessions/not-a-uuid").expectProblem(.badRequest, "malformed_request")
            #expect(try await api.get("/me/sessions").items.count == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deleteAccountAsksForThePasswordThenRemovesEverything(database: TestDatabase) async throws {
        try await withApp(database) { client, store in
            let api = try await API(client).register("leaver", password: "goodbye world 123")
            let feeling = try await api.wordID("feelings", "happy")
            #expect(try await api.put("/days/\(TestDates.todayUTC)", ["mood": 4, "note": "last day"]).status == .created)
            #expect(try await api.post("/checkins", ["feelingId": feeling]).status == .created)
            #expect(try await api.post("/people", ["name": "Friend"]).status == .created)
            let userID = try #require(try await api.get("/me")["id"] as? String)

            let wrong = try await api.delete("/me", json: ["password": "not my password"])
            wrong.expectProblem(.unprocessableContent, "validation_failed")
            #expect(wrong.errorCode("password") == "wrong_password")
            #expect(try await api.get("/me").status == .ok)

            #expect(try await api.delete("/me", json: ["password": "goodbye world 123"]).status == .noContent)
            try await api.get("/me").expectProblem(.unauthorized, "unauthorized")
            try await api.post("/auth/login", ["login": "leaver", "password": "goodbye world 123"])
                .expectProblem(.unauthorized, "invalid_credentials")
            let id = try #require(UUID(uuidString: userID))
            #expect(try await store.users.user(id: id) == nil)
            #expect(try await store.sessions.sessions(userID: id).isEmpty)
            #expect(try await store.days.entries(userID: id, before: nil, limit: 10).isEmpty)
            #expect(try await store.checkins.checkins(userID: id, from: nil, to: nil, after: nil, limit: 10).isEmpty)
            #expect(try await store.vocabulary.items(userID: id, kind: nil, includeArchived: true).isEmpty)
            #expect(try await store.vocabulary.people(userID: id, includeArchived: true).isEmpty)
            // The name is free again.
            _ = try await API(client).register("leaver")
        }
    }
}
