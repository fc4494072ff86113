import Foundation
import Testing

@testable import DaybookCore

/// Statistics on small hand-made datasets; every expected figure is worked out in the comments.
@Suite struct InsightsTests {
    func moods(_ pairs: [(String, Int)]) -> [DayMood] {
        pairs.map { DayMood(date: date($0.0), mood: Mood(rawValue: $0.1)!) }
    }

    @Test func dayNumbersMatchTheCalendar() {
        #expect(date("1970-01-01").dayNumber == 0)
        #expect(date("2000-03-01").dayNumber == 11_017)
        #expect(LocalDate(dayNumber: -1).description == "1969-12-31")
        #expect(date("2024-02-28").adding(days: 1).description == "2024-02-29")
        #expect(date("2023-02-28").adding(days: 1).description == "2023-03-01")
        #expect(date("2026-11-24").isoWeekday == 2)  // a Tuesday
        #expect(date("1900-01-01").days(to: date("2026-11-24")) == 46_348)
        for number in stride(from: -719_000, to: 2_932_000, by: 997) {
            let d = LocalDate(dayNumber: number)
            #expect(LocalDate(year: d.year, month: d.month, day: d.day)?.dayNumber == number)
        }
    }

    @Test func thisWeekStartsOnTheChosenDayWithGapsAndFutureDays() {
        let logged = moods([("2026-11-23", 4), ("2026-11-21", 2), ("2026-11-25", 5)])
        // Tuesday 24 November 2026; the 25th cannot have an entry yet, but is kept if it has one.
        let monday = MoodWeek(today: date("2026-11-24"), weekStart: 1, moods: logged)
        #expect(monday.days.map(\.date.description).first == "2026-11-23")
        #expect(monday.days.map(\.date.description).last == "2026-11-29")
        #expect(monday.days.map { $0.mood?.rawValue } == [4, nil, 5, nil, nil, nil, nil])
        #expect(monday.days.map(\.isFuture) == [false, false, true, true, true, true, true])
        // From Sunday: 22–28 November; the 21st (Saturday) belongs to the week before.
        let sunday = MoodWeek(today: date("2026-11-24"), weekStart: 7, moods: logged)
        #expect(sunday.days.first?.date.description == "2026-11-22")
        #expect(sunday.days.map { $0.mood?.rawValue } == [nil, 4, nil, 5, nil, nil, nil])
        // From Saturday: the 21st is the first day of this week.
        let saturday = MoodWeek(today: date("2026-11-24"), weekStart: 6, moods: logged)
        #expect(saturday.days.first?.mood == .bad)
        #expect(saturday.average == 11.0 / 3.0)
    }

