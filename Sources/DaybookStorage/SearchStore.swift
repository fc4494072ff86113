import DaybookCore
import Foundation

/// One thing search found: a day entry (by date) or a check-in (by id, on its local date).
public struct SearchHit: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case day
        case checkin
    }

    public var kind: Kind
    public var date: LocalDate
    /// The check-in's id; nil for a day entry.
    public var checkinID: UUID?
    /// A few words around the matches, each match between `SearchHighlight.start` and `.end`.
    public var snippet: String
    /// Higher is better. Comparable only within one answer of one database.
    public var rank: Double

    public init(kind: Kind, date: LocalDate, checkinID: UUID? = nil, snippet: String, rank: Double) {
        self.kind = kind
        self.date = date
        self.checkinID = checkinID
        self.snippet = snippet
        self.rank = rank
    }
}

/// Full-text search over one user's words: a day entry's note, thoughts, gratitude, answer and
/// song; a check-in's note. SQLite answers with FTS5, PostgreSQL with a `tsvector` and a GIN
/// index; both tokenize without stemming, so the same query finds the same things (held to one
/// conformance suite). The index is kept by the database itself (triggers, generated columns), so
/// every way of writing (the services, `copy-data`, a cascade) keeps it right.
public protocol SearchStore: Sendable {
    /// The user's matches, best first (then newest date first); `offset` skips that many.
    func search(userID: UUID, query: SearchQuery, limit: Int, offset: Int) async throws -> [SearchHit]
}
