import Foundation

extension Date {
    /// This instant rounded to whole microseconds: the precision both databases keep. Services
    /// round the times they create, so a value read back equals the one written.
    public var roundedToMicroseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1_000_000).rounded() / 1_000_000)
    }

    /// Microseconds since 1970, as stored. An instant past what an Int64 holds (about 292,000
    /// years from 1970; only a hostile file gets there, the importers refuse it first) saturates
    /// instead of trapping: a conversion that traps would stop the server for everyone.
    public var microsecondsSince1970: Int64 {
        let micros = (timeIntervalSince1970 * 1_000_000).rounded()
        if let exact = Int64(exactly: micros) { return exact }
        return micros > 0 ? .max : .min
    }

    public init(microsecondsSince1970 micros: Int64) {
        self.init(timeIntervalSince1970: Double(micros) / 1_000_000)
    }

    /// Instants from the first moment of 0001-01-01 to the last of 9999-12-31 (UTC): what a
    /// `LocalDate` can name and both databases keep. Files are checked against it before anything
    /// is planned from them.
    public static let storableRange: ClosedRange<Date> =
        Date(timeIntervalSince1970: Double(LocalDate.earliest.dayNumber) * 86_400)
        ... Date(timeIntervalSince1970: Double(LocalDate.latest.dayNumber + 1) * 86_400 - 1)

    /// Whether this instant is in `storableRange` (NaN is not).
    public var isStorable: Bool { timeIntervalSince1970.isFinite && Date.storableRange.contains(self) }
}
