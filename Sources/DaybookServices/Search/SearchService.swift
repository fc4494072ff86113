import DaybookCore
import DaybookStorage
import Foundation

/// A page of search results, best first.
public struct SearchPage: Sendable {
    public var hits: [SearchHit]
    /// Give this back for the next page; nil on the last.
    public var nextCursor: String?
}

/// Search over everything the user wrote (see `SearchStore`): words, filters, or both.
public struct SearchService: Sendable {
    let store: any DaybookStore
    /// Deep pages cost more and help nobody; a more precise query does.
    public static let maxOffset = 1_000

    public init(store: any DaybookStore) {
        self.store = store
    }

    /// `text` as typed, `filters` as parsed (`SearchFilters.parse`); `cursor` from the previous
    /// page. Field errors on `q` (neither words nor filters) and `cursor`.
    public func search(
        userID: UUID, text: String, filters: SearchFilters = SearchFilters(), cursor: String? = nil, limit: Int = 20
    ) async throws -> SearchPage {
        var errors = FieldErrors()
        let query = errors.check { try SearchQuery.parse(text, filters: filters, field: "q") }
        var offset = 0
        if let cursor, !cursor.isEmpty {
            if let value = Int(cursor), (0...Self.maxOffset).contains(value) {
                offset = value
            } else {
                errors.add(.invalidCursor)
            }
        }
        try errors.throwIfAny()
        // Typed, but not a word: nothing can match.
        guard let query = query ?? nil else { return SearchPage(hits: [], nextCursor: nil) }
        let limit = max(1, min(limit, 100))
        // One more than asked tells whether there is a next page.
        var hits = try await store.search.search(userID: userID, query: query, limit: limit + 1, offset: offset)
        let more = hits.count > limit && offset + limit < Self.maxOffset
        hits = Array(hits.prefix(limit))
        if query.terms.isEmpty {
            // Nothing to highlight: the opening words of each.
            for index in hits.indices { hits[index].snippet = SearchHighlight.opening(hits[index].snippet) }
        }
        return SearchPage(hits: hits, nextCursor: more ? String(offset + limit) : nil)
    }
}
