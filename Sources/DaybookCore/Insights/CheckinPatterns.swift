import Foundation

/// How many check-ins named a feeling at one hour of the day or on one weekday, as the database
/// counts them. Hours are local to where the check-in was made (0–23); weekdays are ISO (1–7).
public struct FeelingCount: Sendable, Hashable {
    public var feelingID: UUID
    public var slot: Int
    public var count: Int

    public init(feelingID: UUID, slot: Int, count: Int) {
        self.feelingID = feelingID
        self.slot = slot
        self.count = count
    }
}

/// Check-in patterns (seed 002): each feeling by hour of day and by weekday, the most logged
/// feelings first.
public struct CheckinPatterns: Sendable, Hashable {
    public struct Feeling: Sendable, Hashable {
        public var id: UUID
        /// 24 counts, midnight first.
        public var byHour: [Int]
        /// 7 counts in the user's week order (`weekdays`).
        public var byWeekday: [Int]
        public var total: Int { byHour.reduce(0, +) }
    }

    public var feelings: [Feeling]
    /// ISO weekdays in the order `byWeekday` uses.
    public var weekdays: [Int]
    /// All feelings together, by hour and by weekday.
    public var byHour: [Int]
    public var byWeekday: [Int]
    public var total: Int { byHour.reduce(0, +) }

    public init(byHour hours: [FeelingCount], byWeekday days: [FeelingCount], weekStart: Int) {
        let order = Weekdays.ordered(from: weekStart)
        var feelings: [UUID: Feeling] = [:]
        func feeling(_ id: UUID) -> Feeling {
            feelings[id]
                ?? Feeling(id: id, byHour: Array(repeating: 0, count: 24), byWeekday: Array(repeating: 0, count: 7))
        }
        for count in hours where (0..<24).contains(count.slot) {
            var f = feeling(count.feelingID)
            f.byHour[count.slot] += count.count
            feelings[count.feelingID] = f
        }
        for count in days {
            guard let position = order.firstIndex(of: count.slot) else { continue }
            var f = feeling(count.feelingID)
            f.byWeekday[position] += count.count
            feelings[count.feelingID] = f
        }
        let sorted = feelings.values.map { (feeling: $0, id: $0.id.lowercasedString) }
            .sorted { ($0.feeling.total, $1.id) > ($1.feeling.total, $0.id) }.map(\.feeling)
        self.weekdays = order
        self.feelings = sorted
        byHour = (0..<24).map { hour in sorted.reduce(0) { $0 + $1.byHour[hour] } }
        byWeekday = (0..<7).map { day in sorted.reduce(0) { $0 + $1.byWeekday[day] } }
    }
}
