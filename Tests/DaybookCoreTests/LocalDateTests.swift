import Foundation
import Testing

@testable import DaybookCore

@Suite struct LocalDateTests {
    @Test func parsesOnlyRealDatesInTheExactForm() {
        #expect(LocalDate("2024-02-29") == LocalDate(year: 2024, month: 2, day: 29))
        #expect(LocalDate("2023-02-29") == nil)
        #expect(LocalDate("2024-2-01") == nil)
        #expect(LocalDate("2024/02/01") == nil)
        #expect(LocalDate("2024-13-01") == nil)
        #expect(LocalDate("2024-04-31") == nil)
        #expect(LocalDate("") == nil)
        #expect(LocalDate("2024-02-01T00:00") == nil)
        #expect(LocalDate("1900-02-29") == nil)
        #expect(LocalDate("2000-02-29") != nil)
    }

    @Test func theBoundsOfAllDatesAreTheFirstAndLastThereAre() {
        #expect(LocalDate.earliest.description == "0001-01-01")
        #expect(LocalDate.latest.description == "9999-12-31")
        #expect(LocalDate.earliest < date("2026-11-22") && date("2026-11-22") < LocalDate.latest)
        #expect(LocalDate(year: 10000, month: 1, day: 1) == nil)
    }

    @Test func printsAsISO() {
        #expect(LocalDate(year: 987, month: 3, day: 4)!.description == "0987-03-04")
        #expect(date("2026-11-22").description == "2026-11-22")
    }

    @Test func lateEveningBelongsToTheLocalDate() {
        let lateNight = instant(2026, 11, 22, 23, 30, in: "America/New_York")
        #expect(LocalDate(lateNight, in: zone("America/New_York")) == date("2026-11-22"))
        #expect(LocalDate(lateNight, in: zone("UTC")) == date("2026-11-23"))
    }

    @Test func theSameInstantIsADifferentDateAfterMovingZone() {
        // 2026-06-15 20:00 in Los Angeles is already the 16th in Auckland.
        let moment = instant(2026, 6, 15, 20, 0, in: "America/Los_Angeles")
        #expect(LocalDate(moment, in: zone("America/Los_Angeles")) == date("2026-06-15"))
        #expect(LocalDate(moment, in: zone("Pacific/Auckland")) == date("2026-06-16"))
        #expect(LocalDate.today(in: zone("Pacific/Auckland"), now: moment) == date("2026-06-16"))
    }

    @Test func springForwardInHelsinki() {
        // Clocks go from 03:00 to 04:00 on 2026-03-29: that day has 23 hours.
        let helsinki = zone("Europe/Helsinki")
        let day = date("2026-03-29")
        let start = day.start(in: helsinki)
        #expect(LocalDate(start, in: helsinki) == day)
        #expect(LocalDate(start.addingTimeInterval(-1), in: helsinki) == date("2026-03-28"))
        #expect(day.adding(days: 1).start(in: helsinki).timeIntervalSince(start) == 23 * 3600)
        #expect(date("2026-03-28").adding(days: 1) == day)
        #expect(day.adding(days: 1) == date("2026-03-30"))
        // 23:30 local on the day after the change is still that date (UTC is 20:30).
        #expect(LocalDate(instant(2026, 3, 30, 23, 30, in: "Europe/Helsinki"), in: helsinki) == date("2026-03-30"))
    }

    @Test func fallBackInHelsinki() {
        // Clocks go from 04:00 back to 03:00 on 2026-10-25: that day has 25 hours.
        let helsinki = zone("Europe/Helsinki")
        let day = date("2026-10-25")
        let start = day.start(in: helsinki)
        #expect(LocalDate(start, in: helsinki) == day)
        #expect(day.adding(days: 1).start(in: helsinki).timeIntervalSince(start) == 25 * 3600)
        #expect(day.adding(days: -1) == date("2026-10-24"))
        let lastMinute = day.adding(days: 1).start(in: helsinki).addingTimeInterval(-60)
        #expect(LocalDate(lastMinute, in: helsinki) == day)
    }

