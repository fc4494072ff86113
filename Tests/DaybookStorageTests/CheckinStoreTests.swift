import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("CheckinStore conformance")
struct CheckinStoreTests {
    func checkin(
        _ userID: UUID, at: Date, on day: String, feeling: UUID = UUID(), activity: UUID? = nil, people: [UUID] = [],
        note: String = ""
    ) -> Checkin {
        Checkin(
            userID: userID, at: at, localDate: date(day), timeZone: "Europe/Helsinki", feelingID: feeling,
            activityID: activity, personIDs: people, note: note, createdAt: at, updatedAt: at)
    }

    @Test(arguments: TestDatabase.available)
    func wholeCheckinRoundTrips(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let full = checkin(
                anna.id, at: time(0.000_001), on: "2025-06-15", activity: UUID(), people: [UUID(), UUID(), UUID()],
                note: "With friends 🍕\nat the park")
            let bare = checkin(anna.id, at: time(1), on: "2025-06-15")
            try await store.checkins.insert(full)
            try await store.checkins.insert(bare)
            #expect(try await store.checkins.checkin(id: full.id, userID: anna.id) == full)
            #expect(try await store.checkins.checkin(id: bare.id, userID: anna.id) == bare)
            #expect(try await store.checkins.checkin(id: UUID(), userID: anna.id) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func instantsKeepEveryMicrosecond(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let instants = [
                Date(timeIntervalSince1970: -86_400.000_001),  // before 1970
                Date(timeIntervalSince1970: 0),
                Date(timeIntervalSince1970: 946_684_799.999_999),  // just before PostgreSQL's epoch
                Date(timeIntervalSince1970: 946_684_800),
                Date(timeIntervalSince1970: 1_750_000_000.000_001),
                Date(timeIntervalSince1970: 1_750_000_000.999_999),
                Date(timeIntervalSince1970: 4_102_444_800.5),  // 2100
                Date().roundedToMicroseconds,
            ].map(\.roundedToMicroseconds)
            var written: [Checkin] = []
            for instant in instants {
                let item = checkin(anna.id, at: instant, on: "2025-06-15")
                try await store.checkins.insert(item)
                written.append(item)
            }
            for item in written {
                let read = try await store.checkins.checkin(id: item.id, userID: anna.id)
                #expect(read == item)
                #expect(read?.at.microsecondsSince1970 == item.at.microsecondsSince1970)
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func updateAndDeleteOwnOnly(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            var mine = checkin(anna.id, at: time(0), on: "2025-06-15", people: [UUID()])
            try await store.checkins.insert(mine)
            #expect(try await store.checkins.checkin(id: mine.id, userID: bob.id) == nil)

            mine.at = time(-3600)
            mine.localDate = date("2025-06-14")
            mine.timeZone = "America/New_York"
            mine.feelingID = UUID()
            mine.activityID = UUID()
            mine.personIDs = []
            mine.note = "Edited"
            mine.updatedAt = time(100)
            #expect(try await store.checkins.update(mine))
            #expect(try await store.checkins.checkin(id: mine.id, userID: anna.id) == mine)

            var stolen = mine
            stolen.userID = bob.id
            stolen.note = "Bob was here"
            #expect(try await store.checkins.update(stolen) == false)
            #expect(try await store.checkins.delete(id: mine.id, userID: bob.id) == false)
            #expect(try await store.checkins.checkin(id: mine.id, userID: anna.id) == mine)

            // createdAt is fixed at creation.
            var later = mine
            later.createdAt = time(999)
            #expect(try await store.checkins.update(later))
            #expect(try await store.checkins.checkin(id: mine.id, userID: anna.id)?.createdAt == mine.createdAt)

            #expect(try await store.checkins.delete(id: mine.id, userID: anna.id))
            #expect(try await store.checkins.checkin(id: mine.id, userID: anna.id) == nil)
            #expect(try await store.checkins.delete(id: mine.id, userID: anna.id) == false)
            #expect(try await store.checkins.update(mine) == false)
        }
    }

