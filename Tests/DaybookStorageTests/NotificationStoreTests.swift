import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("NotificationStore and ReminderStore conformance")
struct NotificationStoreTests {
    func note(_ userID: UUID, _ text: String, at seconds: Double) -> InboxNotification {
        InboxNotification(userID: userID, kind: "test", text: text, link: "/today", createdAt: time(seconds))
    }

    @Test(arguments: TestDatabase.available)
    func inboxesListCountAndMarkRead(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let inbox = store.notifications
            let first = note(anna.id, "first", at: 0)
            let second = note(anna.id, "second", at: 10)
            let third = note(anna.id, "third", at: 20)
            for item in [first, second, third, note(bob.id, "bob's", at: 5)] { try await inbox.insert(item) }

            #expect(try await inbox.list(userID: anna.id, after: nil, limit: 10).map(\.text) == ["third", "second", "first"])
            let page = try await inbox.list(userID: anna.id, after: PageCursor(createdAt: third.createdAt, id: third.id), limit: 1)
            #expect(page.map(\.text) == ["second"])
            #expect(try await inbox.unreadCount(userID: anna.id) == 3)
            // What a stream that saw `first` missed, oldest first; an unknown id gives the newest.
            #expect(try await inbox.newer(than: first.id, userID: anna.id, limit: 10).map(\.text) == ["second", "third"])
            #expect(try await inbox.newer(than: UUID(), userID: anna.id, limit: 2).map(\.text) == ["second", "third"])
            #expect(try await inbox.newer(than: third.id, userID: anna.id, limit: 10).isEmpty)
            // Someone else's id is no anchor.
            #expect(try await inbox.newer(than: first.id, userID: bob.id, limit: 10).map(\.text) == ["bob's"])

            #expect(try await inbox.markRead(id: second.id, userID: anna.id, at: time(30)))
            #expect(try await inbox.markRead(id: second.id, userID: anna.id, at: time(40)))  // stays read at 30
            #expect(try await inbox.notification(id: second.id, userID: anna.id)?.readAt == time(30))
            #expect(try await !inbox.markRead(id: second.id, userID: bob.id, at: time(30)))
            #expect(try await inbox.notification(id: second.id, userID: bob.id) == nil)
            #expect(try await inbox.unreadCount(userID: anna.id) == 2)
            try await inbox.markAllRead(userID: anna.id, at: time(50))
            #expect(try await inbox.unreadCount(userID: anna.id) == 0)
            #expect(try await inbox.unreadCount(userID: bob.id) == 1)

            try await inbox.prune(before: time(10))
            #expect(try await inbox.list(userID: anna.id, after: nil, limit: 10).map(\.text) == ["third", "second"])
            #expect(try await inbox.list(userID: bob.id, after: nil, limit: 10).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func remindersAreClaimedOnce(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let settings = ReminderSettings(
                wakingStart: LocalTime("07:30")!, wakingEnd: LocalTime("23:00")!, checkinReminders: true,
                dailyReminder: LocalTime("21:15"), weekdays: [1, 3, 5], skipIfCheckedInWithinMinutes: 45)
            #expect(try await store.reminders.settings(userID: anna.id) == nil)
            let due = ScheduledReminder(at: time(100), kind: .daily)
            try await store.reminders.save(settings, userID: anna.id, next: due)
            try await store.reminders.save(.off, userID: bob.id, next: nil)
            #expect(try await store.reminders.settings(userID: anna.id) == settings)
            #expect(try await store.reminders.settings(userID: bob.id) == .off)
            #expect(try await store.reminders.earliest() == time(100))
            #expect(try await store.reminders.due(at: time(99), limit: 10).isEmpty)
            let found = try await store.reminders.due(at: time(100), limit: 10)
            #expect(found == [DueReminder(userID: anna.id, reminder: due)])

            // Two app servers find the same due reminder: one claim lands.
            let next = ScheduledReminder(at: time(200), kind: .checkin)
            async let one = store.reminders.claim(found[0], next: next)
            async let two = store.reminders.claim(found[0], next: next)
            let claims = try await [one, two]
            #expect(claims.filter { $0 }.count == 1)
            #expect(try await store.reminders.due(at: time(150), limit: 10).isEmpty)
            #expect(try await store.reminders.due(at: time(200), limit: 10).map(\.reminder) == [next])
        }
    }
}

@Suite("PushStore conformance")
struct PushStoreTests {
    @Test(arguments: TestDatabase.available)
    func oneKeyDevicesAndAnOutboxWithLeases(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            // The first key stored is everyone's.
            let key = Data(repeating: 7, count: 32)
            #expect(try await store.push.vapidKey(candidate: key) == key)
            #expect(try await store.push.vapidKey(candidate: Data(repeating: 9, count: 32)) == key)

            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let phone = try await store.push.save(
                PushSubscription(
                    userID: anna.id, endpoint: "https://push.example/1", p256dh: Data(repeating: 4, count: 65),
                    auth: Data(repeating: 1, count: 16), deviceName: "Phone", createdAt: time(0)))
            // The same endpoint again is the same device, with its new keys.
            let again = try await store.push.save(
                PushSubscription(
                    userID: anna.id, endpoint: "https://push.example/1", p256dh: Data(repeating: 5, count: 65),
                    auth: Data(repeating: 2, count: 16), deviceName: "Phone", createdAt: time(1)))
            #expect(again.id == phone.id && again.p256dh == Data(repeating: 5, count: 65))
            _ = try await store.push.save(
                PushSubscription(
                    userID: anna.id, kind: .pushApp, endpoint: "https://ntfy.example/a", p256dh: Data(), auth: Data(),
                    deviceName: "Push app", createdAt: time(2)))
            #expect(try await store.push.subscriptions(userID: anna.id).map(\.kind) == [.webPush, .pushApp])
            #expect(try await !store.push.delete(id: phone.id, userID: bob.id))

            // A notification comes with one delivery per device, in the same transaction.
            let note = InboxNotification(userID: anna.id, kind: "test", text: "hi", link: "/", createdAt: time(10))
            try await store.notifications.insert(note)
            try await store.notifications.insert(InboxNotification(userID: bob.id, kind: "test", text: "no devices", link: "/", createdAt: time(10)))
            #expect(try await store.push.nextDue() == time(10))
            let claimed = try await store.push.claimDue(at: time(11), until: time(71), limit: 10)
            #expect(claimed.count == 2 && claimed.allSatisfy { $0.notification.text == "hi" && $0.attempts == 0 })
            // Leased: nobody else takes them until the lease ends.
            #expect(try await store.push.claimDue(at: time(12), until: time(72), limit: 10).isEmpty)
            try await store.push.delivered(claimed[0].id)
            try await store.push.retry(claimed[1].id, at: time(100))
            #expect(try await store.push.claimDue(at: time(99), until: time(159), limit: 10).isEmpty)
            let retried = try await store.push.claimDue(at: time(100), until: time(160), limit: 10)
            #expect(retried.map(\.id) == [claimed[1].id] && retried[0].attempts == 1)
            // A device that is gone takes its deliveries with it.
            try await store.push.delete(subscriptionID: retried[0].subscription.id)
            #expect(try await store.push.claimDue(at: time(1000), until: time(1060), limit: 10).isEmpty)
        }
    }
}
