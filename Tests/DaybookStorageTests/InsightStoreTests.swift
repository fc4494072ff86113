import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

/// The insight sums on both databases, over a small hand-made history whose answers are counted
/// out in the comments.
@Suite("InsightStore conformance")
struct InsightStoreTests {
    let walk = UUID(), read = UUID(), calm = UUID(), tired = UUID(), mia = UUID()

    /// Anna's days: 2024-12-30 (5), 2025-01-01 (4, walk), 2025-01-02 (2, walk + read),
    /// 2025-01-03 (3), 2025-01-05 (1, read) and 2025-02-10 (5, walk). Check-ins: the 2nd at 08:30
    /// Helsinki (calm, with read and Mia), the 3rd at 23:30 (tired, walk), the 3rd at 09:00 (calm),
    /// the 4th (tired; no entry that day).
    func annasHistory(_ store: any DaybookStore) async throws -> User {
        let anna = try await addUser(store, "anna")
        let days: [(String, Int, [UUID])] = [
            ("2024-12-30", 5, []), ("2025-01-01", 4, [walk]), ("2025-01-02", 2, [walk, read]), ("2025-01-03", 3, []),
            ("2025-01-05", 1, [read]), ("2025-02-10", 5, [walk]),
        ]
        for (day, mood, activities) in days {
            _ = try await store.days.upsert(
                DayEntry(
                    userID: anna.id, date: date(day), mood: Mood(rawValue: mood)!, activityIDs: activities,
                    thoughts: day == "2025-01-03" ? "Slow day" : "",
                    gratitude: day == "2025-01-05" ? ["Tea", "Sun"] : [],
                    createdAt: baseTime, updatedAt: baseTime))
        }
        let checkins: [(String, Int, Int, UUID, UUID?, [UUID])] = [
            ("2025-01-02", 8, 30, calm, read, [mia]), ("2025-01-03", 23, 30, tired, walk, []),
            ("2025-01-03", 9, 0, calm, nil, []), ("2025-01-04", 12, 0, tired, nil, []),
        ]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Helsinki")!
        for (day, hour, minute, feeling, activity, people) in checkins {
            let d = date(day)
            let at = calendar.date(
                from: DateComponents(year: d.year, month: d.month, day: d.day, hour: hour, minute: minute))!
            try await store.checkins.insert(
                Checkin(
                    userID: anna.id, at: at, localDate: d, timeZone: "Europe/Helsinki", feelingID: feeling,
                    activityID: activity, personIDs: people, createdAt: at, updatedAt: at))
        }
        return anna
    }

