import Foundation

/// A time of day on the wall clock, `HH:MM` (24-hour), with no date and no zone: "remind me at
/// 21:30" means 21:30 wherever the user is, whatever the season.
public struct LocalTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Minutes since midnight, 0…1439.
    public let minutes: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    /// Exactly `HH:MM`; "25:00", "9:30" and "09:30 " are nil.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            bytes.enumerated().allSatisfy({ $0.offset == 2 || (48...57).contains($0.element) })
        else { return nil }
        let number = { (i: Int) in Int(bytes[i] - 48) * 10 + Int(bytes[i + 1] - 48) }
        self.init(hour: number(0), minute: number(3))
    }

    /// From storage: minutes since midnight, clamped into a day.
    public init(minutes: Int) {
        self.minutes = min(max(minutes, 0), 1439)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool { lhs.minutes < rhs.minutes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let time = LocalTime(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a time as HH:MM.")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