    @Test(arguments: TestDatabase.available)
    func pagesAreStableWithEqualTimes(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            var all: [Checkin] = []
            // Three at one instant, two at another, one later: order is time, then id, newest first.
            for seconds in [10.0, 10, 10, 20, 20, 30, 5.000_001, 5] {
                let item = checkin(anna.id, at: time(seconds), on: "2025-06-15")
                try await store.checkins.insert(item)
                all.append(item)
            }
            try await store.checkins.insert(checkin(bob.id, at: time(15), on: "2025-06-15"))
            let expected = all.sorted {
                ($0.at, $0.id.uuidString.lowercased()) > ($1.at, $1.id.uuidString.lowercased())
            }

            var paged: [Checkin] = []
            var cursor: CheckinCursor? = nil
            var pages = 0
            while true {
                let page = try await store.checkins.checkins(
                    userID: anna.id, from: nil, to: nil, after: cursor, limit: 3)
                if page.isEmpty { break }
                pages += 1
                paged += page
                cursor = CheckinCursor(after: page.last!)
            }
            #expect(pages == 3)
            #expect(paged == expected)
            #expect(
                try await store.checkins.checkins(userID: anna.id, from: nil, to: nil, after: nil, limit: 100)
                    == expected)

            // A cursor that went through its text form works the same.
            let token = CheckinCursor(after: expected[1]).token
            let resumed = try await store.checkins.checkins(
                userID: anna.id, from: nil, to: nil, after: CheckinCursor(token: token), limit: 2)
            #expect(resumed == Array(expected[2...3]))
        }
    }

    /// PostgreSQL prepares pages up to the API's largest (101 rows) and sends longer ones (an
    /// export's) unprepared: both kinds read the same rows in the same order.
    @Test(arguments: TestDatabase.available)
    func pagesLongerThanTheAPIsReadTheSameRows(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            var all: [Checkin] = []
            for index in 0..<130 {
                let item = checkin(anna.id, at: time(Double(index / 2)), on: "2025-06-15")
                try await store.checkins.insert(item)
                all.append(item)
            }
            let expected = all.sorted {
                ($0.at, $0.id.uuidString.lowercased()) > ($1.at, $1.id.uuidString.lowercased())
            }
            func page(after cursor: CheckinCursor?, limit: Int) async throws -> [Checkin] {
                try await store.checkins.checkins(userID: anna.id, from: nil, to: nil, after: cursor, limit: limit)
            }
            #expect(try await page(after: nil, limit: 500) == expected)
            let short = try await page(after: nil, limit: 101)
            #expect(short == Array(expected[..<101]))
            #expect(try await page(after: CheckinCursor(after: short[99]), limit: 102) == Array(expected[100...]))
        }
    }

    @Test(arguments: TestDatabase.available)
    func filterByLocalDates(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            // Local dates are what the user lived, not the instant's UTC date.
            let items = [
                checkin(anna.id, at: time(0), on: "2025-06-13"),
                checkin(anna.id, at: time(1), on: "2025-06-14"),
                checkin(anna.id, at: time(2), on: "2025-06-14"),
                checkin(anna.id, at: time(3), on: "2025-06-15"),
                checkin(anna.id, at: time(4), on: "2025-06-16"),
            ]
            for item in items { try await store.checkins.insert(item) }
            try await store.checkins.insert(checkin(bob.id, at: time(2), on: "2025-06-14"))

            func dates(_ from: String?, _ to: String?, after: CheckinCursor? = nil, limit: Int = 50) async throws
                -> [String]
            {
                try await store.checkins.checkins(
                    userID: anna.id, from: from.map(date), to: to.map(date), after: after, limit: limit
                ).map(\.localDate.description)
            }
            #expect(try await dates("2025-06-14", "2025-06-15") == ["2025-06-15", "2025-06-14", "2025-06-14"])
            #expect(try await dates("2025-06-15", nil) == ["2025-06-16", "2025-06-15"])
            #expect(try await dates(nil, "2025-06-13") == ["2025-06-13"])
            #expect(
                try await dates("2025-06-14", "2025-06-14", after: CheckinCursor(after: items[2])) == ["2025-06-14"])
            #expect(try await dates("2025-07-01", "2025-07-31").isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func countsByLocalDate(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            for (seconds, day) in [
                (0.0, "2025-05-31"), (1, "2025-06-01"), (2, "2025-06-01"), (3, "2025-06-01"), (4, "2025-06-30"),
                (5, "2025-07-01"),
            ] {
                try await store.checkins.insert(checkin(anna.id, at: time(seconds), on: day))
            }
            try await store.checkins.insert(checkin(bob.id, at: time(0), on: "2025-06-01"))
            let june = try await store.checkins.countsByDate(
                userID: anna.id, from: date("2025-06-01"), to: date("2025-06-30"))
            #expect(june == [date("2025-06-01"): 3, date("2025-06-30"): 1])
            #expect(
                try await store.checkins.countsByDate(userID: anna.id, from: date("2025-08-01"), to: date("2025-08-31"))
                    == [:])
        }
    }
}
