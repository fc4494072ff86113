import DaybookServices
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 19's page half: the forms the offline outbox sends again (check-in, Today, a day's edit
/// form, a new journal entry) carry an `idempotencyKey`, and a day saved over a newer version
/// shows both instead of overwriting.
@Suite("Pages: the offline outbox's forms")
struct PageOutboxTests {
    /// A browser signed in to the pages: its session and CSRF cookies.
    struct Browser {
        let client: any TestClientProtocol
        let cookie: String
        let csrf: String

        static func signIn(_ client: any TestClientProtocol, _ username: String) async throws -> Browser {
            let csrf = "c" + String(repeating: "d", count: 42)
            let renewed = try await client.execute(
                uri: "/login", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "daybook_csrf=\(csrf)"],
                body: ByteBuffer(string: "csrf=\(csrf)&login=\(username)&password=correct+horse+battery")
            ) { response in
                #expect(response.status == .seeOther, "\(response.text)")
                return (
                    try #require(response.setCookies["daybook_session"]),
                    try #require(response.setCookies["daybook_csrf"])
                )
            }
            return Browser(
                client: client, cookie: "daybook_session=\(renewed.0); daybook_csrf=\(renewed.1)",
                csrf: SessionToken.formToken(csrfCookie: renewed.1, session: renewed.0))
        }

        func get(_ path: String) async throws -> (status: HTTPResponse.Status, text: String) {
            try await client.execute(uri: path, method: .get, headers: [.cookie: cookie]) { ($0.status, $0.text) }
        }

