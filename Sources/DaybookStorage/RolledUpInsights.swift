import DaybookCore
import Foundation

/// What the long-range insights add up over a span of days (issue 16): days with a mood and
/// their sum, each tag's days, activity pairs, check-ins by feeling and hour or weekday, the days
/// with an entry and with a check-in (for the streaks). A
/// month's sums are kept as rows of `insight_rollups` (see `rows`); sums of spans add up.
public struct InsightSums: Sendable, Hashable {
    public var all = MoodTally()
    public var tags: [TagTally] = []
    public var pairs: [ActivityPair] = []
    public var byHour: [FeelingCount] = []
    public var byWeekday: [FeelingCount] = []
    /// Each month's days with a day entry; months without one are left out.
    public var entryDays: [MonthDays] = []
    /// Each month's days with at least one check-in.
    public var checkinDays: [MonthDays] = []

    public init(
        all: MoodTally = MoodTally(), tags: [TagTally] = [], pairs: [ActivityPair] = [],
        byHour: [FeelingCount] = [], byWeekday: [FeelingCount] = [], entryDays: [MonthDays] = [],
        checkinDays: [MonthDays] = []
    ) {
        self.all = all
        self.tags = tags
        self.pairs = pairs
        self.byHour = byHour
        self.byWeekday = byWeekday
        self.entryDays = entryDays
        self.checkinDays = checkinDays
    }

    /// The parts a reader needs; a rollup read fetches only these.
    public enum Part: String, Sendable, CaseIterable {
        case tags, pairs, feelings, days

        /// The `kind` values of `insight_rollups` rows that hold this part.
        public var kinds: [String] {
            switch self {
            case .tags: ["all"] + InsightTagKind.allCases.map(\.rawValue)
            case .pairs: ["pair"]
            case .feelings: ["hour", "weekday"]
            case .days: ["entry_days", "checkin_days"]
            }
        }
    }

    /// One `insight_rollups` row: `kind` says what it counts; `a` and `b` are ids (a tag's, a
    /// pair's, a feeling's) or a month (`YYYY-MM`, for the days), `slot` an hour, an ISO weekday or
    /// the days of that month as bits (see `MonthDays`). A year's rows keep its months' days apart.
    public struct Row: Sendable, Hashable {
        public var kind: String
        public var a: String
        public var b: String
        public var slot: Int
        public var days: Int
        public var moodSum: Int

        public init(kind: String, a: String = "", b: String = "", slot: Int = 0, days: Int, moodSum: Int = 0) {
            self.kind = kind
            self.a = a
            self.b = b
            self.slot = slot
            self.days = days
            self.moodSum = moodSum
        }
    }

    /// The rows that keep these sums. `all` is always there: it marks the month as rolled up.
    public var rows: [Row] {
        var rows = [Row(kind: "all", days: all.days, moodSum: all.moodSum)]
        rows += tags.map {
            Row(kind: $0.kind.rawValue, a: $0.id.lowercasedString, days: $0.with.days, moodSum: $0.with.moodSum)
        }
        rows += pairs.map {
            Row(kind: "pair", a: $0.first.lowercasedString, b: $0.second.lowercasedString, days: $0.days)
        }
        rows += byHour.map { Row(kind: "hour", a: $0.feelingID.lowercasedString, slot: $0.slot, days: $0.count) }
        rows += byWeekday.map { Row(kind: "weekday", a: $0.feelingID.lowercasedString, slot: $0.slot, days: $0.count) }
        for (kind, months) in [("entry_days", entryDays), ("checkin_days", checkinDays)] {
            rows += months.map {
                Row(kind: kind, a: $0.month.description, slot: $0.bits, days: $0.bits.nonzeroBitCount)
            }
        }
        return rows
    }

    /// Sums read back from rows (already added up over months by the database).
    public init(rows: [Row]) {
        for row in rows {
            let a = UUID(text: row.a)
            switch row.kind {
            case "all":
                all = all.adding(MoodTally(days: row.days, moodSum: row.moodSum))
            case "pair":
                if let a, let b = UUID(text: row.b) {
                    pairs.append(ActivityPair(first: a, second: b, days: row.days))
                }
            case "hour":
                if let a { byHour.append(FeelingCount(feelingID: a, slot: row.slot, count: row.days)) }
            case "weekday":
                if let a { byWeekday.append(FeelingCount(feelingID: a, slot: row.slot, count: row.days)) }
            case "entry_days":
                if let month = YearMonth(row.a) { entryDays.append(MonthDays(month: month, bits: row.slot)) }
            case "checkin_days":
                if let month = YearMonth(row.a) { checkinDays.append(MonthDays(month: month, bits: row.slot)) }
            default:
                if let a, let kind = InsightTagKind(rawValue: row.kind) {
                    tags.append(TagTally(id: a, kind: kind, with: MoodTally(days: row.days, moodSum: row.moodSum)))
                }
            }
        }
    }

    /// Two spans' sums as one: counts of the same thing add up (in the order first seen).
    public static func + (lhs: InsightSums, rhs: InsightSums) -> InsightSums {
        struct TagKey: Hashable {
            let id: UUID, kind: InsightTagKind
        }
        struct PairKey: Hashable {
            let first: UUID, second: UUID
        }
        struct SlotKey: Hashable {
            let feeling: UUID, slot: Int
        }
        return InsightSums(
            all: lhs.all.adding(rhs.all),
            tags: added(lhs.tags, rhs.tags, key: { TagKey(id: $0.id, kind: $0.kind) }) {
                $0.with = $0.with.adding($1.with)
            },
            pairs: added(lhs.pairs, rhs.pairs, key: { PairKey(first: $0.first, second: $0.second) }) {
                $0.days += $1.days
            },
            byHour: added(lhs.byHour, rhs.byHour, key: { SlotKey(feeling: $0.feelingID, slot: $0.slot) }) {
                $0.count += $1.count
            },
            byWeekday: added(lhs.byWeekday, rhs.byWeekday, key: { SlotKey(feeling: $0.feelingID, slot: $0.slot) }) {
                $0.count += $1.count
            },
            entryDays: added(lhs.entryDays, rhs.entryDays, key: \.month) { $0.bits |= $1.bits },
            checkinDays: added(lhs.checkinDays, rhs.checkinDays, key: \.month) { $0.bits |= $1.bits })
    }

