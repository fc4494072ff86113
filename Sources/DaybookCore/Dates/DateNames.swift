/// Weekday and month names in English, written out rather than taken from a `DateFormatter`: a
/// server often has no locale data, and pages and charts should not change with the machine's
/// settings. One list each, for the calendar, the pages, the insights and their charts.
public enum Weekdays {
    /// Monday first: index `isoWeekday - 1`.
    public static let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    /// "Mon" … "Sun", the calendar's column headings.
    public static let shortNames = names.map { String($0.prefix(3)) }

    /// The seven ISO weekdays starting from `weekStart` (1–7; anything else is Monday).
    public static func ordered(from weekStart: Int) -> [Int] {
        let start = (1...7).contains(weekStart) ? weekStart : 1
        return (0..<7).map { (start - 1 + $0) % 7 + 1 }
    }

    /// The name of ISO weekday 1 (Monday) … 7 (Sunday).
    public static func name(_ isoWeekday: Int) -> String { names[(isoWeekday - 1) % 7] }
    public static func shortName(_ isoWeekday: Int) -> String { shortNames[(isoWeekday - 1) % 7] }
}

public enum Months {
    /// January first: index `month - 1`.
    public static let names = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// The name of month 1 (January) … 12 (December).
    public static func name(_ month: Int) -> String { names[(month - 1) % 12] }
    /// "Jan" … "Dec".
    public static func shortName(_ month: Int) -> String { String(name(month).prefix(3)) }
}
