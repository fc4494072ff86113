import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

/// The month rollups behind the long-range insights (issue 16), on both databases: over any range
/// they give exactly what the rows give, and they follow every kind of write to a month already
/// rolled up (the triggers forget it).
@Suite("Insight month rollups")
struct InsightRollupTests {
    let activities = (0..<4).map { _ in UUID() }
    let feelings = (0..<3).map { _ in UUID() }
    let people = (0..<2).map { _ in UUID() }

    /// A deterministic 28 months: a day entry on most days, zero to three check-ins a day.
    func history(_ store: any DaybookStore, user: User) async throws -> [Checkin] {
        var checkins: [Checkin] = []
        var n = 7
        func next(_ bound: Int) -> Int {
            n = (n &* 1_103_515_245 &+ 12345) & 0x7fff_ffff
            return (n >> 8) % bound
        }
        for day in DateSpan(from: date("2022-12-20"), to: date("2025-04-10"))!.dates {
            if next(5) > 0 {
                let chosen = activities.filter { _ in next(3) == 0 }
                _ = try await store.days.upsert(
                    DayEntry(
                        userID: user.id, date: day, mood: Mood(rawValue: 1 + next(5))!, activityIDs: chosen,
                        createdAt: baseTime, updatedAt: baseTime))
            }
            for _ in 0..<next(4) {
                let at = baseTime.addingTimeInterval(Double(next(86_400)))
                let checkin = Checkin(
                    userID: user.id, at: at, localDate: day, timeZone: "UTC", feelingID: feelings[next(3)],
                    activityID: next(2) == 0 ? activities[next(4)] : nil,
                    personIDs: next(3) == 0 ? [people[next(2)]] : [], createdAt: at, updatedAt: at)
                try await store.checkins.insert(checkin)
                checkins.append(checkin)
            }
        }
        return checkins
    }

    /// The rolled-up answers over `from`…`to` equal the rows' own sums.
    func expectSameAsRows(
        _ insights: any RolledUpInsights, _ user: User, _ from: String, _ to: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let span = DateSpan(from: date(from), to: date(to))!
        let raw = try await insights.rawSums(userID: user.id, span: span, parts: Set(InsightSums.Part.allCases))
        let companions = try await insights.moodCompanions(
            userID: user.id, from: span.from, to: span.to, pairLimit: 1000)
        #expect(companions.all == raw.all, "\(from)…\(to)", sourceLocation: sourceLocation)
        #expect(Set(companions.tags) == Set(raw.tags), "\(from)…\(to)", sourceLocation: sourceLocation)
        let pairs = companions.pairs
        #expect(Set(pairs) == Set(raw.pairs), "\(from)…\(to)", sourceLocation: sourceLocation)
        #expect(pairs.map(\.days) == pairs.map(\.days).sorted(by: >), sourceLocation: sourceLocation)
        let counts = try await insights.feelingCounts(userID: user.id, from: span.from, to: span.to)
        #expect(Set(counts.byHour) == Set(raw.byHour), "\(from)…\(to)", sourceLocation: sourceLocation)
        #expect(Set(counts.byWeekday) == Set(raw.byWeekday), "\(from)…\(to)", sourceLocation: sourceLocation)
        let days = try await insights.sums(userID: user.id, from: span.from, to: span.to, parts: [.days])
        #expect(Set(days.entryDays) == Set(raw.entryDays), "\(from)…\(to)", sourceLocation: sourceLocation)
        #expect(Set(days.checkinDays) == Set(raw.checkinDays), "\(from)…\(to)", sourceLocation: sourceLocation)
    }

    /// The streaks' runs (from the rollups of each month's days) equal the runs of the dates the
    /// rows themselves have.
    func expectRunsOfTheRows(
        _ store: any DaybookStore, _ user: User, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let all = DateSpan(from: date("2000-01-01"), to: date("2030-12-31"))!
        let entries = try await store.days.entries(userID: user.id, from: all.from, to: all.to).map(\.date)
        let checkins = Array(try await store.checkins.countsByDate(userID: user.id, from: all.from, to: all.to).keys)
        let runs = try await store.insights.dayRuns(userID: user.id)
        #expect(runs.entries == DateRun.runs(of: entries), sourceLocation: sourceLocation)
        #expect(runs.checkins == DateRun.runs(of: checkins), sourceLocation: sourceLocation)
    }