    @Test(arguments: TestDatabase.available)
    func moodsYearsAndTallies(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await annasHistory(store)
            let other = try await addUser(store, "bert")
            _ = try await store.days.upsert(DayEntry(userID: other.id, date: date("2025-01-01"), mood: .awful))
            let insights = store.insights
            let january = try await insights.moods(userID: anna.id, from: date("2025-01-01"), to: date("2025-01-31"))
            #expect(january.map(\.date.description) == ["2025-01-01", "2025-01-02", "2025-01-03", "2025-01-05"])
            #expect(january.map(\.mood.rawValue) == [4, 2, 3, 1])
            #expect(try await insights.firstEntryDate(userID: anna.id) == date("2024-12-30"))
            #expect(try await insights.firstEntryDate(userID: UUID()) == nil)
            #expect(try await insights.yearsWithEntries(userID: anna.id) == [2025, 2024])
            // January: 4 + 2 + 3 + 1 over 4 days; February: 5 over 1.
            let months = try await insights.monthTallies(userID: anna.id, year: 2025)
            #expect(months == [1: MoodTally(days: 4, moodSum: 10), 2: MoodTally(days: 1, moodSum: 5)])
            // 2025-01-01 Wednesday (3), 02 Thursday (4), 03 Friday (5), 05 Sunday (7), 02-10 Monday (1);
            // 2024-12-30 is a Monday too.
            let weekdays = try await insights.weekdayTallies(
                userID: anna.id, from: date("2024-01-01"), to: date("2025-12-31"))
            #expect(weekdays[1] == MoodTally(days: 2, moodSum: 10))
            #expect(weekdays[7] == MoodTally(days: 1, moodSum: 1))
            #expect(weekdays[3] == MoodTally(days: 1, moodSum: 4))
            #expect(weekdays[6] == nil)
            let counts = try await insights.moodCounts(
                userID: anna.id, from: date("2024-01-01"), to: date("2025-12-31"))
            #expect(counts == [.rad: 2, .good: 1, .meh: 1, .bad: 1, .awful: 1])
        }
    }

    @Test(arguments: TestDatabase.available)
    func runsOfEntriesAndOfCheckins(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await annasHistory(store)
            // Entries: 30 Dec alone (31 Dec missing), 1–3 Jan, 5 Jan, 10 Feb.
            let (entries, checkins) = try await store.insights.dayRuns(userID: anna.id)
            #expect(
                entries.map { "\($0.start)…\($0.end)" } == [
                    "2024-12-30…2024-12-30", "2025-01-01…2025-01-03", "2025-01-05…2025-01-05", "2025-02-10…2025-02-10",
                ])
            // Check-ins on the 2nd, 3rd (twice) and 4th: one run of three days.
            #expect(checkins == [DateRun(start: date("2025-01-02"), end: date("2025-01-04"))])
        }
    }

    @Test(arguments: TestDatabase.available)
    func tagTalliesCountEachDayOnceJoinedToItsMood(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await annasHistory(store)
            let sums = try await store.insights.moodCompanions(
                userID: anna.id, from: date("2025-01-01"), to: date("2025-01-31"), pairLimit: 10)
            #expect(sums.all == MoodTally(days: 4, moodSum: 10))
            let byID = Dictionary(uniqueKeysWithValues: sums.tags.map { ($0.id, $0) })
            // Walk: the 1st and 2nd (entries) and the 3rd (a check-in): 4 + 2 + 3.
            #expect(byID[walk]?.with == MoodTally(days: 3, moodSum: 9))
            #expect(byID[walk]?.kind == .activity)
            // Read: the 2nd (entry and check-in, once) and the 5th: 2 + 1.
            #expect(byID[read]?.with == MoodTally(days: 2, moodSum: 3))
            // Calm: the 2nd and 3rd; tired: the 3rd (the 4th has no mood).
            #expect(byID[calm]?.with == MoodTally(days: 2, moodSum: 5))
            #expect(byID[calm]?.kind == .feeling)
            #expect(byID[tired]?.with == MoodTally(days: 1, moodSum: 3))
            #expect(byID[mia]?.with == MoodTally(days: 1, moodSum: 2))
            #expect(byID[mia]?.kind == .person)
            // Walk and read together on the 2nd only (entry), read's check-in the same day.
            let pairs = sums.pairs
            #expect(pairs.count == 1)
            #expect(Set([pairs.first?.first, pairs.first?.second]) == Set([walk, read]))
            #expect(pairs.first?.days == 1)
            let empty = try await store.insights.moodCompanions(
                userID: anna.id, from: date("2026-01-01"), to: date("2026-01-31"), pairLimit: 10)
            #expect(empty == MoodCompanions())
        }
    }

    @Test(arguments: TestDatabase.available)
    func feelingCountsByLocalHourAndWeekday(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await annasHistory(store)
            let counts = try await store.insights.feelingCounts(
                userID: anna.id, from: date("2025-01-01"), to: date("2025-01-31"))
            func hours(_ feeling: UUID) -> [Int: Int] {
                Dictionary(
                    uniqueKeysWithValues: counts.byHour.filter { $0.feelingID == feeling }.map { ($0.slot, $0.count) })
            }
            // Local hours where they were made, not UTC (23:30 in Helsinki is 21:30 UTC).
            #expect(hours(calm) == [8: 1, 9: 1])
            #expect(hours(tired) == [23: 1, 12: 1])
            // Tired on Friday the 3rd and Saturday the 4th; calm on Thursday and Friday.
            let tiredDays = counts.byWeekday.filter { $0.feelingID == tired }.map(\.slot).sorted()
            #expect(tiredDays == [5, 6])
            #expect(counts.byWeekday.filter { $0.feelingID == calm }.map(\.slot).sorted() == [4, 5])
        }
    }

    @Test(arguments: TestDatabase.available)
    func diariesListThoughtsAndGratitudeNewestFirst(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await annasHistory(store)
            let thoughts = try await store.insights.diary(userID: anna.id, gratitude: false, before: nil, limit: 10)
            #expect(thoughts == [DiaryLine(date: date("2025-01-03"), mood: .meh, lines: ["Slow day"])])
            let gratitude = try await store.insights.diary(userID: anna.id, gratitude: true, before: nil, limit: 10)
            #expect(gratitude == [DiaryLine(date: date("2025-01-05"), mood: .awful, lines: ["Tea", "Sun"])])
            #expect(
                try await store.insights.diary(userID: anna.id, gratitude: true, before: date("2025-01-05"), limit: 10)
                    .isEmpty)
            let bert = try await addUser(store, "bert")
            #expect(try await store.insights.diary(userID: bert.id, gratitude: false, before: nil, limit: 10).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func weekStartIsKeptWithTheUser(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            var anna = try await addUser(store, "anna")
            #expect(anna.weekStart == 1)
            anna.weekStart = 7
            #expect(try await store.users.update(anna))
            #expect(try await store.users.user(id: anna.id)?.weekStart == 7)
        }
    }
}
