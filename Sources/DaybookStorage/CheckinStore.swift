import DaybookCore
import Foundation

/// Check-ins: many a day.
public protocol CheckinStore: Sendable {
    func insert(_ checkin: Checkin) async throws
    func checkin(id: UUID, userID: UUID) async throws -> Checkin?
    @discardableResult func update(_ checkin: Checkin) async throws -> Bool
    @discardableResult func delete(id: UUID, userID: UUID) async throws -> Bool
    /// Newest first by time, then id; local dates `from`…`to` included when given; strictly after
    /// the cursor (in that order) when given.
    func checkins(userID: UUID, from: LocalDate?, to: LocalDate?, after cursor: CheckinCursor?, limit: Int)
        async throws -> [Checkin]
    /// Number of check-ins on each local date in the range.
    /// The user's check-ins on any of `dates` (local dates), newest first ("on this day").
    func checkins(userID: UUID, on dates: [LocalDate]) async throws -> [Checkin]
    func countsByDate(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [LocalDate: Int]
}

/// Where a page of check-ins ended: the last one's time and id.
public struct CheckinCursor: Sendable, Hashable {
    public var at: Date
    public var id: UUID

    public init(at: Date, id: UUID) {
        self.at = at
        self.id = id
    }

    public init(after checkin: Checkin) { self.init(at: checkin.at, id: checkin.id) }

    /// Opaque text form for URLs, `PageCursor`'s: microseconds since 1970, a dot, the id.
    public var token: String { PageCursor(createdAt: at, id: id).token }

    public init?(token: String) {
        guard let page = PageCursor(token: token) else { return nil }
        self.init(at: page.createdAt, id: page.id)
    }
}
