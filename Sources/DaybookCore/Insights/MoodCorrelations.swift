import Foundation

/// What a correlation is about: an activity, a feeling or a person.
public enum InsightTagKind: String, Sendable, Hashable, Codable, CaseIterable {
    case activity
    case feeling
    case person
}

/// The days a tag (activity, feeling, person) was on, as the database adds them up: a day "has" an
/// activity when its entry or one of its check-ins names it, a feeling or a person when one of its
/// check-ins does. Only days with a mood (a day entry) count.
public struct TagTally: Sendable, Hashable {
    public var id: UUID
    public var kind: InsightTagKind
    public var with: MoodTally

    public init(id: UUID, kind: InsightTagKind, with: MoodTally) {
        self.id = id
        self.kind = kind
        self.with = with
    }
}

/// What goes with mood (seed 002): for each tag, the average mood on days with it and without it.
/// Shown only with enough days on both sides to say anything (`minimumDays`), largest difference
/// first, the counts kept beside it so a reader can judge.
public struct MoodCorrelations: Sendable, Hashable {
    public static let minimumDays = 5

    public struct Row: Sendable, Hashable {
        public var id: UUID
        public var kind: InsightTagKind
        public var with: MoodTally
        public var without: MoodTally
        /// Average with minus average without: above 0, days with it were better.
        public var difference: Double
    }

    public var rows: [Row]
    /// Tags left out for too few days with or without them.
    public var hiddenCount: Int
    /// Every day in the range with a mood.
    public var allDays: MoodTally

    public init(allDays: MoodTally, tags: [TagTally]) {
        self.allDays = allDays
        var rows: [Row] = []
        for tag in tags {
            let without = allDays.removing(tag.with)
            guard tag.with.days >= Self.minimumDays, without.days >= Self.minimumDays,
                let withAverage = tag.with.average, let withoutAverage = without.average
            else { continue }
            rows.append(
                Row(
                    id: tag.id, kind: tag.kind, with: tag.with, without: without,
                    difference: withAverage - withoutAverage))
        }
        hiddenCount = tags.count - rows.count
        // Largest effect first; ties by more days with it, then by id so the order is stable (the
        // id's text made once per row, not per comparison).
        self.rows = rows.map { (row: $0, id: $0.id.lowercasedString) }
            .sorted {
                (abs($0.row.difference), $0.row.with.days, $1.id) > (abs($1.row.difference), $1.row.with.days, $0.id)
            }
            .map(\.row)
    }
}

/// Two activities on the same day, and on how many days.
public struct ActivityPair: Sendable, Hashable {
    public var first: UUID
    public var second: UUID
    public var days: Int

    public init(first: UUID, second: UUID, days: Int) {
        self.first = first
        self.second = second
        self.days = days
    }

    /// The most frequent pairs, each pair once, at least two days together.
    public static func top(_ pairs: [ActivityPair], limit: Int = 10) -> [ActivityPair] {
        var seen = Set<[UUID]>()
        return mostDaysFirst(pairs.filter { $0.days >= 2 && $0.first != $0.second })
            .filter {
                seen.insert([$0.first, $0.second].sorted { $0.lowercasedString < $1.lowercasedString }).inserted
            }
            .prefix(limit).map { $0 }
    }

    /// Most days first, then by the ids as text; each id's text is made once per pair, not per
    /// comparison (formatting ids in a comparator was 3-4 % of a ten-year request's CPU).
    public static func mostDaysFirst(_ pairs: [ActivityPair]) -> [ActivityPair] {
        pairs.map { (pair: $0, first: $0.first.lowercasedString, second: $0.second.lowercasedString) }
            .sorted { ($0.pair.days, $1.first, $1.second) > ($1.pair.days, $0.first, $0.second) }
            .map(\.pair)
    }
}
