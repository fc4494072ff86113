import Foundation
import OpenAPIRuntime

/// RFC 3339 instants with microseconds, the precision storage keeps (`roundedToMicroseconds`).
///
/// The runtime's `.iso8601WithFractionalSeconds` writes milliseconds only, so a time read from the
/// API and sent back would move by up to a millisecond. This one writes six fractional digits in
/// UTC (`2024-03-03T21:30:00.123456Z`) and reads any RFC 3339 form: with or without fractional
/// seconds, `Z` or an offset, `T`/`Z` in either case. Clients may use
/// `.iso8601WithFractionalSeconds`, which reads these (and lets `…Z` without a fraction through).
struct MicrosecondDateTranscoder: DateTranscoder {
    private static let parser = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let wholeSecondsParser = Date.ISO8601FormatStyle()

    func encode(_ date: Date) throws -> String {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard micros.isFinite, abs(micros) < 1e17 else {
            throw EncodingError.invalidValue(
                date, .init(codingPath: [], debugDescription: "The date is out of the range that can be written."))
        }
        let total = Int64(micros)
        // Floor division, so instants before 1970 get a positive fraction.
        var seconds = total / 1_000_000
        var fraction = total % 1_000_000
        if fraction < 0 {
            fraction += 1_000_000
            seconds -= 1
        }
        let whole = Date(timeIntervalSince1970: TimeInterval(seconds))
        let text = Self.wholeSecondsParser.format(whole)  // yyyy-MM-ddTHH:mm:ssZ in UTC
        let digits = String(fraction)
        return String(text.dropLast()) + "." + String(repeating: "0", count: 6 - digits.count) + digits + "Z"
    }

    func decode(_ text: String) throws -> Date {
        // RFC 3339 allows lower-case `t` and `z`; the format style wants upper case.
        let normalized = text.uppercased()
        if let date = try? Self.parser.parse(normalized) { return date }
        if let date = try? Self.wholeSecondsParser.parse(normalized) { return date }
        // The decoder does not tell us where this value was; `APIErrorMapper` finds it by its text.
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: Self.rejectionPrefix + text))
    }

    private static let rejectionPrefix = "Not an RFC 3339 date-time: "

    /// The text a decoding error of this transcoder was about, if it is one.
    static func rejectedText(in description: String) -> String? {
        guard description.hasPrefix(rejectionPrefix) else { return nil }
        return String(description.dropFirst(rejectionPrefix.count))
    }
}

extension DateTranscoder where Self == MicrosecondDateTranscoder {
    /// RFC 3339 with microseconds: see `MicrosecondDateTranscoder`.
    static var rfc3339Microseconds: Self { MicrosecondDateTranscoder() }
}
