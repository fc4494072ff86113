import DaybookCore
import Foundation

/// Instants as other apps write them: ISO 8601 with or without fractional seconds, with `Z`, an
/// offset, or nothing (taken as UTC, as Python's naive UTC timestamps mean). Only instants a
/// `LocalDate` can name (years 1–9999) are dates here; anything else is nil.
///
/// The format styles are values made once: building a date formatter per call was most of the
/// cost of reading a file of many small entries.
enum ISODate {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let plain = Date.ISO8601FormatStyle()

    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 40 else { return nil }
        for style in [withFraction, plain] {
            if let date = try? style.parse(trimmed) {
                return date.isStorable ? date : nil
            }
        }
        let hasZone =
            trimmed.hasSuffix("Z") || trimmed.dropFirst(10).contains("+") || trimmed.dropFirst(10).contains("-")
        return hasZone ? nil : parse(trimmed + "Z")
    }
}
