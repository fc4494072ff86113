import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Whatever a client sends, the answer is a problem naming what is wrong, never a 500.
@Suite("API: malformed requests")
struct APIErrorTests {
    @Test(arguments: TestDatabase.available)
    func malformedJSONIs400(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = API(client)
            for raw in ["{\"email\": ", "not json", "", "[1, 2", "{\"email\": \"a\",}", "\u{0}"] {
                let response = try await api.call(.post, "/auth/register", raw: raw)
                response.expectProblem(.badRequest, "malformed_request")
                #expect(response["detail"] is String)
            }
            // JSON, but not an object.
            for raw in ["[]", "\"text\"", "42", "null", "true"] {
                try await api.call(.post, "/auth/login", raw: raw).expectProblem(.badRequest, "malformed_request")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func wrongTypesAreNamed(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("types")
            let cases: [(String, String, Any, String)] = [
                ("/auth/login", "login", ["login": 5, "password": "x"], "login"),
                ("/days/2024-03-03", "mood", ["mood": "good"], "mood"),
                ("/days/2024-03-03", "mood", ["mood": 3.5], "mood"),
                ("/days/2024-03-03", "gratitude", ["mood": 3, "gratitude": "one"], "gratitude"),
                ("/days/2024-03-03", "gratitude", ["mood": 3, "gratitude": ["ok", 2]], "gratitude[1]"),
                ("/days/2024-03-03", "song", ["mood": 3, "song": ["title": 7]], "song.title"),
                ("/checkins", "at", ["feelingId": UUID().uuidString, "at": "yesterday"], "at"),
                ("/checkins", "at", ["feelingId": UUID().uuidString, "at": 1_700_000_000], "at"),
                ("/checkins", "personIds", ["feelingId": UUID().uuidString, "personIds": "Anna"], "personIds"),
            ]
            for (path, _, body, field) in cases {
                let method: HTTPRequest.Method = path.hasPrefix("/days") ? .put : .post
                let response = try await api.call(method, path, json: body)
                response.expectProblem(.badRequest, "malformed_request")
                #expect(response.errorFields == [field], "\(path) \(body): \(response.text)")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func missingAndNullFieldsAreNamed(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("missing")
            let noPassword = try await api.post("/auth/register", ["email": "a@example.org", "username": "abc"])
            noPassword.expectProblem(.badRequest, "malformed_request")
            #expect(noPassword.errorFields == ["password"])
            #expect(noPassword.errorCode("password") == "required")
            let noMood = try await api.put("/days/2024-03-03", ["note": "no mood"])
            #expect(noMood.errorFields == ["mood"])
            let nullMood = try await api.put("/days/2024-03-03", ["mood": NSNull()])
            nullMood.expectProblem(.badRequest, "malformed_request")
            #expect(nullMood.errorFields == ["mood"])
            let noFeeling = try await api.post("/checkins", ["note": "how do I feel"])
            #expect(noFeeling.errorCode("feelingId") == "required")
        }
    }

    @Test(arguments: TestDatabase.available)
    func unknownFieldsAreNamed(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("unknown")
            let register = try await api.post(
                "/auth/register",
                ["email": "u@example.org", "username": "uuu", "password": "correct horse battery", "isAdmin": true])
            register.expectProblem(.badRequest, "malformed_request")
            #expect(register.errorFields == ["isAdmin"])
            #expect(register.errorCode("isAdmin") == "unknown_field")
            let nested = try await api.put("/days/2024-03-03", ["mood": 3, "song": ["title": "x", "album": "y"]])
            #expect(nested.errorFields == ["song.album"])
            let checkin = try await api.patch("/checkins/\(UUID())", ["feeling": "happy"])
            #expect(checkin.errorCode("feeling") == "unknown_field")
        }
    }

    @Test(arguments: TestDatabase.available)
    func wrongContentTypeIs415AndMissingIsReadAsJSON(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = API(client)
            let body = #"{"email": "ct@example.org", "username": "ctype", "password": "correct horse battery"}"#
            for type in [
                "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml",
            ] {
                let response = try await api.call(.post, "/auth/register", raw: body, headers: [.contentType: type])
                response.expectProblem(.unsupportedMediaType, "unsupported_media_type")
            }
            let charset = try await api.call(
                .post, "/auth/register", raw: body, headers: [.contentType: "application/json; charset=utf-8"])
            #expect(charset.status == .created)
            let none = try await client.execute(
                uri: "/api/v1/auth/login", method: .post,
                body: ByteBuffer(string: #"{"login": "ctype", "password": "correct horse battery"}"#)
            ) { $0.status }
            #expect(none == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anyAcceptHeaderWorks(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("accept")
            for accept in [
                "application/json", "text/html", "image/png", "*/*", "garbage;;;", "application/problem+json",
            ] {
                // An error…
                let problem = try await api.call(
                    .put, "/days/2024-03-03", json: ["mood": 9], headers: [.accept: accept])
                problem.expectProblem(.unprocessableContent, "validation_failed")
                let missing = try await API(client).call(.get, "/me", headers: [.accept: accept])
                missing.expectProblem(.unauthorized, "unauthorized")
                // …and a success.
                let me = try await api.call(.get, "/me", headers: [.accept: accept])
                #expect(me.status == .ok, "\(accept)")
                #expect(me.headers[.contentType]?.hasPrefix("application/json") == true)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func badPathAndQueryParametersAreNamed(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("params")
            for (method, path, parameter) in [
                (HTTPRequest.Method.get, "/checkins/not-a-uuid", "checkinId"), (.delete, "/checkins/123", "checkinId"),
                (.delete, "/me/sessions/xyz", "sessionId"), (.delete, "/feelings/happy", "feelingId"),
                (.delete, "/activities/%20", "activityId"), (.delete, "/people/1", "personId"),
            ] {
                let response = try await api.call(method, path)
                response.expectProblem(.badRequest, "malformed_request")
                #expect(response.errorFields == [parameter], "\(path)")
            }
            let patch = try await api.patch("/feelings/nope", ["name": "x"])
            #expect(patch.errorFields == ["feelingId"])

            for (path, parameter) in [
                ("/days?limit=abc", "limit"), ("/checkins?limit=1.5", "limit"), ("/days?limit=", "limit"),
                ("/feelings?includeArchived=maybe", "includeArchived"),
                ("/people?includeArchived=1", "includeArchived"),
                ("/calendar", "month"),
                ("/closet/items?sort=leastWorn", "sort"), ("/media?kind=video", "kind"),
                ("/shares?direction=both", "direction"),
            ] {
                let response = try await api.get(path)
                response.expectProblem(.badRequest, "malformed_request")
                #expect(response.errorFields == [parameter], "\(path): \(response.text)")
            }
            // A value outside an enum is told the document's values.
            let sort = try await api.get("/closet/items?sort=leastWorn")
            #expect(sort.text.contains("“sort” must be one of “newest”, “name”, “least_worn”."), "\(sort.text)")
            for (path, parameter, code) in [
                ("/days?limit=0", "limit", "out_of_range"), ("/checkins?limit=101", "limit", "out_of_range"),
                ("/days?cursor=garbage", "cursor", "invalid"), ("/checkins?cursor=garbage", "cursor", "invalid"),
                ("/checkins?from=yesterday", "from", "invalid"), ("/checkins?to=2024-02-30", "to", "invalid"),
                ("/calendar?month=2024-13", "month", "invalid"), ("/calendar?month=March", "month", "invalid"),
                ("/days/2024-02-30", "date", "invalid"), ("/days/today", "date", "invalid"),
            ] {
                let response = try await api.get(path)
                response.expectProblem(.unprocessableContent, "validation_failed")
                #expect(response.errorCode(parameter) == code, "\(path): \(response.text)")
            }
            // A limit in range works, and absent means 30.
            #expect(try await api.get("/days?limit=100").status == .ok)
            #expect(try await api.get("/checkins").status == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func bodiesOverTheLimitAre413(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("large")
            let huge = String(repeating: "x", count: 1_100_000)
            let response = try await api.put("/days/2024-03-03", ["mood": 3, "note": huge])
            response.expectProblem(.contentTooLarge, "payload_too_large")
            // Under the limit, the rules speak.
            let long = try await api.put(
                "/days/2024-03-03", ["mood": 3, "note": String(repeating: "y", count: 10_001)])
            #expect(long.errorCode("note") == "too_long")
        }
    }

    @Test(arguments: TestDatabase.available)
    func nullIsRefusedRatherThanIgnored(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("nulls")
            let happy = try await api.wordID("feelings", "happy")
            let work = try await api.wordID("activities", "work")
            let id = try #require(
                try await api.post("/checkins", ["feelingId": happy, "activityId": work])["id"] as? String)
            let clear = try await api.patch("/checkins/\(id)", ["activityId": NSNull()])
            clear.expectProblem(.badRequest, "malformed_request")
            #expect(clear.errorCode("activityId") == "wrong_type")
            #expect(
                (clear.json["errors"] as? [[String: Any]])?.first?["message"] as? String
                    == "null is not a value here: to remove the activity, send “clearActivity”: true.")
            #expect((try await api.get("/checkins/\(id)")["activity"] as? [String: Any])?["id"] as? String == work)
            let nested = try await api.put("/days/2024-03-03", ["mood": 3, "song": ["title": NSNull()]])
            #expect(nested.errorFields == ["song.title"])
            let bio = try await api.patch("/me", ["bio": NSNull()])
            #expect(bio.errorFields == ["bio"])
            // photoId is the one nullable field.
            #expect(try await api.put("/days/2024-03-03", ["mood": 3, "photoId": NSNull()]).status == .created)
        }
    }

    @Test(arguments: TestDatabase.available)
    func unknownEndpointsAreProblemsToo(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("endpoints")
            try await api.get("/no-such-thing").expectProblem(.notFound, "not_found")
            try await api.get("/checkins/\(UUID())/extra").expectProblem(.notFound, "not_found")
            // A path of ours with another method is 405, with what it allows.
            let post = try await api.call(.post, "/me", json: [:] as [String: Any])
            post.expectProblem(.methodNotAllowed, "method_not_allowed")
            #expect(post.headers[.allow] == "GET, PATCH, DELETE, HEAD")
            let trace = try await api.call(.trace, "/checkins/\(UUID())")
            trace.expectProblem(.methodNotAllowed, "method_not_allowed")
            #expect(trace.headers[.allow] == "GET, PATCH, DELETE, HEAD")
            #expect(try await api.call(.put, "/auth/login").headers[.allow] == "POST")
            let outside = try await client.execute(uri: "/api/v2/me", method: .get) { $0 }
            #expect(outside.status == .notFound)
            #expect(outside.headers[.contentType]?.hasPrefix("application/problem+json") == true)
        }
    }

    /// A crude fuzzer: every operation, with bodies and parameters of every wrong shape.
    @Test func noInputReachesA500() async throws {
        try await withApp(.sqlite) { client, _ in
            let api = try await API(client).register("fuzzer")
            let paths: [(HTTPRequest.Method, String)] = [
                (.post, "/auth/register"), (.post, "/auth/login"), (.get, "/me"), (.patch, "/me"),
                (.put, "/me/password"), (.get, "/me/sessions"), (.delete, "/me/sessions/\(UUID())"), (.get, "/days"),
                (.put, "/days/2024-03-03"), (.get, "/days/2024-03-03"), (.delete, "/days/2024-03-03"),
                (.get, "/calendar?month=2024-03"), (.post, "/checkins"), (.get, "/checkins"),
                (.get, "/checkins/\(UUID())"),
                (.patch, "/checkins/\(UUID())"), (.delete, "/checkins/\(UUID())"), (.get, "/feelings"),
                (.post, "/feelings"),
                (.patch, "/feelings/\(UUID())"), (.post, "/activities"), (.patch, "/activities/\(UUID())"),
                (.post, "/people"), (.patch, "/people/\(UUID())"), (.post, "/auth/logout"),
            ]
            let bodies: [String] = [
                "", "{}", "[]", "null", "{\"mood\": -1}", "{\"mood\": 99999999999999999999}",
                "{\"at\": \"1899-12-31T23:59:59Z\"}",
                "{\"at\": \"9999-12-31T23:59:59Z\"}", "{\"feelingId\": \"\", \"personIds\": [\"\", null]}",
                "{\"name\": \"\u{0}\", \"emoji\": \"\u{200B}\"}", "{\"login\": {}, \"password\": []}",
                "{\"email\": \"a@b\", \"username\": \"...\", \"password\": \"\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\"}",
                "{\"displayName\": null, \"bio\": null}", String(repeating: "[", count: 10_000),
                "{\"song\": {\"link\": \"javascript:alert(1)\"}, \"mood\": 3, \"gratitude\": [\"\", \"\", \"\", \"\"]}",
                "{\"clearActivity\": true, \"activityId\": \"x\"}", "{\"archived\": \"yes\"}",
            ]
            for (method, path) in paths {
                for body in bodies {
                    let response = try await api.call(method, path, raw: body)
                    #expect(response.status.code < 500, "\(method) \(path) \(body.prefix(80)): \(response.text)")
                    if response.status.code >= 400 { #expect(response.isProblem, "\(method) \(path)") }
                }
            }
        }
    }
}
