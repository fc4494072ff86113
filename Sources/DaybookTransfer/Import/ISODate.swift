import Foundation

/// Instants as other apps write them: ISO 8601 with or without fractional seconds, with `Z`, an
/// offset, or nothing (taken as UTC, as Python's naive UTC timestamps mean).
enum ISODate {
    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime],
        ] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: trimmed) { return date }
        }
        let hasZone =
            trimmed.hasSuffix("Z") || trimmed.dropFirst(10).contains("+") || trimmed.dropFirst(10).contains("-")
        return hasZone ? nil : parse(trimmed + "Z")
    }
}
