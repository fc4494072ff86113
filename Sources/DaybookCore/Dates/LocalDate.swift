import Foundation

/// A calendar date with no time and no zone: "the 3rd of March" as the user lives it. Which
/// `LocalDate` an instant falls on depends on a time zone; see `init(_:in:)`.
///
/// Its text form is ISO 8601 `YYYY-MM-DD`, which also sorts correctly as a string, so storage keeps
/// it as text.
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Returns nil unless the parts name a real date in the proleptic Gregorian calendar.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= LocalDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The first date there is (0001-01-01): the lower bound of "all of history".
    public static let earliest = LocalDate(year: 1, month: 1, day: 1)!
    /// The last date there is (9999-12-31): an upper bound past every entry, where a query takes
    /// no optional bound (a prepared statement's one plan must serve every call).
    public static let latest = LocalDate(year: 9999, month: 12, day: 31)!

    /// Parses exactly `YYYY-MM-DD`; anything else (other separators, missing zeros, 2023-02-30) is nil.
    public init?(_ text: String) {
        var text = text
        guard let date = text.withUTF8({ LocalDate(utf8: $0) }) else { return nil }
        self = date
    }

    /// The date spelled by these UTF-8 bytes (see `init(_:)`), read without copying them.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                let b = bytes[i]
                guard b >= 48, b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The date an instant falls on in a time zone: the zone's offset at that instant added, then
    /// whole days counted (`init(dayNumber:)`), a tenth of what a `Calendar` takes (~40 against
    /// ~350 ns), which every write pays to know "today". Instants before 1600 or after 9999 go
    /// through the calendar, which counts the Julian calendar before 1582 as Foundation does.
    public init(_ instant: Date, in zone: TimeZone) {
        if let seconds = LocalDate.localSeconds(instant, in: zone) {
            self.init(dayNumber: Int((seconds / 86_400).rounded(.down)))
            return
        }
        let parts = LocalDate.calendar(zone).dateComponents([.year, .month, .day], from: instant)
        self.init(unchecked: parts.year!, parts.month!, parts.day!)
    }

    /// The hour (0–23) a clock in `zone` shows at `instant`, counted as `init(_:in:)` counts days
    /// (the zone's offset added, no `Calendar`), with the same fallback outside 1600–9999. Every
    /// check-in stores it (`Checkin.localHour`).
    public static func hour(of instant: Date, in zone: TimeZone) -> Int {
        guard let seconds = localSeconds(instant, in: zone) else {
            return calendar(zone).component(.hour, from: instant)
        }
        let intoDay = Int(seconds.rounded(.down)) % 86_400
        return (intoDay < 0 ? intoDay + 86_400 : intoDay) / 3_600
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The seconds from 1970 on a clock in `zone` at `instant` (the zone's offset added), where
    /// `init(_:in:)` and `hour(of:in:)` count themselves: 1600-01-01 up to the end of 9999-12-31.
    /// Nil outside, where they ask the calendar.
    private static func localSeconds(_ instant: Date, in zone: TimeZone) -> Double? {
        let seconds = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))
        return (earliestSecond..<latestSecond).contains(seconds) ? seconds : nil
    }

    private static let earliestSecond = Double(LocalDate(year: 1600, month: 1, day: 1)!.dayNumber) * 86_400
    private static let latestSecond = Double(latest.dayNumber + 1) * 86_400

    /// Today in a time zone.
    public static func today(in zone: TimeZone, now: Date = Date()) -> LocalDate {
        LocalDate(now, in: zone)
    }

    public var description: String {
        String(unsafeUninitializedCapacity: 10) { write(into: $0, at: 0) }
    }

    /// Writes `YYYY-MM-DD` (10 bytes) at `start`, returns the index after it: the text form, also
    /// as the first part of a longer text (an RFC 3339 instant) without a string of its own.
    public func write(into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var at = FixedDigits.write(year, width: 4, into: out, at: start)
        at = FixedDigits.write("-", into: out, at: at)
        at = FixedDigits.write(month, width: 2, into: out, at: at)
        at = FixedDigits.write("-", into: out, at: at)
        return FixedDigits.write(day, width: 2, into: out, at: at)
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a date as YYYY-MM-DD.")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The first instant of this date in a time zone (midnight, or the first moment after a
    /// daylight-saving gap that skips midnight).
    public func start(in zone: TimeZone) -> Date {
        LocalDate.calendar(zone).startOfDay(for: noonUTC(zone))
    }

    /// The date `days` days later (or earlier, when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// 1 = Monday … 7 = Sunday (ISO 8601).
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        let weekday = (dayNumber + 3) % 7
        return (weekday < 0 ? weekday + 7 : weekday) + 1
    }

    /// Days since 1970-01-01 (negative before it). Integer arithmetic (H. Hinnant's
    /// `days_from_civil`), so charts that walk thousands of days do not pay for a `Calendar` each.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01 (`civil_from_days`).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(unchecked: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Noon of this date in a zone: a safe anchor for calendar arithmetic, never in a DST gap.
    private func noonUTC(_ zone: TimeZone) -> Date {
        LocalDate.calendar(zone).date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
    }

    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
