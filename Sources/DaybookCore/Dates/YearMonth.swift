/// A month of a year, as the calendar page and the `?month=YYYY-MM` query name it.
public struct YearMonth: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    /// Nil unless `year` is 1...9999 (the years `LocalDate` has) and `month` 1...12.
    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// Parses exactly `YYYY-MM`.
    public init?(_ text: String) {
        guard text.utf8.count == 7, let date = LocalDate(text + "-01") else { return nil }
        self.init(date)
    }

    /// The month a date is in.
    public init(_ date: LocalDate) {
        self.year = date.year
        self.month = date.month
    }

    public var firstDay: LocalDate { LocalDate(year: year, month: month, day: 1)! }

    public var lastDay: LocalDate {
        LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year))!
    }

    public var dayCount: Int { LocalDate.daysIn(month: month, year: year) }

    /// The month after; December 9999 has none and stays itself.
    public var next: YearMonth {
        month == 12 ? YearMonth(year: year + 1, month: 1) ?? self : YearMonth(year: year, month: month + 1)!
    }

    /// The month before; January of year 1 has none and stays itself.
    public var previous: YearMonth {
        month == 1 ? YearMonth(year: year - 1, month: 12) ?? self : YearMonth(year: year, month: month - 1)!
    }

    /// Whether a date falls in this month.
    public func contains(_ date: LocalDate) -> Bool {
        date.year == year && date.month == month
    }

    /// `YYYY-MM`.
    public var description: String {
        String(firstDay.description.prefix(7))
    }

    /// "November 2026" (see `Months`).
    public var title: String {
        "\(Months.name(month)) \(year)"
    }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let month = YearMonth(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a month as YYYY-MM.")
        }
        self = month
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
