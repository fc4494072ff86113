import DaybookCore
import Foundation
import OpenAPIRuntime

/// RFC 3339 instants with microseconds, the precision storage keeps (`roundedToMicroseconds`).
///
/// The runtime's `.iso8601WithFractionalSeconds` writes milliseconds only, so a time read from the
/// API and sent back would move by up to a millisecond; and Foundation's ISO 8601 parser refuses
/// valid RFC 3339 such as offsets beyond ±18:00 or more than nine fractional digits, and puts years
/// before the Gregorian reform on the wrong day. So this does the arithmetic itself, in the
/// proleptic Gregorian calendar: it writes six fractional digits in UTC
/// (`2024-03-03T21:30:00.123456Z`) and reads every RFC 3339 date-time: any number of fractional
/// digits, `Z` or an offset, `T`/`Z` in either case. Clients may use `.iso8601WithFractionalSeconds`,
/// which reads what this writes.
struct MicrosecondDateTranscoder: DateTranscoder {
    func encode(_ date: Date) throws -> String {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        // Years 0000…9999, the range RFC 3339 can write.
        guard micros.isFinite, micros >= -62_167_219_200e6, micros < 253_402_300_800e6 else {
            throw EncodingError.invalidValue(
                date, .init(codingPath: [], debugDescription: "The date is outside the years RFC 3339 can write."))
        }
        let total = Int64(micros)
        let seconds = Self.floorDivide(total, 1_000_000)
        let fraction = total - seconds * 1_000_000
        let days = Self.floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        // Years 0000…9999 all have a `LocalDate` from their day number (only its checked
        // initialisers keep to 0001…9999).
        let date = LocalDate(dayNumber: Int(days))
        return String(unsafeUninitializedCapacity: 27) { out in
            var at = date.write(into: out, at: 0)
            at = FixedDigits.write("T", into: out, at: at)
            func field(_ value: Int64, _ width: Int, then separator: Unicode.Scalar) {
                at = FixedDigits.write(Int(value), width: width, into: out, at: at)
                at = FixedDigits.write(separator, into: out, at: at)
            }
            field(secondOfDay / 3600, 2, then: ":")
            field(secondOfDay / 60 % 60, 2, then: ":")
            field(secondOfDay % 60, 2, then: ".")
            field(fraction, 6, then: "Z")
            return at
        }
    }

    func decode(_ text: String) throws -> Date {
        guard let date = Self.parse(text) else {
            // The decoder does not tell us where this value was; `APIErrorMapper` finds it by its text.
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: Self.rejectionPrefix + text))
        }
        return date
    }

    private static let rejectionPrefix = "Not an RFC 3339 date-time: "

    /// The text a decoding error of this transcoder was about, if it is one.
    static func rejectedText(in description: String) -> String? {
        guard description.hasPrefix(rejectionPrefix) else { return nil }
        return String(description.dropFirst(rejectionPrefix.count))
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, RFC 3339 §5.6.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ width: Int) -> Int64? {
            guard index + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + width] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += width
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            expect("Tt"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
            let second = number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: Int(month), year: Int(year)),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var fraction = 0.0
        if expect(".") {
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset: Int64 = 0
        if expect("Zz") {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2), expect(":"), let minutes = number(2), hours <= 23, minutes <= 59 else {
                return nil
            }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let seconds = days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`, as
    /// `LocalDate.dayNumber`, which cannot serve: a `LocalDate` is made checked, and RFC 3339 has
    /// the year 0000 that its checks refuse).
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension DateTranscoder where Self == MicrosecondDateTranscoder {
    /// RFC 3339 with microseconds: see `MicrosecondDateTranscoder`.
    static var rfc3339Microseconds: Self { MicrosecondDateTranscoder() }
}
