import Foundation

/// One reminder due at an instant.
public struct ScheduledReminder: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// "How are you?": opens the quick check-in.
        case checkin
        /// "Write about your day": opens today's entry.
        case daily
    }

    public var at: Date
    public var kind: Kind

    public init(at: Date, kind: Kind) {
        self.at = at
        self.kind = kind
    }
}

/// When reminders come, from the settings and the user's time zone. No I/O, no clock of its own:
/// the caller says "after when".
///
/// Check-in reminders follow seed 002 exactly: the waking day from `start` to `end` is cut into
/// five equal intervals and a reminder comes at the end of each, `start + k·(end − start)/5` for
/// k = 1…5 (so the last is at `end`). Times are wall-clock times in the user's zone, turned into
/// instants day by day, so 09:00 stays 09:00 across a daylight-saving change and after a move to
/// another zone. A wall-clock time that does not exist that day (the hour skipped in spring) comes
/// at the first moment after the gap; one that happens twice (autumn) comes the first time.
public enum ReminderSchedule {
    /// Minutes after the waking day's midnight (beyond 1440 when it runs past midnight).
    public static func checkinMinutes(start: LocalTime, end: LocalTime) -> [Int] {
        let length = (end.minutes - start.minutes + 1440) % 1440
        return (1...5).map { k in start.minutes + k * length / 5 }
    }

    /// The reminders of the waking day that starts on `date`, in time order.
    public static func reminders(on date: LocalDate, settings: ReminderSettings, zone: TimeZone)
        -> [ScheduledReminder]
    {
        guard settings.weekdays.contains(date.isoWeekday) else { return [] }
        var result: [ScheduledReminder] = []
        if settings.checkinReminders {
            for minutes in checkinMinutes(start: settings.wakingStart, end: settings.wakingEnd) {
                result.append(ScheduledReminder(at: instant(date, minutes: minutes, zone: zone), kind: .checkin))
            }
        }
        if let daily = settings.dailyReminder {
            result.append(ScheduledReminder(at: instant(date, minutes: daily.minutes, zone: zone), kind: .daily))
        }
        return result.sorted { $0.at < $1.at }
    }

    /// The next `count` reminders strictly after `after` (empty when reminders are off). Looks at
    /// most two weeks ahead.
    public static func upcoming(after: Date, settings: ReminderSettings, zone: TimeZone, count: Int)
        -> [ScheduledReminder]
    {
        guard !settings.isOff else { return [] }
        // A waking day that started yesterday may still have reminders after midnight.
        var date = LocalDate(after, in: zone).adding(days: -1)
        var result: [ScheduledReminder] = []
        for _ in 0..<16 {
            result += reminders(on: date, settings: settings, zone: zone).filter { $0.at > after }
            if result.count >= count { break }
            date = date.adding(days: 1)
        }
        return Array(result.sorted { $0.at < $1.at }.prefix(count))
    }

    /// Whether a check-in reminder is pointless because the user has just checked in.
    public static func skips(_ reminder: ScheduledReminder, lastCheckin: Date?, settings: ReminderSettings) -> Bool {
        guard reminder.kind == .checkin, settings.skipIfCheckedInWithinMinutes > 0, let lastCheckin else {
            return false
        }
        return reminder.at.timeIntervalSince(lastCheckin) < TimeInterval(settings.skipIfCheckedInWithinMinutes * 60)
    }

    /// The instant of a wall-clock time, `minutes` after the start of `date` as the clock reads it
    /// (past 1,440: on a later date), through the one helper every wall-clock time goes through
    /// (`LocalDate.instant`: a skipped time comes as many minutes after the gap, a doubled one at
    /// its first occurrence).
    static func instant(_ date: LocalDate, minutes: Int, zone: TimeZone) -> Date {
        let day = date.adding(days: minutes / 1440)
        let minute = minutes % 1440
        return day.instant(hour: minute / 60, minute: minute % 60, in: zone) ?? day.start(in: zone)
    }
}
