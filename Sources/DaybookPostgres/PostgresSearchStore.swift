import DaybookCore
import DaybookStorage
import Foundation
import Logging
import PostgresNIO

/// Search on PostgreSQL: `tsvector` columns generated from the same words SQLite indexes (see
/// migration 4), each with a GIN index; ranked with `ts_rank`, snippets from `ts_headline` marked
/// with `SearchHighlight`'s characters. Snippets are made only for the page asked for.
///
/// The GIN indexes lead with `user_id` (`btree_gin`), so a search reads only the user's own
/// postings, whatever the others wrote.
struct PostgresSearchStore: SearchStore {
    let client: PostgresClient
    let logger: Logger

    func search(userID: UUID, query: SearchQuery, limit: Int, offset: Int) async throws -> [SearchHit] {
        let expression = query.tsqueryExpression
        return try await client.rows(
            """
            WITH q AS (SELECT to_tsquery('simple'::regconfig, \(expression)) AS q),
            hits AS (
                SELECT 'day' AS kind, NULL::uuid AS checkin_id, e.date, ts_rank(e.search, q.q) AS score,
                    daybook_day_text(e.note, e.thoughts, e.gratitude, e.answer, e.song_title, e.song_artist) AS body
                FROM day_entries e, q WHERE e.user_id = \(userID) AND e.search @@ q.q
                UNION ALL
                SELECT 'checkin', c.id, c.local_date, ts_rank(c.search, q.q), c.note
                FROM checkins c, q WHERE c.user_id = \(userID) AND c.search @@ q.q
                ORDER BY score DESC, date DESC, kind, checkin_id
                LIMIT \(limit) OFFSET \(offset)
            )
            SELECT hits.kind, hits.checkin_id, hits.date, hits.score::float8 AS score,
                ts_headline('simple'::regconfig, hits.body, q.q,
                    'StartSel=' || chr(57344) || ', StopSel=' || chr(57345) || ', MaxWords=16, MinWords=6, ShortWord=0')
                    AS snippet
            FROM hits, q
            ORDER BY hits.score DESC, hits.date DESC, hits.kind, hits.checkin_id
            """, logger: logger
        ).compactMap { row -> SearchHit? in
            let kindText: String = try row.value("kind")
            guard let kind = SearchHit.Kind(rawValue: kindText) else { return nil }
            return SearchHit(
                kind: kind, date: try row.localDate("date"), checkinID: try row.value("checkin_id"),
                snippet: try row.value("snippet"), rank: try row.value("score"))
        }
    }
}