    @Test func aWeekAcrossADaylightSavingChangeHasSevenDays() {
        // Europe/Helsinki moves its clocks forward on Sunday 29 March 2026 at 03:00. Late on that
        // Sunday evening it is still the 29th there, though already the 29th 21:30 UTC.
        let now = instant(2026, 3, 29, 23, 30, in: "Europe/Helsinki")
        let today = LocalDate.today(in: zone("Europe/Helsinki"), now: now)
        #expect(today.description == "2026-03-29")
        let week = MoodWeek(today: today, weekStart: 1, moods: moods([("2026-03-29", 3), ("2026-03-23", 5)]))
        #expect(
            week.days.map(\.date.description) == [
                "2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28", "2026-03-29",
            ])
        #expect(week.days.map { $0.mood?.rawValue } == [5, nil, nil, nil, nil, nil, 3])
    }

    @Test func aYearAveragesEachMonthWithItsDays() {
        // January: 5, 4, 3 → 12/3 = 4.0; February (2024, a leap year) on the 29th: 1 → 1.0.
        let year = MoodYear(
            year: 2024,
            moods: moods([
                ("2024-01-01", 5), ("2024-01-02", 4), ("2024-01-31", 3), ("2024-02-29", 1), ("2023-12-31", 5),
            ]))
        #expect(year.months.count == 12)
        #expect(year.months[0].tally == MoodTally(days: 3, moodSum: 12))
        #expect(year.months[0].tally.average == 4.0)
        #expect(year.months[1].tally.average == 1.0)
        #expect(year.months[2].tally.average == nil)
        // The year's own mean is 13/4, not the mean of the months (4 + 1) / 2.
        #expect(year.total.average == 3.25)
    }

    @Test func anEmptyYearHasTwelveMonthsWithoutAverages() {
        let year = MoodYear(year: 2019, moods: [])
        #expect(year.months.map(\.tally.days) == Array(repeating: 0, count: 12))
        #expect(year.total.average == nil)
        #expect(MoodYear.pickerYears(withEntries: [2021, 2024, 2021], current: 2026) == [2026, 2024, 2021])
    }

    @Test func theTrendHasEveryDayAndASevenDayMovingAverage() {
        let span = DateSpan(from: date("2026-01-07"), to: date("2026-01-10"))!
        // 1 January … 10 January: moods on the 1st (5), 2nd (1), 7th (3), 9th (4).
        let trend = MoodTrend(
            span: span, moods: moods([("2026-01-01", 5), ("2026-01-02", 1), ("2026-01-07", 3), ("2026-01-09", 4)]))
        #expect(trend.points.map(\.date.description) == ["2026-01-07", "2026-01-08", "2026-01-09", "2026-01-10"])
        #expect(trend.points.map { $0.mood?.rawValue } == [3, nil, 4, nil])
        // 7th: 1st–7th → (5 + 1 + 3) / 3 = 3; 8th: 2nd–8th → (1 + 3) / 2 = 2;
        // 9th: 3rd–9th → (3 + 4) / 2 = 3.5; 10th: 4th–10th → 3.5.
        #expect(trend.points.map(\.movingAverage) == [3, 2, 3.5, 3.5])
        let empty = MoodTrend(span: span, moods: [])
        #expect(empty.points.allSatisfy { $0.movingAverage == nil })
    }

    @Test func theDistributionCountsDaysPerMood() {
        let distribution = MoodDistribution(counts: [.rad: 2, .meh: 1, .awful: 1])
        #expect(distribution.totalDays == 4)
        #expect(distribution.slices.map(\.mood) == [.rad, .good, .meh, .bad, .awful])
        #expect(distribution.slices.map(\.days) == [2, 0, 1, 0, 1])
        #expect(distribution.slices.map(\.share) == [0.5, 0, 0.25, 0, 0.25])
        #expect(MoodDistribution(counts: [:]).slices.allSatisfy { $0.share == 0 })
    }

    @Test func yearInPixelsHasEveryDayOfALeapYear() {
        let pixels = YearInPixels(year: 2024, moods: moods([("2024-02-29", 5), ("2025-01-01", 1)]))
        #expect(pixels.months.map(\.count) == [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        #expect(pixels.months[1][28].mood == .rad)
        #expect(pixels.loggedDays == 1)
        #expect(YearInPixels(year: 2023, moods: []).months[1].count == 28)
    }

    @Test func aStreakIsBrokenByAGapAndStaysCurrentUntilTheDayIsOver() {
        // 1–3 March (3 days), a gap on the 4th, 5–6 March (2 days).
        let runs = DateRun.runs(
            of: ["2026-03-06", "2026-03-01", "2026-03-02", "2026-03-03", "2026-03-05", "2026-03-05"].map(date))
        #expect(
            runs == [
                DateRun(start: date("2026-03-01"), end: date("2026-03-03")),
                DateRun(start: date("2026-03-05"), end: date("2026-03-06")),
            ])
        let onThe7th = Streak(runs: runs, today: date("2026-03-07"))
        #expect(onThe7th.currentDays == 2)  // yesterday counts: the 7th is not over
        #expect(onThe7th.longestDays == 3)
        #expect(Streak(runs: runs, today: date("2026-03-06")).currentDays == 2)
        #expect(Streak(runs: runs, today: date("2026-03-08")).currentDays == 0)
        #expect(Streak(runs: [], today: date("2026-03-08")).longest == nil)
        // Of two equally long runs, the later is the longest.
        let equal = DateRun.runs(of: ["2026-01-01", "2026-01-02", "2026-01-05", "2026-01-06"].map(date))
        #expect(Streak(runs: equal, today: date("2026-02-01")).longest?.start == date("2026-01-05"))
    }

    @Test func correlationsAreHiddenBelowFiveDaysOnEitherSide() {
        let walk = UUID()
        let work = UUID()
        let rare = UUID()
        let always = UUID()
        // 12 days, mood sum 42 (average 3.5).
        let all = MoodTally(days: 12, moodSum: 42)
        let correlations = MoodCorrelations(
            allDays: all,
            tags: [
                // Walk: 6 days summing 27 (4.5); without: 6 days summing 15 (2.5); +2.0.
                TagTally(id: walk, kind: .activity, with: MoodTally(days: 6, moodSum: 27)),
                // Work: 5 days summing 15 (3.0); without: 7 days summing 27 (≈3.857); −0.857.
                TagTally(id: work, kind: .activity, with: MoodTally(days: 5, moodSum: 15)),
                // 4 days with: too few to say anything.
                TagTally(id: rare, kind: .person, with: MoodTally(days: 4, moodSum: 20)),
                // 8 days with leaves only 4 without: hidden as well.
                TagTally(id: always, kind: .feeling, with: MoodTally(days: 8, moodSum: 30)),
            ])
        #expect(correlations.rows.map(\.id) == [walk, work])
        #expect(correlations.rows[0].difference == 2.0)
        #expect(correlations.rows[0].without == MoodTally(days: 6, moodSum: 15))
        #expect(abs(correlations.rows[1].difference - (3.0 - 27.0 / 7.0)) < 1e-12)
        #expect(correlations.hiddenCount == 2)
    }

    @Test func activityPairsAreCountedOnceMostFrequentFirst() {
        let a = UUID()
        let b = UUID()
        let c = UUID()
        let top = ActivityPair.top([
            ActivityPair(first: a, second: b, days: 3), ActivityPair(first: b, second: a, days: 3),
            ActivityPair(first: a, second: c, days: 7), ActivityPair(first: b, second: c, days: 1),
        ])
        #expect(top.map(\.days) == [7, 3])
    }

    @Test func checkinPatternsFollowTheWeekStart() {
        let calm = UUID()
        let tired = UUID()
        let patterns = CheckinPatterns(
            byHour: [
                FeelingCount(feelingID: calm, slot: 8, count: 2), FeelingCount(feelingID: tired, slot: 23, count: 5),
                FeelingCount(feelingID: calm, slot: 24, count: 9),  // not an hour: ignored
            ],
            byWeekday: [
                FeelingCount(feelingID: tired, slot: 7, count: 5), FeelingCount(feelingID: calm, slot: 1, count: 2),
            ],
            weekStart: 7)
        #expect(patterns.weekdays == [7, 1, 2, 3, 4, 5, 6])
        #expect(patterns.feelings.map(\.id) == [tired, calm])
        #expect(patterns.feelings[0].byWeekday == [5, 0, 0, 0, 0, 0, 0])
        #expect(patterns.feelings[1].byWeekday == [0, 2, 0, 0, 0, 0, 0])
        #expect(patterns.byHour[8] == 2 && patterns.byHour[23] == 5 && patterns.total == 7)
    }

    @Test func weekdayPatternAveragesEachWeekday() {
        // Mondays 2 and 9 November: 5 and 2 → 3.5; Sunday the 8th: 1.
        let pattern = WeekdayPattern(
            moods: moods([("2026-11-02", 5), ("2026-11-09", 2), ("2026-11-08", 1)]), weekStart: 1)
        #expect(pattern.weekdays.map(\.isoWeekday) == [1, 2, 3, 4, 5, 6, 7])
        #expect(pattern.weekdays[0].tally.average == 3.5)
        #expect(pattern.weekdays[6].tally.average == 1)
        #expect(pattern.weekdays[1].tally.average == nil)
    }

    @Test func rangesNameTheParameterThatIsWrong() throws {
        #expect(try InsightRange.parse(range: nil, from: nil, to: nil) == .lastDays(90))
        #expect(try InsightRange.parse(range: "all", from: "", to: "") == .all)
        #expect(
            validationErrors { try InsightRange.parse(range: "week", from: nil, to: nil) }.map(\.field) == ["range"])
        #expect(
            validationErrors { try InsightRange.parse(range: nil, from: "2026-01-01", to: nil) }.map(\.field) == ["to"])
        #expect(
            validationErrors { try InsightRange.parse(range: nil, from: nil, to: "2026-01-01") }.map(\.field) == [
                "from"
            ])
        let backwards = validationErrors { try InsightRange.parse(range: nil, from: "2026-02-01", to: "2026-01-01") }
        #expect(backwards.map(\.code) == ["before_from"])
        #expect(
            validationErrors { try InsightRange.parse(range: nil, from: "2026-02-30", to: "2026-03-01") }.map(\.field)
                == ["from"])
        #expect(
            validationErrors { try InsightRange.parse(range: "30d", from: "2026-01-01", to: "2026-01-02") }.map(\.code)
                == ["conflict"])
        #expect(validationErrors { try InsightRange.parseYear("0") }.map(\.field) == ["year"])
        #expect(validationErrors { try InsightRange.parseYear("20x4") }.map(\.field) == ["year"])
        #expect(try InsightRange.parseYear("2024") == 2024)
        let today = date("2026-11-24")
        #expect(InsightRange.lastDays(30).span(today: today, earliest: nil).from == date("2026-10-26"))
        #expect(InsightRange.all.span(today: today, earliest: date("2016-01-01")).dayCount == 3981)
    }
}
