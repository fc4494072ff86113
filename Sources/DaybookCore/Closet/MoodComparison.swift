/// ★ What you wear and how you feel: the average mood on days something was worn against the days
/// it was not, from the day entries. Shown only with enough worn days to mean anything.
public struct MoodComparison: Sendable, Hashable {
    /// Worn days needed before a comparison is shown.
    public static let minimumWornDays = 5

    /// Days with a day entry on which it was worn.
    public var wornDays: Int
    public var wornAverage: Double
    /// Days with a day entry on which it was not worn.
    public var otherDays: Int
    /// nil when every day with an entry was a worn day.
    public var otherAverage: Double?

    /// Worn minus not worn, in mood points; nil without other days.
    public var difference: Double? { otherAverage.map { wornAverage - $0 } }

    /// The comparison of day moods (1–5) split by whether it was worn that day, or nil with fewer
    /// than `minimumWornDays` worn days.
    public init?(days: [(mood: Int, worn: Bool)]) {
        let worn = days.filter(\.worn).map(\.mood)
        let other = days.filter { !$0.worn }.map(\.mood)
        guard worn.count >= Self.minimumWornDays else { return nil }
        wornDays = worn.count
        wornAverage = Double(worn.reduce(0, +)) / Double(worn.count)
        otherDays = other.count
        otherAverage = other.isEmpty ? nil : Double(other.reduce(0, +)) / Double(other.count)
    }
}
