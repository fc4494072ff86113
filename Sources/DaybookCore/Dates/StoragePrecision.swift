import Foundation

extension Date {
    /// This instant rounded to whole microseconds: the precision both databases keep. Services
    /// round the times they create, so a value read back equals the one written.
    public var roundedToMicroseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1_000_000).rounded() / 1_000_000)
    }

    /// Microseconds since 1970, as stored.
    public var microsecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1_000_000).rounded()) }

    public init(microsecondsSince1970 micros: Int64) {
        self.init(timeIntervalSince1970: Double(micros) / 1_000_000)
    }
}