        /// Posts a form; the answer's status, where it sends the browser, and its page. The CSRF
        /// token goes in the form, or in the `X-CSRF-Token` header as the outbox sends it.
        func post(_ path: String, _ fields: [(String, String)], csrfInHeader: Bool = false) async throws -> (
            status: HTTPResponse.Status, location: String?, text: String
        ) {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            let body = ((csrfInHeader ? [] : [("csrf", csrf)]) + fields).map {
                "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
            }.joined(separator: "&")
            var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: cookie]
            if csrfInHeader { headers[HTTPField.Name("X-CSRF-Token")!] = csrf }
            return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
            {
                ($0.status, $0.headers[.location], $0.text)
            }
        }
    }

    /// The value of a hidden field on a page.
    func hidden(_ name: String, in page: String) throws -> String {
        let marker = "name=\"\(name)\" value=\""
        let start = try #require(page.range(of: marker), "no \(name) field").upperBound
        return String(page[start...].prefix(while: { $0 != "\"" }))
    }

    @Test(arguments: TestDatabase.available)
    func aFormSentTwiceWithItsKeySavesOnce(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("outbox")
            let browser = try await Browser.signIn(client, "outbox")
            let calm = try await api.wordID("feelings", "calm")
            let form = [("back", "/today"), ("feeling", calm), ("note", "On the train"), ("idempotencyKey", "k-1")]
            let first = try await browser.post("/checkins", form)
            #expect(first.status == .seeOther, "\(first.text)")
            let again = try await browser.post("/checkins", form)
            #expect(again.status == .seeOther && again.location == first.location)
            #expect(try await api.get("/checkins").items.count == 1)

            // Another form under the same key saves nothing and says why.
            let other = try await browser.post(
                "/checkins", [("back", "/today"), ("feeling", calm), ("note", "Else"), ("idempotencyKey", "k-1")])
            #expect(other.status == .unprocessableContent && other.text.contains("Already sent"))
            // A form shown again with errors frees its key: the corrected form runs.
            let wrong = try await browser.post(
                "/checkins", [("back", "/today"), ("note", "No feeling"), ("idempotencyKey", "k-2")])
            #expect(wrong.status == .unprocessableContent)
            let fixed = try await browser.post(
                "/checkins", [("back", "/today"), ("feeling", calm), ("note", "No feeling"), ("idempotencyKey", "k-2")])
            #expect(fixed.status == .seeOther)
            // Without a key (no JavaScript), each post is its own.
            _ = try await browser.post("/checkins", [("back", "/today"), ("feeling", calm), ("note", "Plain")])
            _ = try await browser.post("/checkins", [("back", "/today"), ("feeling", calm), ("note", "Plain")])
            #expect(try await api.get("/checkins").items.count == 4)

            // A journal entry alike.
            let entry = [
                ("title", "Offline"), ("body", "Written on the train"), ("visibility", "private"),
                ("idempotencyKey", "j-1"),
            ]
            #expect(try await browser.post("/journal/new", entry).status == .seeOther)
            #expect(try await browser.post("/journal/new", entry).status == .seeOther)
            #expect(try await api.get("/journal").items.count == 1)
        }
    }

    /// The outbox sends its CSRF token in a header, so the body reaches the page unread, streamed
    /// from a real connection: the key's check must leave it readable for the handler.
    @Test func aKeyedFormStreamedFromTheConnectionIsReadOnceForBoth() async throws {
        try await withApp(.sqlite, mode: .live) { client, _ in
            let api = try await API(client).register("streamed")
            let browser = try await Browser.signIn(client, "streamed")
            let calm = try await api.wordID("feelings", "calm")
            let form = [("back", "/today"), ("feeling", calm), ("note", "Streamed"), ("idempotencyKey", "s-1")]
            let sent = try await browser.post("/checkins", form, csrfInHeader: true)
            #expect(sent.status == .seeOther, "\(sent.text)")
            #expect(try await browser.post("/checkins", form, csrfInHeader: true).status == .seeOther)
            #expect(try await api.get("/checkins").items.count == 1)
        }
    }

    /// Odd values in the outbox's fields never fail a save: a key that is not one is ignored (the
    /// form runs as without one), a `madeAt` that is not a time or is in the future gives "now",
    /// a hidden date in the future gives today. Keys are per user: Bob's form under Anna's key is
    /// his own.
    @Test(arguments: TestDatabase.available)
    func oddOutboxFieldsAndAnotherUsersKey(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anna = try await API(client).register("annaodd")
            let bob = try await API(client).register("bobodd")
            let annas = try await Browser.signIn(client, "annaodd")
            let bobs = try await Browser.signIn(client, "bobodd")
            let calm = try await anna.wordID("feelings", "calm")
            for key in ["has spaces", String(repeating: "k", count: 300), ""] {
                let sent = try await annas.post(
                    "/checkins", [("back", "/today"), ("feeling", calm), ("note", "odd key"), ("idempotencyKey", key)])
                #expect(sent.status == .seeOther, "\(key.prefix(20)): \(sent.text)")
            }
            #expect(try await anna.get("/checkins").items.count == 3)
            for madeAt in ["yesterday", "2999-01-01T00:00:00.000Z"] {
                let before = Date()
                let sent = try await annas.post(
                    "/checkins", [("back", "/today"), ("feeling", calm), ("madeAt", madeAt)])
                #expect(sent.status == .seeOther, "\(sent.text)")
                let at = try #require(try await anna.get("/checkins").items.first?["at"] as? String)
                let parsed = try #require(try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(at))
                #expect(parsed >= before.addingTimeInterval(-1) && parsed <= Date().addingTimeInterval(1), "\(at)")
            }
            let later = try await annas.post(
                "/today", [("date", "2999-01-01"), ("mood", "3"), ("note", "Odd date"), ("baseVersion", "none")])
            #expect(later.status == .seeOther && later.location?.hasPrefix("/today") == true)
            #expect(try await anna.get("/days/\(TestDates.todayUTC)")["note"] as? String == "Odd date")

            let bobCalm = try await bob.wordID("feelings", "calm")
            let form = [("back", "/today"), ("feeling", calm), ("note", "Anna's"), ("idempotencyKey", "shared-1")]
            #expect(try await annas.post("/checkins", form).status == .seeOther)
            let his = try await bobs.post(
                "/checkins",
                [("back", "/today"), ("feeling", bobCalm), ("note", "Bob's"), ("idempotencyKey", "shared-1")])
            #expect(his.status == .seeOther, "\(his.text)")
            #expect(try await bob.get("/checkins").items.map { $0["note"] as? String } == ["Bob's"])
        }
    }

    /// A check-in kept offline and sent hours later keeps the moment it was made.
    @Test(arguments: TestDatabase.available)
    func aCheckinKeepsTheTimeTheDeviceMadeIt(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("later")
            let browser = try await Browser.signIn(client, "later")
            let calm = try await api.wordID("feelings", "calm")
            let madeAt = Date().addingTimeInterval(-3 * 3600)
            let stamp = madeAt.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
            let sent = try await browser.post("/checkins", [("back", "/today"), ("feeling", calm), ("madeAt", stamp)])
            #expect(sent.status == .seeOther, "\(sent.text)")
            let at = try #require(try await api.get("/checkins").items.first?["at"] as? String)
            let parsed = try #require(try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(at))
            #expect(abs(parsed.timeIntervalSince(madeAt)) < 1, "\(at) vs \(stamp)")
        }
    }

    /// A day edited from an old copy of the form (offline, or another tab) meets a newer entry:
    /// the page shows both, nothing is overwritten until the user chooses hers.
    @Test(arguments: TestDatabase.available)
    func aDaySavedOverANewerOneShowsBoth(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("twice")
            let browser = try await Browser.signIn(client, "twice")
            let date = TestDates.date(daysFromToday: -1)
            #expect(try await api.put("/days/\(date)", ["mood": 3, "note": "First words"]).status == .created)
            let form = try await browser.get("/days/\(date)/edit")
            let base = try hidden("baseVersion", in: form.text)
            #expect(base != "none")

            // Meanwhile, another device saves the day.
            #expect(try await api.put("/days/\(date)", ["mood": 4, "note": "From the phone"]).status == .ok)
            let mine: [(String, String)] = [
                ("date", date), ("mood", "2"), ("note", "Written offline"), ("baseVersion", base),
                ("confirmReplace", date), ("idempotencyKey", "d-1"),
            ]
            let clash = try await browser.post("/days/\(date)/edit", mine)
            #expect(clash.status == .conflict)
            #expect(clash.text.contains("This day changed while you were writing"))
            #expect(clash.text.contains("From the phone") && clash.text.contains("Written offline"))
            #expect(try await api.get("/days/\(date)")["note"] as? String == "From the phone")

            // Choosing hers: the form on the conflict page now names the version it saw.
            let seen = try hidden("baseVersion", in: clash.text)
            #expect(seen != base)
            var chosen = mine.filter { $0.0 != "baseVersion" && $0.0 != "idempotencyKey" }
            chosen += [("baseVersion", seen), ("idempotencyKey", "d-2")]
            let saved = try await browser.post("/days/\(date)/edit", chosen)
            #expect(saved.status == .seeOther, "\(saved.text)")
            #expect(try await api.get("/days/\(date)")["note"] as? String == "Written offline")

            // A new day's form (no entry when opened) meeting an entry saved meanwhile: the same.
            let other = TestDates.date(daysFromToday: -2)
            let blank = try hidden("baseVersion", in: try await browser.get("/days/\(other)/edit").text)
            #expect(blank == "none")
            #expect(try await api.put("/days/\(other)", ["mood": 5]).status == .created)
            let late = try await browser.post(
                "/days/\(other)/edit", [("date", other), ("mood", "1"), ("baseVersion", blank)])
            #expect(late.status == .conflict)
            #expect(try await api.get("/days/\(other)")["mood"] as? Int == 5)
        }
    }

    /// Today's form kept overnight is about the day it was opened on, not the day it is sent.
    @Test(arguments: TestDatabase.available)
    func todaysFormSentLaterSavesItsOwnDay(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("overnight")
            let browser = try await Browser.signIn(client, "overnight")
            let today = try await browser.get("/today")
            #expect(try hidden("baseVersion", in: today.text) == "none")
            let yesterday = TestDates.date(daysFromToday: -1)
            let sent = try await browser.post(
                "/today", [("date", yesterday), ("mood", "4"), ("note", "Late"), ("baseVersion", "none")])
            #expect(sent.status == .seeOther && sent.location?.hasPrefix("/days/\(yesterday)") == true)
            #expect(try await api.get("/days/\(yesterday)")["note"] as? String == "Late")
            #expect(try await api.get("/days/\(TestDates.date(daysFromToday: 0))").status == .notFound)
        }
    }
}