    @Test(arguments: TestDatabase.available)
    func rollupsGiveWhatTheRowsGiveAndFollowEveryWrite(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let insights = try #require(store.insights as? any RolledUpInsights)
            let anna = try await addUser(store, "anna")
            let bert = try await addUser(store, "bert")
            let checkins = try await history(store, user: anna)
            _ = try await history(store, user: bert)
            #expect(!checkins.isEmpty)

            let ranges = [
                ("2022-12-20", "2025-04-10"), ("2023-01-01", "2024-12-31"), ("2022-12-01", "2024-12-31"),
                ("2023-12-20", "2025-04-10"), ("2024-01-01", "2024-12-31"), ("2024-02-10", "2025-01-31"),
                ("2024-11-15", "2025-04-10"), ("2024-12-01", "2025-02-28"), ("2025-01-05", "2025-01-20"),
                ("2024-12-31", "2025-02-01"), ("2025-01-01", "2025-01-31"),
            ]
            for (from, to) in ranges { try await expectSameAsRows(insights, anna, from, to) }
            // And again, now from the kept rollups.
            for (from, to) in ranges { try await expectSameAsRows(insights, anna, from, to) }
            try await expectRunsOfTheRows(store, anna)
            try await expectRunsOfTheRows(store, anna)

            // Each kind of write to a rolled-up month (and year, and run of years) shows at once.
            let january = try #require(checkins.first { $0.localDate.year == 2025 && $0.localDate.month == 1 })
            let june = try #require(checkins.first { $0.localDate.year == 2024 && $0.localDate.month == 6 })
            let writes: [@Sendable () async throws -> Void] = [
                {
                    try await store.checkins.insert(
                        Checkin(
                            userID: anna.id, at: baseTime, localDate: date("2024-07-04"), timeZone: "UTC",
                            feelingID: feelings[2], activityID: activities[0], personIDs: [people[1]],
                            createdAt: baseTime, updatedAt: baseTime))
                },
                {
                    var moved = january
                    moved.localDate = date("2024-03-03")
                    moved.at = moved.at.addingTimeInterval(5 * 3600)
                    let updated = try await store.checkins.update(moved)
                    #expect(updated)
                },
                {
                    let deleted = try await store.checkins.delete(id: june.id, userID: anna.id)
                    #expect(deleted)
                },
                {
                    _ = try await store.days.upsert(
                        DayEntry(
                            userID: anna.id, date: date("2024-05-10"), mood: .rad, activityIDs: self.activities,
                            createdAt: baseTime, updatedAt: baseTime.addingTimeInterval(60)))
                },
                { _ = try await store.days.delete(userID: anna.id, date: date("2024-12-24")) },
                { _ = try await store.days.delete(userID: anna.id, date: date("2025-02-11")) },
                {
                    _ = try await store.days.upsert(
                        DayEntry(
                            userID: anna.id, date: date("2023-08-08"), mood: .awful, activityIDs: [self.activities[3]],
                            createdAt: baseTime, updatedAt: baseTime.addingTimeInterval(60)))
                },
            ]
            for write in writes {
                try await write()
                try await expectSameAsRows(insights, anna, "2022-12-20", "2025-04-10")
                try await expectRunsOfTheRows(store, anna)
            }
            for (from, to) in ranges { try await expectSameAsRows(insights, anna, from, to) }
            try await expectSameAsRows(insights, bert, "2022-12-20", "2025-04-10")
            try await expectRunsOfTheRows(store, bert)
        }
    }

    /// A change in a month forgets the runs of months that contain it and keeps the others (the
    /// triggers find runs by a range of their keys; a mistake there would keep a stale sum), and
    /// keeping a run drops the runs that end before it.
    @Test(arguments: TestDatabase.available)
    func aChangeForgetsExactlyTheRunsAroundItsMonth(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let insights = try #require(store.insights as? any RolledUpInsights)
            let anna = try await addUser(store, "anna")
            func log(_ day: String) async throws {
                _ = try await store.days.upsert(
                    DayEntry(userID: anna.id, date: date(day), mood: .good, createdAt: baseTime, updatedAt: baseTime))
            }
            for year in 2020...2025 { try await log("\(year)-03-05") }
            func run(_ first: String, _ last: String) -> InsightPeriod {
                .months(YearMonth(first)!...YearMonth(last)!)
            }
            // Latest-ending first: keeping a run drops those that end before it.
            let periods: [InsightPeriod] = [
                run("2023-04", "2024-12"), run("2021-02", "2023-03"), run("2020-03", "2021-06"), .year(2022),
                .month(YearMonth("2025-03")!),
            ]
            func kept() async throws -> [String] {
                let all = periods + [run("2024-01", "2025-06")]
                let kept = try await insights.rolledUp(userID: anna.id, periods: all, edges: [], parts: [.tags]).kept
                return all.map(\.key).filter(kept.contains)
            }
            try await insights.rollUp(userID: anna.id, periods: periods)
            #expect(
                try await kept() == ["~2024-12/2023-04", "~2023-03/2021-02", "~2021-06/2020-03", "2022", "2025-03"])
            _ = try await store.days.delete(userID: anna.id, date: date("2023-03-05"))
            #expect(try await kept() == ["~2024-12/2023-04", "~2021-06/2020-03", "2022", "2025-03"])
            try await log("2026-01-01")
            #expect(try await kept() == ["~2024-12/2023-04", "~2021-06/2020-03", "2022", "2025-03"])
            try await log("2021-06-30")
            #expect(try await kept() == ["~2024-12/2023-04", "2022", "2025-03"])
            try await log("2024-12-31")
            #expect(try await kept() == ["2022", "2025-03"])
            try await insights.rollUp(userID: anna.id, periods: [run("2020-03", "2021-06"), run("2024-01", "2025-06")])
            #expect(try await kept() == ["2022", "2025-03", "~2025-06/2024-01"])
            let sums = try await insights.sums(
                userID: anna.id, from: date("2020-01-01"), to: date("2025-12-31"), parts: [.tags])
            #expect(sums.all.days == 7)
        }
    }

    @Test func aSpanSplitsIntoOnePeriodOfWholeMonthsAndItsEnds() {
        func split(_ from: String, _ to: String) -> ([String], [String]) {
            let cut = DateSpan(from: date(from), to: date(to))!.periodSplit
            return (cut.period.map { [$0.key] } ?? [], cut.edges.map { "\($0.from)…\($0.to)" })
        }
        #expect(
            split("2022-11-15", "2025-02-10")
                == (["~2025-01/2022-12"], ["2022-11-15…2022-11-30", "2025-02-01…2025-02-10"]))
        #expect(split("2024-01-01", "2024-12-31") == (["2024"], []))
        #expect(split("2025-01-01", "2025-01-31") == (["2025-01"], []))
        #expect(split("2024-02-01", "2025-01-31") == (["~2025-01/2024-02"], []))
        #expect(split("2024-03-03", "2024-03-09") == ([], ["2024-03-03…2024-03-09"]))
        // A run is the sum of the whole years inside it and the months outside them.
        let history = InsightPeriod.months(YearMonth("2016-06")!...YearMonth("2026-10")!)
        #expect(
            history.parts.map(\.key)
                == (6...12).map { String(format: "2016-%02d", $0) } + (2017...2025).map(String.init)
                + (1...10).map { String(format: "2026-%02d", $0) })
        #expect(InsightPeriod.year(2024).parts.count == 12)
        #expect(
            InsightPeriod.month(YearMonth("2024-02")!).span
                == DateSpan(from: date("2024-02-01"), to: date("2024-02-29")))
    }

    @Test func aSpanSplitsIntoWholeMonthsAndItsEnds() {
        func split(_ from: String, _ to: String) -> (String?, [String]) {
            let cut = DateSpan(from: date(from), to: date(to))!.monthSplit
            return (
                cut.months.map { "\($0.lowerBound)…\($0.upperBound)" }, cut.edges.map { "\($0.from)…\($0.to)" }
            )
        }
        #expect(
            split("2024-11-15", "2025-04-10") == (
                "2024-12…2025-03", ["2024-11-15…2024-11-30", "2025-04-01…2025-04-10"]
            ))
        #expect(split("2025-01-01", "2025-01-31") == ("2025-01…2025-01", []))
        #expect(split("2025-01-05", "2025-01-20") == (nil, ["2025-01-05…2025-01-20"]))
        #expect(
            split("2024-12-31", "2025-02-01") == (
                "2025-01…2025-01", ["2024-12-31…2024-12-31", "2025-02-01…2025-02-01"]
            ))
        #expect(split("2024-02-01", "2024-02-29") == ("2024-02…2024-02", []))
        #expect(split("2024-02-02", "2024-03-30") == (nil, ["2024-02-02…2024-03-30"]))
    }
}
