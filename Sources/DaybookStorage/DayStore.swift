import DaybookCore
import Foundation

/// Day entries: one per user and date.
public protocol DayStore: Sendable {
    /// Inserts, or replaces the entry already kept for that date (seed 000 §4.3), keeping its
    /// creation time. Returns true when it replaced one.
    func upsert(_ entry: DayEntry) async throws -> Bool
    func entry(userID: UUID, date: LocalDate) async throws -> DayEntry?
    @discardableResult func delete(userID: UUID, date: LocalDate) async throws -> Bool
    /// Newest first, strictly before `before` when given.
    func entries(userID: UUID, before: LocalDate?, limit: Int) async throws -> [DayEntry]
    /// Oldest first, `from` and `to` included.
    func entries(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [DayEntry]
    /// The user's entries on any of `dates`, newest first ("on this day").
    func entries(userID: UUID, on dates: [LocalDate]) async throws -> [DayEntry]
}
