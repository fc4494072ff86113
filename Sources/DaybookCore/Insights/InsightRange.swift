import Foundation

/// Which dates a statistic looks at, as a client asks for them: a named range ending today
/// (`30d`, `90d`, `year`, `all`) or `from` and `to` (both, inclusive). Parsed here so that every
/// endpoint and page names the same parameters in its errors.
public enum InsightRange: Sendable, Hashable {
    case lastDays(Int)
    case all
    case between(DateSpan)

    /// What a range is when none is given.
    public static let `default` = InsightRange.lastDays(90)

    /// The names a range picker offers, with their labels.
    public static let named: [(name: String, label: String, range: InsightRange)] = [
        ("30d", "30 days", .lastDays(30)), ("90d", "90 days", .lastDays(90)), ("year", "A year", .lastDays(365)),
        ("all", "All", .all),
    ]

    /// The name of a named range (nil for from–to).
    public var name: String? { Self.named.first { $0.range == self }?.name }

    /// Parses `range`, `from`, `to` as a query string gives them (empty is "not given"); each
    /// error names its parameter. `from`/`to` and `range` together are refused: which would win?
    public static func parse(range: String?, from: String?, to: String?) throws(ValidationError) -> InsightRange {
        let range = range.given
        let from = from.given
        let to = to.given
        var errors: [FieldError] = []
        if let range {
            if from != nil || to != nil {
                errors.append(
                    FieldError(
                        field: "range", code: "conflict", message: "Give either a range or from and to, not both."))
            } else if let match = named.first(where: { $0.name == range }) {
                return match.range
            } else {
                errors.append(
                    FieldError(field: "range", code: "invalid", message: "Choose a range: 30d, 90d, year or all."))
            }
            throw ValidationError(errors)
        }
        if from == nil && to == nil { return .default }
        let first = from.flatMap(LocalDate.init)
        let last = to.flatMap(LocalDate.init)
        if from == nil { errors.append(FieldError(field: "from", code: "required", message: "Give from with to.")) }
        if to == nil { errors.append(FieldError(field: "to", code: "required", message: "Give to with from.")) }
        if from != nil && first == nil { errors.append(dateError("from")) }
        if to != nil && last == nil { errors.append(dateError("to")) }
        if let first, let last {
            if let span = DateSpan(from: first, to: last) { return .between(span) }
            errors.append(FieldError(field: "to", code: "before_from", message: "to must not be before from."))
        }
        throw ValidationError(errors)
    }

    /// Parses a `year` parameter: nil when not given, 1900–9999 otherwise.
    public static func parseYear(_ text: String?) throws(ValidationError) -> Int? {
        guard let text = text.given else { return nil }
        guard let year = Int(text), (1900...9999).contains(year) else {
            throw ValidationError([
                FieldError(field: "year", code: "invalid", message: "A year is a number from 1900 to 9999.")
            ])
        }
        return year
    }

    /// The dates this range covers, given today and the user's first day with an entry (for `all`;
    /// with no entry at all, `all` is just today).
    public func span(today: LocalDate, earliest: LocalDate?) -> DateSpan {
        switch self {
        case .lastDays(let days): DateSpan(days: days, endingOn: today)
        case .all: DateSpan(from: min(earliest ?? today, today), to: today)!
        case .between(let span): span
        }
    }

    private static func dateError(_ field: String) -> FieldError {
        FieldError(field: field, code: "invalid", message: "A date is written YYYY-MM-DD.")
    }
}
