import DaybookCore
import DaybookServices
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("Reminders: sending")
struct ReminderServiceTests {
    let client = ClientInfo(ipAddress: "192.0.2.1", deviceName: "Test")

    /// Monday 2026-03-02 in UTC, 10:00.
    static let monday10 = Date(timeIntervalSince1970: 1_772_445_600)

    @Test(arguments: TestDatabase.available)
    func dueRemindersAreSentOnceSkippedWhenLateOrJustCheckedIn(database: TestDatabase) async throws {
        try await database.withStore { store in
            let clock = TestClock(Self.monday10)
            let services = Services(store: store, hasher: PasswordHasher(cost: 4), now: { clock.now })
            let anna = try await services.accounts.register(
                Registration(email: "r@example.org", username: "reminded", password: "right password 123", timeZone: "UTC"),
                kind: .web, persistent: false, client: client
            ).user
            let settings = ReminderSettings(
                wakingStart: LocalTime("08:00")!, wakingEnd: LocalTime("22:00")!, checkinReminders: true,
                dailyReminder: LocalTime("21:30"), weekdays: Set(1...7), skipIfCheckedInWithinMinutes: 30)
            let next = try await services.reminders.save(settings, for: anna)
            #expect(next.count == 5 && next[0].at == Self.monday10.addingTimeInterval(48 * 60))  // 10:48

            #expect(try await services.reminders.sendDue() == 0)
            clock.advance(48 * 60)  // 10:48: the first is due
            #expect(try await services.reminders.sendDue() == 1)
            #expect(try await services.reminders.sendDue() == 0)  // once only
            let inbox = try await services.notifications.list(userID: anna.id, after: nil, limit: 10)
            #expect(inbox.map(\.kind) == ["reminder.checkin"] && inbox[0].link == "/today#checkin")

            // A check-in 10 minutes before the next one (13:36) skips it.
            clock.advance(2 * 3600 + 38 * 60)  // 13:26
            let feeling = try await store.vocabulary.items(userID: anna.id, kind: .feeling, includeArchived: false)[0]
            _ = try await services.checkins.create(user: anna, input: CheckinInput(feelingID: feeling.id))
            clock.advance(10 * 60)
            #expect(try await services.reminders.sendDue() == 0)

            // The server was down from 14:00 to 17:00: 16:24 is more than 10 minutes late, skipped.
            clock.advance(3 * 3600 + 24 * 60)  // 17:00
            #expect(try await services.reminders.sendDue() == 0)
            #expect(try await services.notifications.unreadCount(userID: anna.id) == 1)
            clock.advance(2 * 3600 + 12 * 60)  // 19:12
            #expect(try await services.reminders.sendDue() == 1)
            clock.advance(2 * 3600 + 18 * 60)  // 21:30, the journal reminder
            #expect(try await services.reminders.sendDue() == 1)
            #expect(try await services.notifications.list(userID: anna.id, after: nil, limit: 1)[0].kind == "reminder.daily")
        }
    }
}

@Suite("API: notifications and reminders")
struct APINotificationTests {
    @Test(arguments: TestDatabase.available)
    func inboxesAreTheirOwnersOnly(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anna = try await API(client).register("anna")
            let bob = try await API(client).register("bob")
            let made = try await anna.post("/notifications/test", [String: Any]())
            #expect(made.status == .created, "\(made.text)")
            let id = try #require(made["id"] as? String)
            let list = try await anna.get("/notifications")
            #expect(list.items.count == 1 && list.json["unreadCount"] as? Int == 1)
            #expect(list.items[0]["read"] as? Bool == false && list.items[0]["link"] as? String == "/notifications")

            try await bob.post("/notifications/\(id)/read", [String: Any]()).expectProblem(.notFound, "not_found")
            #expect(try await bob.get("/notifications").items.isEmpty)
            #expect(try await anna.post("/notifications/\(id)/read", [String: Any]()).status == .noContent)
            #expect(try await anna.get("/notifications").json["unreadCount"] as? Int == 0)
            _ = try await anna.post("/notifications/test", [String: Any]())
            #expect(try await anna.post("/notifications/read-all", [String: Any]()).status == .noContent)
            #expect(try await anna.get("/notifications").json["unreadCount"] as? Int == 0)
            try await anna.with(token: nil).get("/notifications").expectProblem(.unauthorized, "unauthorized")
        }
    }

    @Test(arguments: TestDatabase.available)
    func remindersAreSetAndShowWhatComes(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("sched", timeZone: "Europe/Helsinki")
            let off = try await api.get("/reminders")
            #expect((off.json["settings"] as? [String: Any])?["checkinReminders"] as? Bool == false)
            #expect((off.json["next"] as? [Any])?.isEmpty == true)
            let saved = try await api.put(
                "/reminders",
                [
                    "wakingHours": ["start": "08:00", "end": "22:00"], "checkinReminders": true,
                    "dailyReminder": "21:30", "weekdays": [1, 2, 3, 4, 5, 6, 7], "skipIfCheckedInWithinMinutes": 30,
                ])
            #expect(saved.status == .ok, "\(saved.text)")
            let next = try #require(saved.json["next"] as? [[String: Any]])
            #expect(next.count == 5)
            let times = next.compactMap { $0["at"] as? String }
            // Wall-clock times with the user's offset (+02:00 or +03:00 in Helsinki).
            #expect(times.allSatisfy { $0.hasSuffix("+02:00") || $0.hasSuffix("+03:00") }, "\(times)")
            #expect(times.allSatisfy { t in ["10:48", "13:36", "16:24", "19:12", "21:30", "22:00"].contains { t.contains("T\($0):00") } }, "\(times)")
            #expect((try await api.get("/reminders").json["settings"] as? [String: Any])?["dailyReminder"] as? String == "21:30")

            let same = try await api.put("/reminders", ["wakingHours": ["start": "08:00", "end": "08:00"], "checkinReminders": true, "weekdays": [1]])
            same.expectProblem(.unprocessableContent, "validation_failed")
            #expect(same.errorCode("wakingHours.end") == "invalid")
            let late = try await api.put("/reminders", ["wakingHours": ["start": "25:00", "end": "08:00"], "checkinReminders": true, "weekdays": [1]])
            #expect(late.status.code == 400 || late.status.code == 422, "\(late.text)")
            #expect(late.text.contains("wakingHours"), "\(late.text)")
            let days = try await api.put("/reminders", ["wakingHours": ["start": "08:00", "end": "22:00"], "checkinReminders": true, "weekdays": [0, 8]])
            #expect(days.status.code / 100 == 4 && days.text.contains("weekdays"), "\(days.text)")
            // Off again: nothing comes.
            let none = try await api.put("/reminders", ["wakingHours": ["start": "08:00", "end": "22:00"], "checkinReminders": false, "dailyReminder": NSNull(), "weekdays": []])
            #expect(none.status == .ok && (none.json["next"] as? [Any])?.isEmpty == true, "\(none.text)")
        }
    }
}
