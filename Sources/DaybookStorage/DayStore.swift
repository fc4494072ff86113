import DaybookCore
import Foundation

/// What saving a day entry replaced (`DayStore.upsert`).
public struct ReplacedDay: Sendable, Hashable {
    /// The replaced entry's creation time, which the saved entry keeps.
    public var createdAt: Date
    /// The question the replaced entry answered; the saved entry keeps it unless it is empty.
    public var question: String
    /// The photo the replaced entry showed, for the caller to let go of if it changed.
    public var photoID: UUID?

    public init(createdAt: Date, question: String, photoID: UUID?) {
        self.createdAt = createdAt
        self.question = question
        self.photoID = photoID
    }
}

extension Song {
    /// The song of a stored day entry, kept in three nullable columns: none when all three are
    /// NULL, and an empty string for any one left out.
    public init?(storedTitle title: String?, artist: String?, link: String?) {
        guard title != nil || artist != nil || link != nil else { return nil }
        self.init(title: title ?? "", artist: artist ?? "", link: link ?? "")
    }
}

/// Day entries: one per user and date.
public protocol DayStore: Sendable {
    /// Inserts, or replaces the entry already kept for that date (seed 000 §4.3), keeping its
    /// creation time and, when it has one, its question (the one that was answered), so saving a
    /// day needs no read before it (one statement on PostgreSQL, one write on SQLite). Returns what
    /// it replaced, nil when the date had no entry.
    func upsert(_ entry: DayEntry) async throws -> ReplacedDay?
    func entry(userID: UUID, date: LocalDate) async throws -> DayEntry?
    @discardableResult func delete(userID: UUID, date: LocalDate) async throws -> Bool
    /// Newest first, strictly before `before` when given.
    func entries(userID: UUID, before: LocalDate?, limit: Int) async throws -> [DayEntry]
    /// The same entries as `entries(userID:before:limit:)`, read only for what a list shows.
    func teasers(userID: UUID, before: LocalDate?, limit: Int) async throws -> [DayTeaser]
    /// Oldest first, `from` and `to` included.
    func entries(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [DayEntry]
    /// The user's entries on any of `dates`, newest first ("on this day").
    func entries(userID: UUID, on dates: [LocalDate]) async throws -> [DayEntry]
}