    /// The elements of both, those with the same key merged into the first of them.
    private static func added<T, Key: Hashable>(
        _ lhs: [T], _ rhs: [T], key: (T) -> Key, merge: (inout T, T) -> Void
    ) -> [T] {
        var result: [T] = []
        result.reserveCapacity(lhs.count + rhs.count)
        var index: [Key: Int] = [:]
        index.reserveCapacity(lhs.count + rhs.count)
        for element in lhs + rhs {
            let k = key(element)
            if let at = index[k] {
                merge(&result[at], element)
            } else {
                index[k] = result.count
                result.append(element)
            }
        }
        return result
    }
}

/// The insights that read long ranges (what goes with mood, activity pairs, check-in patterns,
/// the streaks over all history), made from rollups (issue 16): a range's whole months come from
/// one `insight_rollups` period (`DateSpan.periodSplit`: a month, a year or a run of months), the
/// partial months at its ends from the rows themselves. A store gives the raw sums of a span and
/// keeps the rollups; its triggers forget a month's rollup, its year's and those of the runs
/// around it when a day entry or check-in of that month changes, and `rollUp` computes missing
/// ones so that no write can slip between the reading and the keeping (SQLite: in the write
/// transaction; PostgreSQL: under the user's advisory lock, which the triggers take shared). A year
/// is the sum of its months, a run the sum of the years inside it and the months outside them.
/// The rollups are a cache: dropping them loses nothing, and `copy-data` does not copy them.
public protocol RolledUpInsights: InsightStore {
    /// The sums of `parts` over a span, read from the rows (every pair, no limit).
    func rawSums(userID: UUID, span: DateSpan, parts: Set<InsightSums.Part>) async throws -> InsightSums
    /// Computes and keeps the rollups of `periods` (those found missing).
    func rollUp(userID: UUID, periods: [InsightPeriod]) async throws
    /// The kept rollups of `parts` over `periods` plus the sums of the rows over `edges`, and the
    /// keys of the periods that are kept, in one read (usually all are: then the sums are the
    /// answer; on PostgreSQL one statement, where rollups and ends were seven round trips).
    func rolledUp(userID: UUID, periods: [InsightPeriod], edges: [DateSpan], parts: Set<InsightSums.Part>)
        async throws -> (sums: InsightSums, kept: Set<String>)
    /// The first and the last date with a day entry or a check-in; nil with neither.
    func dataSpan(userID: UUID) async throws -> DateSpan?
}

extension RolledUpInsights {
    /// The sums of `parts` from `from` to `to`: the whole months from their rollup, the ends
    /// from the rows.
    public func sums(userID: UUID, from: LocalDate, to: LocalDate, parts: Set<InsightSums.Part>) async throws
        -> InsightSums
    {
        guard let span = DateSpan(from: from, to: to) else { return InsightSums() }
        let split = span.periodSplit
        let periods = split.period.map { [$0] } ?? []
        let first = try await rolledUp(userID: userID, periods: periods, edges: split.edges, parts: parts)
        let missing = periods.filter { !first.kept.contains($0.key) }
        if missing.isEmpty { return first.sums }
        try await rollUp(userID: userID, periods: missing)
        let second = try await rolledUp(userID: userID, periods: periods, edges: split.edges, parts: parts)
        // A write between the keeping and this read forgets a period again: those are summed
        // from their rows, so the answer is never short of a period.
        var sums = second.sums
        for period in periods where !second.kept.contains(period.key) {
            sums = sums + (try await rawSums(userID: userID, span: period.span, parts: parts))
        }
        return sums
    }

    public func moodCompanions(userID: UUID, from: LocalDate, to: LocalDate, pairLimit: Int) async throws
        -> MoodCompanions
    {
        let sums = try await sums(userID: userID, from: from, to: to, parts: [.tags, .pairs])
        // In the order both databases gave before.
        let pairs = ActivityPair.mostDaysFirst(sums.pairs)
        return MoodCompanions(all: sums.all, tags: sums.tags, pairs: Array(pairs.prefix(max(0, pairLimit))))
    }

    /// The runs of days with an entry and with a check-in, from each month's days: ten years are
    /// about 130 rollup rows, where the dates themselves were 3,650 entries and 73,000 check-ins.
    public func dayRuns(userID: UUID) async throws -> (entries: [DateRun], checkins: [DateRun]) {
        guard let span = try await dataSpan(userID: userID) else { return ([], []) }
        let sums = try await sums(userID: userID, from: span.from, to: span.to, parts: [.days])
        return (DateRun.runs(of: sums.entryDays), DateRun.runs(of: sums.checkinDays))
    }

    public func feelingCounts(userID: UUID, from: LocalDate, to: LocalDate) async throws
        -> (byHour: [FeelingCount], byWeekday: [FeelingCount])
    {
        let sums = try await sums(userID: userID, from: from, to: to, parts: [.feelings])
        return (sums.byHour, sums.byWeekday)
    }
}
