import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("DayStore conformance")
struct DayStoreTests {
    func fullEntry(_ userID: UUID, _ day: String, mood: Mood = .good) -> DayEntry {
        DayEntry(
            userID: userID, date: date(day), mood: mood, activityIDs: [UUID(), UUID(), UUID()],
            note: "First line\nSecond line with “quotes” and 'apostrophes' and emoji 🌧️→☀️",
            thoughts: "Thinking about \\backslashes\\ and $1 and %s",
            gratitude: ["Coffee ☕️", "", "A long walk, finally"],
            question: "What made you smile today?", answer: "The cat.",
            song: Song(title: "Here Comes the Sun", artist: "The Beatles", link: "https://example.com/song?id=1&x=2"),
            photoID: UUID(), createdAt: time(0), updatedAt: time(0.5))
    }

    @Test(arguments: TestDatabase.available)
    func wholeEntryRoundTrips(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let entry = fullEntry(anna.id, "2025-06-14")
            #expect(try await store.days.upsert(entry) == nil)
            #expect(try await store.days.entry(userID: anna.id, date: entry.date) == entry)

            let bare = DayEntry(
                userID: anna.id, date: date("2025-06-15"), mood: .awful, createdAt: time(1), updatedAt: time(1))
            #expect(try await store.days.upsert(bare) == nil)
            let read = try await store.days.entry(userID: anna.id, date: bare.date)
            #expect(read == bare)
            #expect(read?.song == nil)
            #expect(read?.activityIDs == [])
            #expect(read?.gratitude == [])
            #expect(try await store.days.entry(userID: anna.id, date: date("2025-06-16")) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func songNilOrPartlyFilled(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let titleOnly = DayEntry(
                userID: anna.id, date: date("2025-01-01"), mood: .meh, song: Song(title: "Only a title"),
                createdAt: baseTime, updatedAt: baseTime)
            _ = try await store.days.upsert(titleOnly)
            #expect(
                try await store.days.entry(userID: anna.id, date: titleOnly.date)?.song == Song(title: "Only a title"))

            var replaced = titleOnly
            replaced.song = nil
            #expect(try await store.days.upsert(replaced) != nil)
            #expect(try await store.days.entry(userID: anna.id, date: titleOnly.date)?.song == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func upsertReplacesAndKeepsCreationTime(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let first = fullEntry(anna.id, "2025-06-14", mood: .good)
            #expect(try await store.days.upsert(first) == nil)

            var second = DayEntry(
                userID: anna.id, date: first.date, mood: .bad,
                activityIDs: [first.activityIDs[2], first.activityIDs[0]],
                note: "Changed", gratitude: ["One"], createdAt: time(500), updatedAt: time(600))
            let replaced = try await store.days.upsert(second)
            #expect(
                replaced == ReplacedDay(createdAt: first.createdAt, question: first.question, photoID: first.photoID))
            // The stored entry keeps its creation time and the question its answer was given to.
            second.createdAt = first.createdAt
            second.question = first.question
            #expect(try await store.days.entry(userID: anna.id, date: first.date) == second)
            #expect(
                try await store.days.upsert(second)
                    == ReplacedDay(createdAt: first.createdAt, question: first.question, photoID: nil))
            #expect(try await store.days.entries(userID: anna.id, before: nil, limit: 10).count == 1)

            // An entry saved without a question takes the next save's.
            let unasked = DayEntry(
                userID: anna.id, date: date("2025-06-20"), mood: .meh, createdAt: time(1), updatedAt: time(1))
            _ = try await store.days.upsert(unasked)
            var asked = unasked
            asked.question = "What was new?"
            #expect(try await store.days.upsert(asked)?.question == "")
            #expect(try await store.days.entry(userID: anna.id, date: asked.date)?.question == "What was new?")
        }
    }

    @Test(arguments: TestDatabase.available)
    func entriesNewestFirstWithBeforeCursor(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let days = ["2024-12-31", "2025-01-01", "2025-02-28", "2025-03-01", "2025-10-10"]
            for (index, day) in days.shuffled().enumerated() {
                _ = try await store.days.upsert(
                    DayEntry(
                        userID: anna.id, date: date(day), mood: .good, note: day, createdAt: time(Double(index)),
                        updatedAt: time(Double(index))))
            }
            _ = try await store.days.upsert(
                DayEntry(userID: bob.id, date: date("2025-01-15"), mood: .rad, createdAt: baseTime, updatedAt: baseTime)
            )

            var pages: [[String]] = []
            var before: LocalDate? = nil
            while true {
                let page = try await store.days.entries(userID: anna.id, before: before, limit: 2)
                if page.isEmpty { break }
                pages.append(page.map(\.date.description))
                before = page.last!.date
            }
            #expect(pages == [["2025-10-10", "2025-03-01"], ["2025-02-28", "2025-01-01"], ["2024-12-31"]])
            #expect(
                try await store.days.entries(userID: anna.id, before: date("2025-03-01"), limit: 1).map(\.note) == [
                    "2025-02-28"
                ])
            #expect(try await store.days.entries(userID: anna.id, before: date("2024-12-31"), limit: 10).isEmpty)
            #expect(
                try await store.days.entries(userID: bob.id, before: nil, limit: 10).map(\.date) == [date("2025-01-15")]
            )
        }
    }

    /// PostgreSQL prepares pages up to the API's largest (101 rows) and sends longer ones (an
    /// export's) unprepared: both kinds read the same whole entries, and the same teasers, in the
    /// same order.
    @Test(arguments: TestDatabase.available)
    func pagesLongerThanTheAPIsReadTheSameEntries(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let first = date("2025-01-01")
            var all: [DayEntry] = []
            for offset in 0..<120 {
                let entry = fullEntry(anna.id, first.adding(days: offset).description)
                _ = try await store.days.upsert(entry)
                all.insert(entry, at: 0)
            }
            #expect(try await store.days.entries(userID: anna.id, before: nil, limit: 500) == all)
            #expect(try await store.days.entries(userID: anna.id, before: nil, limit: 101) == Array(all[..<101]))
            #expect(
                try await store.days.entries(userID: anna.id, before: all[99].date, limit: 102) == Array(all[100...]))
            // A list's teasers: the same entries, each read only for what a list shows, prepared
            // and not.
            for (before, limit) in [(nil, 50), (nil, 500), (all[99].date, 102), (all[10].date, 3)] {
                let entries = try await store.days.entries(userID: anna.id, before: before, limit: limit)
                #expect(
                    try await store.days.teasers(userID: anna.id, before: before, limit: limit)
                        == entries.map(DayTeaser.init))
            }
            #expect(try await store.days.teasers(userID: UUID(), before: nil, limit: 10).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func entriesInRangeOldestFirst(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            for day in ["2025-01-31", "2025-02-01", "2025-02-14", "2025-02-28", "2025-03-01"] {
                _ = try await store.days.upsert(
                    DayEntry(userID: anna.id, date: date(day), mood: .meh, createdAt: baseTime, updatedAt: baseTime))
            }
            _ = try await store.days.upsert(
                DayEntry(userID: bob.id, date: date("2025-02-10"), mood: .rad, createdAt: baseTime, updatedAt: baseTime)
            )
            let february = try await store.days.entries(
                userID: anna.id, from: date("2025-02-01"), to: date("2025-02-28"))
            #expect(february.map(\.date.description) == ["2025-02-01", "2025-02-14", "2025-02-28"])
            #expect(
                try await store.days.entries(userID: anna.id, from: date("2025-02-14"), to: date("2025-02-14")).count
                    == 1)
            #expect(
                try await store.days.entries(userID: anna.id, from: date("2025-04-01"), to: date("2025-04-30")).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func otherUsersEntriesAreInvisible(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            let entry = fullEntry(anna.id, "2025-06-14")
            _ = try await store.days.upsert(entry)
            #expect(try await store.days.entry(userID: bob.id, date: entry.date) == nil)
            #expect(try await store.days.delete(userID: bob.id, date: entry.date) == false)
            #expect(try await store.days.entries(userID: bob.id, before: nil, limit: 10).isEmpty)
            #expect(
                try await store.days.entries(userID: bob.id, from: date("2025-01-01"), to: date("2025-12-31")).isEmpty)

            // Bob's own entry for the same date is a separate one.
            let bobs = DayEntry(
                userID: bob.id, date: entry.date, mood: .awful, createdAt: baseTime, updatedAt: baseTime)
            #expect(try await store.days.upsert(bobs) == nil)
            #expect(try await store.days.entry(userID: anna.id, date: entry.date) == entry)

            #expect(try await store.days.delete(userID: anna.id, date: entry.date))
            #expect(try await store.days.entry(userID: anna.id, date: entry.date) == nil)
            #expect(try await store.days.delete(userID: anna.id, date: entry.date) == false)
            #expect(try await store.days.entry(userID: bob.id, date: entry.date) == bobs)
        }
    }

    @Test(arguments: TestDatabase.available)
    func datesAtTheEdgesOfTheCalendar(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let days = [
                "0001-01-01", "1899-12-31", "1970-01-01", "1999-12-31", "2000-01-01", "2000-02-29", "2024-02-29",
                "9999-12-31",
            ]
            for day in days {
                _ = try await store.days.upsert(
                    DayEntry(userID: anna.id, date: date(day), mood: .meh, createdAt: baseTime, updatedAt: baseTime))
            }
            let all = try await store.days.entries(userID: anna.id, from: date("0001-01-01"), to: date("9999-12-31"))
            #expect(all.map(\.date.description) == days)
            for day in days {
                #expect(try await store.days.entry(userID: anna.id, date: date(day))?.date == date(day))
            }
        }
    }
}
