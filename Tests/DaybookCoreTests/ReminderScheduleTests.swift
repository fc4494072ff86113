import Foundation
import Testing

@testable import DaybookCore

@Suite struct ReminderScheduleTests {
    let utc = TimeZone(identifier: "UTC")!
    let helsinki = TimeZone(identifier: "Europe/Helsinki")!

    func settings(
        _ start: String, _ end: String, checkins: Bool = true, daily: String? = nil, weekdays: Set<Int> = Set(1...7),
        skip: Int = 0
    ) -> ReminderSettings {
        ReminderSettings(
            wakingStart: LocalTime(start)!, wakingEnd: LocalTime(end)!, checkinReminders: checkins,
            dailyReminder: daily.flatMap(LocalTime.init), weekdays: weekdays, skipIfCheckedInWithinMinutes: skip)
    }

    /// "YYYY-MM-DD HH:MM" on the wall clock of a zone, as the user would read a reminder's time.
    func wall(_ date: Date, _ zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    @Test func fiveEvenlySpacedFromEightToTen() {
        // 14 hours / 5 = 2 h 48 min: the last comes at the end of the day, as seed 002 computes.
        let day = LocalDate("2026-03-02")!
        let times = ReminderSchedule.reminders(on: day, settings: settings("08:00", "22:00"), zone: utc)
        #expect(times.map { wall($0.at, utc) } == [
            "2026-03-02 10:48", "2026-03-02 13:36", "2026-03-02 16:24", "2026-03-02 19:12", "2026-03-02 22:00",
        ])
        #expect(times.allSatisfy { $0.kind == .checkin })
    }

    @Test func aWakingDayPastMidnight() {
        // 22:00–02:00 is four hours: every 48 minutes, three of them on the next date.
        let day = LocalDate("2026-03-02")!
        let times = ReminderSchedule.reminders(on: day, settings: settings("22:00", "02:00"), zone: utc)
        #expect(times.map { wall($0.at, utc) } == [
            "2026-03-02 22:48", "2026-03-02 23:36", "2026-03-03 00:24", "2026-03-03 01:12", "2026-03-03 02:00",
        ])
    }

    @Test func wallClockTimesHoldAcrossSpringForward() {
        // Helsinki, 29 March 2026: 03:00 becomes 04:00. 09:00 stays 09:00, 23 hours after the day before's.
        let daily = settings("08:00", "22:00", checkins: false, daily: "09:00")
        let before = ReminderSchedule.reminders(on: LocalDate("2026-03-28")!, settings: daily, zone: helsinki)[0].at
        let after = ReminderSchedule.reminders(on: LocalDate("2026-03-29")!, settings: daily, zone: helsinki)[0].at
        #expect(wall(before, helsinki) == "2026-03-28 09:00" && wall(after, helsinki) == "2026-03-29 09:00")
        #expect(after.timeIntervalSince(before) == 23 * 3600)
        // A time in the skipped hour comes at the first moment after it.
        let gap = settings("08:00", "22:00", checkins: false, daily: "03:30")
        let moved = ReminderSchedule.reminders(on: LocalDate("2026-03-29")!, settings: gap, zone: helsinki)[0].at
        #expect(wall(moved, helsinki).hasPrefix("2026-03-29 04:"))
    }

    @Test func wallClockTimesHoldAcrossFallBack() {
        // Helsinki, 25 October 2026: 04:00 becomes 03:00, so 03:30 happens twice; the first counts.
        let daily = settings("08:00", "22:00", checkins: false, daily: "09:00")
        let before = ReminderSchedule.reminders(on: LocalDate("2026-10-24")!, settings: daily, zone: helsinki)[0].at
        let after = ReminderSchedule.reminders(on: LocalDate("2026-10-25")!, settings: daily, zone: helsinki)[0].at
        #expect(after.timeIntervalSince(before) == 25 * 3600)
        let twice = settings("08:00", "22:00", checkins: false, daily: "03:30")
        let first = ReminderSchedule.reminders(on: LocalDate("2026-10-25")!, settings: twice, zone: helsinki)[0].at
        #expect(first == Date(timeIntervalSince1970: 1_792_888_200))  // 2026-10-25T00:30:00Z = 03:30 EEST
    }

    @Test func movingTimeZoneKeepsTheWallClock() {
        let daily = settings("08:00", "22:00", checkins: false, daily: "21:30")
        for name in ["Europe/Helsinki", "America/New_York", "Asia/Kolkata", "Pacific/Auckland"] {
            let zone = TimeZone(identifier: name)!
            let next = ReminderSchedule.upcoming(
                after: Date(timeIntervalSince1970: 1_790_000_000), settings: daily, zone: zone, count: 3)
            #expect(next.count == 3)
            #expect(next.allSatisfy { wall($0.at, zone).hasSuffix("21:30") }, "\(name)")
        }
    }

    @Test func daysTurnedOffGetNothing() {
        // Weekdays only; from Friday 2026-03-06 23:00 UTC the next is Monday's first.
        let weekdays = settings("08:00", "22:00", weekdays: Set(1...5))
        let friday = Date(timeIntervalSince1970: 1_772_838_000)  // 2026-03-06T23:00:00Z
        #expect(wall(friday, utc) == "2026-03-06 23:00")
        let next = ReminderSchedule.upcoming(after: friday, settings: weekdays, zone: utc, count: 6)
        #expect(next.map { wall($0.at, utc) }.first == "2026-03-09 10:48")
        #expect(next.count == 6 && wall(next[5].at, utc) == "2026-03-10 10:48")
        #expect(ReminderSchedule.upcoming(after: friday, settings: .off, zone: utc, count: 5).isEmpty)
    }

    @Test func theDailyReminderJoinsTheCheckinsInOrder() {
        let both = settings("08:00", "22:00", daily: "21:30")
        let times = ReminderSchedule.reminders(on: LocalDate("2026-03-02")!, settings: both, zone: utc)
        #expect(times.map(\.kind) == [.checkin, .checkin, .checkin, .checkin, .daily, .checkin])
    }

    @Test func aRecentCheckinSkipsACheckinReminder() {
        let skipping = settings("08:00", "22:00", daily: "21:30", skip: 30)
        let reminder = ScheduledReminder(at: Date(timeIntervalSince1970: 10_000), kind: .checkin)
        #expect(ReminderSchedule.skips(reminder, lastCheckin: Date(timeIntervalSince1970: 10_000 - 29 * 60), settings: skipping))
        #expect(!ReminderSchedule.skips(reminder, lastCheckin: Date(timeIntervalSince1970: 10_000 - 31 * 60), settings: skipping))
        #expect(!ReminderSchedule.skips(reminder, lastCheckin: nil, settings: skipping))
        let daily = ScheduledReminder(at: reminder.at, kind: .daily)
        #expect(!ReminderSchedule.skips(daily, lastCheckin: reminder.at, settings: skipping))
    }

    @Test func badSettingsNameTheirField() {
        #expect(LocalTime("25:00") == nil && LocalTime("9:30") == nil && LocalTime("09:60") == nil)
        #expect(LocalTime("23:59")?.minutes == 1439)
        let same = #expect(throws: ValidationError.self) { try settings("08:00", "08:00").validate() }
        #expect(same?.errors.map(\.field) == ["wakingHours.end"])
        let days = #expect(throws: ValidationError.self) { try settings("08:00", "22:00", weekdays: [0, 8]).validate() }
        #expect(days?.errors.map(\.field) == ["weekdays"])
        let skip = #expect(throws: ValidationError.self) { try settings("08:00", "22:00", skip: -1).validate() }
        #expect(skip?.errors.map(\.field) == ["skipIfCheckedInWithinMinutes"])
    }
}
