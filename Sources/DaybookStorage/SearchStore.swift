import DaybookCore
import Foundation

/// One thing search found: a day entry (by date), a check-in, a journal entry or a closet item (by
/// id), with the date it is about.
public struct SearchHit: Sendable, Hashable {
    public typealias Kind = SearchKind

    public var kind: Kind
    /// The day it is about: a day's date, a check-in's local date, a journal entry's date, the day a
    /// closet item was added (UTC).
    public var date: LocalDate
    /// The check-in's, entry's or item's id; nil for a day entry.
    public var id: UUID?
    /// A journal entry's title or a closet item's name; empty for days and check-ins.
    public var title: String
    /// A few words around the matches, each match between `SearchHighlight.start` and `.end`;
    /// the first 300 characters of the text when the search had no words (the service shortens
    /// them, `SearchHighlight.opening`).
    public var snippet: String
    /// Higher is better. Comparable only within one answer of one database.
    public var rank: Double

    public init(kind: Kind, date: LocalDate, id: UUID? = nil, title: String = "", snippet: String, rank: Double) {
        self.kind = kind
        self.date = date
        self.id = id
        self.title = title
        self.snippet = snippet
        self.rank = rank
    }
}

/// Full-text search over one user's words: a day entry's note, thoughts, gratitude, answer and
/// song; a check-in's note; a journal entry's title, body, tags and place; a closet item's name,
/// brand, notes and tags. SQLite answers with FTS5, PostgreSQL with a `tsvector` and a GIN
/// index; both tokenize without stemming, so the same query finds the same things (held to one
/// conformance suite). The index is kept where every write passes, so every way of writing (the
/// services, `copy-data`, a cascade) keeps it right: on SQLite by triggers and the commit
/// (`SQLiteSearchIndex`), on PostgreSQL by each statement that writes a row (`SearchText.vector`).
public protocol SearchStore: Sendable {
    /// The user's matches passing `query.filters`, best first (then newest date first), or newest
    /// first when `query` has no words; `offset` skips that many. Only the user's own rows, by a
    /// `user_id` condition in the SQL.
    func search(userID: UUID, query: SearchQuery, limit: Int, offset: Int) async throws -> [SearchHit]
}
