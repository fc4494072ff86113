/// What a user asked to be reminded of (seeds 002 and 003): mood check-ins spread over their
/// waking hours, a daily journal reminder, on chosen days of the week.
public struct ReminderSettings: Sendable, Hashable, Codable {
    /// When the day starts and ends; an end before the start means the waking day runs past
    /// midnight (22:00–02:00 for a night-shift worker).
    public var wakingStart: LocalTime
    public var wakingEnd: LocalTime
    /// Exactly five a day, evenly spaced (`ReminderSchedule.checkinTimes`).
    public var checkinReminders: Bool
    /// "Write in your journal" once a day at this time; nil for none.
    public var dailyReminder: LocalTime?
    /// ISO weekdays (1 = Monday … 7 = Sunday) on which reminders come, by the day a waking day
    /// starts on.
    public var weekdays: Set<Int>
    /// A check-in reminder is skipped when the user checked in this recently; 0 never skips.
    public var skipIfCheckedInWithinMinutes: Int

    public init(
        wakingStart: LocalTime, wakingEnd: LocalTime, checkinReminders: Bool, dailyReminder: LocalTime?,
        weekdays: Set<Int>, skipIfCheckedInWithinMinutes: Int
    ) {
        self.wakingStart = wakingStart
        self.wakingEnd = wakingEnd
        self.checkinReminders = checkinReminders
        self.dailyReminder = dailyReminder
        self.weekdays = weekdays
        self.skipIfCheckedInWithinMinutes = skipIfCheckedInWithinMinutes
    }

    /// What a new account has: nothing sent until the user turns it on.
    public static let off = ReminderSettings(
        wakingStart: LocalTime(hour: 8, minute: 0)!, wakingEnd: LocalTime(hour: 22, minute: 0)!,
        checkinReminders: false, dailyReminder: nil, weekdays: Set(1...7), skipIfCheckedInWithinMinutes: 0)

    public var isOff: Bool { !checkinReminders && dailyReminder == nil }

    public static let maxSkipMinutes = 24 * 60

    /// Every problem at once, by field (`wakingHours.end`, `weekdays`, …).
    public func validate() throws {
        var errors = FieldErrors()
        if wakingStart == wakingEnd {
            errors.add(
                "wakingHours.end", "invalid", "The day must end at another time than it starts, like 08:00 to 22:00.")
        }
        if weekdays.isEmpty && !isOff {
            errors.add("weekdays", "required", "Choose at least one day of the week.")
        }
        if !weekdays.allSatisfy((1...7).contains) {
            errors.add("weekdays", "invalid", "Days of the week are 1 (Monday) to 7 (Sunday).")
        }
        if !(0...Self.maxSkipMinutes).contains(skipIfCheckedInWithinMinutes) {
            errors.add(
                "skipIfCheckedInWithinMinutes", "out_of_range",
                "Give a number of minutes from 0 to \(Self.maxSkipMinutes).")
        }
        try errors.throwIfAny()
    }

    /// The weekdays as stored: their digits in order, "12345" for Monday to Friday.
    public var weekdaysText: String { weekdays.sorted().map(String.init).joined() }

    public static func weekdays(from text: String) -> Set<Int> {
        Set(text.compactMap { $0.wholeNumberValue }.filter((1...7).contains))
    }
}