    /// `init(_:in:)` and `hour(of:in:)` count from the zone's offset themselves; a `Calendar` is the
    /// reference, on random instants from 1600 to 2400 and around each zone's own oddities (Apia
    /// skipped 2011-12-30, Lord Howe moves by half an hour, Kathmandu is +05:45).
    @Test func theDateAndHourOfAnInstantAreTheCalendars() {
        var random = SystemRandomNumberGenerator()
        let zones = [
            "UTC", "Europe/Helsinki", "America/New_York", "Pacific/Apia", "Australia/Lord_Howe",
            "Asia/Kathmandu", "Pacific/Kiritimati", "America/St_Johns", "Europe/Amsterdam",
        ].map(zone)
        let first = LocalDate(year: 1600, month: 1, day: 1)!.start(in: zone("UTC")).timeIntervalSince1970
        let last = LocalDate(year: 2400, month: 1, day: 1)!.start(in: zone("UTC")).timeIntervalSince1970
        let apia = instant(2011, 12, 29, 23, 59, in: "Pacific/Apia").timeIntervalSince1970
        for round in 0..<20_000 {
            let seconds = round % 4 == 0
                ? apia + Double(Int.random(in: -3 * 86_400...3 * 86_400, using: &random))
                : Double.random(in: first..<last, using: &random)
            let moment = Date(timeIntervalSince1970: seconds)
            for zone in zones {
                let parts = LocalDate.calendar(zone).dateComponents([.year, .month, .day, .hour], from: moment)
                #expect(
                    LocalDate(moment, in: zone) == LocalDate(year: parts.year!, month: parts.month!, day: parts.day!),
                    "\(moment) in \(zone.identifier)")
                #expect(LocalDate.hour(of: moment, in: zone) == parts.hour!, "\(moment) in \(zone.identifier)")
            }
        }
        // Past 9999 and before 1600 the calendar answers, as before.
        #expect(LocalDate(Date(timeIntervalSince1970: -12_000_000_000), in: zone("UTC")).year == 1589)
        #expect(LocalDate(Date.distantFuture, in: zone("UTC")).year == 4001)
        let early = Date(timeIntervalSince1970: -12_000_000_000 + 7_200)
        #expect(LocalDate.hour(of: early, in: zone("UTC")) == LocalDate.calendar(zone("UTC")).component(.hour, from: early))
    }

    @Test func arithmetic() {
        #expect(date("2024-02-28").adding(days: 1) == date("2024-02-29"))
        #expect(date("2024-12-31").adding(days: 1) == date("2025-01-01"))
        #expect(date("2024-01-01").days(to: date("2025-01-01")) == 366)
        #expect(date("2026-11-22").isoWeekday == 7)
        #expect(date("2026-11-23").isoWeekday == 1)
    }

    @Test func codesAsText() throws {
        let data = try JSONEncoder().encode([date("2026-03-29")])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-03-29"]"#)
        #expect(try JSONDecoder().decode([LocalDate].self, from: data) == [date("2026-03-29")])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocalDate].self, from: Data(#"["2026-3-29"]"#.utf8))
        }
    }
}

@Suite struct MonthGridTests {
    @Test func parsesYearMonth() {
        #expect(YearMonth("2026-02") == YearMonth(year: 2026, month: 2))
        #expect(YearMonth("2026-2") == nil)
        #expect(YearMonth("2026-13") == nil)
        #expect(YearMonth("2026-00") == nil)
        #expect(YearMonth("2026-02-01") == nil)
        #expect(YearMonth("") == nil)
        #expect(YearMonth("0000-01") == nil)
    }

    @Test func describesAndNavigates() {
        let february = YearMonth(year: 2026, month: 2)!
        #expect(february.description == "2026-02")
        #expect(february.title == "February 2026")
        #expect(february.firstDay == date("2026-02-01"))
        #expect(february.lastDay == date("2026-02-28"))
        #expect(YearMonth(year: 2024, month: 2)!.lastDay == date("2024-02-29"))
        #expect(february.next == YearMonth(year: 2026, month: 3))
        #expect(february.previous == YearMonth(year: 2026, month: 1))
        #expect(YearMonth(year: 2026, month: 12)!.next == YearMonth(year: 2027, month: 1))
        #expect(YearMonth(year: 2026, month: 1)!.previous == YearMonth(year: 2025, month: 12))
        #expect(YearMonth(year: 9999, month: 12)!.next == YearMonth(year: 9999, month: 12))
        #expect(YearMonth(date("2026-11-22")) == YearMonth(year: 2026, month: 11))
        #expect(YearMonth(year: 2026, month: 11)!.title == "November 2026")
        #expect(YearMonth(year: 2025, month: 12)! < february)
        #expect(february.contains(date("2026-02-14")))
        #expect(!february.contains(date("2026-03-01")))
    }

    @Test func february2026StartsOnSunday() {
        let weeks = MonthGrid.weeks(of: YearMonth(year: 2026, month: 2)!)
        #expect(weeks.first?.prefix(6).allSatisfy { $0 == nil } == true)
        #expect(weeks.first?[6] == date("2026-02-01"))
        #expect(weeks.count == 5)
        #expect(weeks[4][0] == date("2026-02-23"))
        #expect(weeks[4][6] == nil)
    }

    @Test func everyMonthHasFullWeeksAndEveryDayOnce() {
        var month = YearMonth(year: 2024, month: 1)!
        for _ in 0..<36 {
            let weeks = MonthGrid.weeks(of: month)
            #expect(weeks.allSatisfy { $0.count == 7 })
            #expect((4...6).contains(weeks.count))
            let days = weeks.flatMap { $0 }.compactMap { $0 }
            #expect(days.count == month.dayCount)
            #expect(days.first == month.firstDay && days.last == month.lastDay)
            for (row, week) in weeks.enumerated() {
                for (column, day) in week.enumerated() {
                    if let day { #expect(day.isoWeekday == column + 1, "\(day) in row \(row)") }
                }
            }
            month = month.next
        }
    }

    @Test func aMonthStartingOnMondayHasNoLeadingPadding() {
        // June 2026 starts on a Monday.
        let weeks = MonthGrid.weeks(of: YearMonth(year: 2026, month: 6)!)
        #expect(weeks.first?.first == date("2026-06-01"))
    }

    @Test func codesAsText() throws {
        let data = try JSONEncoder().encode([YearMonth(year: 2026, month: 11)!])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-11"]"#)
        #expect(try JSONDecoder().decode([YearMonth].self, from: data) == [YearMonth(year: 2026, month: 11)!])
    }
}
