import DaybookCore
import DaybookStorage
import Foundation
import Logging
import PostgresNIO

/// Search on PostgreSQL: `tsvector` columns made from the same words SQLite indexes (migrations 4
/// and 14; written by the rows' own statements since migration 27, `SearchText`), each with a GIN
/// index leading with `user_id` (`btree_gin`), so a search reads only the user's own postings;
/// ranked with `ts_rank`. The matches are ranked by their vectors alone and only the page's rows
/// are read again for their text (`SearchText.ofPage`); snippets are cut from it by
/// `SearchSnippet`, as on SQLite.
///
/// Words and no filter, the common search, is a prepared statement (`SearchWordsEverywhere`):
/// planning the general statement took 3.5 ms per request, more than running it. Any other query is
/// one statement too: each kind is a branch of a `UNION ALL` that is switched off by a parameter
/// when a filter rules the kind out, and each filter is a parameter that is NULL when not given.
/// Unnamed statements are planned with their parameters' values, so a switched-off branch or an
/// absent filter costs nothing (a prepared one could be run with a generic plan that reads past them).
struct PostgresSearchStore: SearchStore {
    let client: PostgresClient
    let logger: Logger

    func search(userID: UUID, query: SearchQuery, limit: Int, offset: Int) async throws -> [SearchHit] {
        let filters = query.filters
        let words = !query.terms.isEmpty
        let snippets = words ? SearchSnippet(terms: query.terms) : nil
        if words && filters.isEmpty {
            return try await client.rows(
                SearchWordsEverywhere.self, userID, query.tsqueryExpression, limit, offset, logger: logger
            ).compactMap { try Self.hit($0, snippets: snippets) }
        }
        let expression = words ? query.tsqueryExpression : ""
        let tag = filters.tag
        let mood = filters.mood?.rawValue
        let from = filters.from.map(PGDate.init)
        let to = filters.to.map(PGDate.init)
        let photos = filters.hasPhotos
        return try await client.rows(
            """
            WITH q AS (SELECT \(words) AS words, CASE WHEN \(words) THEN to_tsquery('simple'::regconfig, \(expression))
                END AS q),
            hits AS (SELECT * FROM (
                SELECT 'day' AS kind, NULL::uuid AS id, e.date, '' AS title,
                    CASE WHEN q.words THEN ts_rank(e.search, q.q) ELSE 0 END AS score, e.ctid AS row
                FROM day_entries e, q
                WHERE \(filters.admits(.day)) AND e.user_id = \(userID) AND (NOT q.words OR e.search @@ q.q)
                    AND (\(mood)::int IS NULL OR e.mood = \(mood))
                    AND (\(from)::date IS NULL OR e.date >= \(from)) AND (\(to)::date IS NULL OR e.date <= \(to))
                    AND (\(photos)::boolean IS NULL OR (e.photo_id IS NOT NULL) = \(photos))
                UNION ALL
                SELECT 'checkin', c.id, c.local_date, '', CASE WHEN q.words THEN ts_rank(c.search, q.q) ELSE 0 END, c.ctid
                FROM checkins c, q
                WHERE \(filters.admits(.checkin)) AND c.user_id = \(userID) AND (NOT q.words OR c.search @@ q.q)
                    AND (\(mood)::int IS NULL OR EXISTS (SELECT 1 FROM day_entries e
                        WHERE e.user_id = c.user_id AND e.date = c.local_date AND e.mood = \(mood)))
                    AND (\(from)::date IS NULL OR c.local_date >= \(from))
                    AND (\(to)::date IS NULL OR c.local_date <= \(to))
                UNION ALL
                SELECT 'journal', j.id, j.entry_date, j.title, CASE WHEN q.words THEN ts_rank(j.search, q.q) ELSE 0 END,
                    j.ctid
                FROM journal_entries j, q
                WHERE \(filters.admits(.journal)) AND j.user_id = \(userID) AND (NOT q.words OR j.search @@ q.q)
                    AND (\(tag)::text IS NULL OR j.tags @> ARRAY[\(tag)::text])
                    AND (\(mood)::int IS NULL OR EXISTS (SELECT 1 FROM day_entries e
                        WHERE e.user_id = j.user_id AND e.date = j.entry_date AND e.mood = \(mood)))
                    AND (\(from)::date IS NULL OR j.entry_date >= \(from))
                    AND (\(to)::date IS NULL OR j.entry_date <= \(to))
                    AND (\(photos)::boolean IS NULL OR EXISTS (SELECT 1 FROM journal_photos p
                        WHERE p.user_id = j.user_id AND p.entry_id = j.id) = \(photos))
                UNION ALL
                SELECT 'item', i.id, (i.created_at AT TIME ZONE 'UTC')::date, i.name,
                    CASE WHEN q.words THEN ts_rank(i.search, q.q) ELSE 0 END, i.ctid
                FROM closet_items i, q
                WHERE \(filters.admits(.item)) AND i.user_id = \(userID) AND (NOT q.words OR i.search @@ q.q)
                    AND (\(tag)::text IS NULL OR i.tags @> ARRAY[\(tag)::text])
                    AND (\(from)::date IS NULL OR (i.created_at AT TIME ZONE 'UTC')::date >= \(from))
                    AND (\(to)::date IS NULL OR (i.created_at AT TIME ZONE 'UTC')::date <= \(to))
                    AND (\(photos)::boolean IS NULL OR (i.photo_id IS NOT NULL) = \(photos))
                ) every_kind
                ORDER BY score DESC, date DESC, kind COLLATE "C", id
                LIMIT \(limit) OFFSET \(offset)
            )
            SELECT hits.kind, hits.id, hits.date, hits.title, hits.score::float8 AS score,
                CASE WHEN q.words THEN \(unescaped: SearchText.ofPage) ELSE left(\(unescaped: SearchText.ofPage), 300) END
                    AS text
            FROM hits, q
            ORDER BY hits.score DESC, hits.date DESC, hits.kind COLLATE "C", hits.id
            """, logger: logger
        ).compactMap { try Self.hit($0, snippets: snippets) }
    }

    /// A row of either statement: kind, id, date, title, score, text; the snippet is cut from the
    /// text by `snippets`, or is the text's opening when the search had no words.
    static func hit(_ row: PostgresRandomAccessRow, snippets: SearchSnippet?) throws -> SearchHit? {
        let kindText: String = try row.value("kind")
        guard let kind = SearchKind(rawValue: kindText) else { return nil }
        let text: String = try row.value("text")
        return SearchHit(
            kind: kind, date: try row.localDate("date"), id: try row.value("id"), title: try row.value("title"),
            snippet: snippets?.cut(text) ?? text, rank: try row.value("score"))
    }
}

/// A search by words (`$2`, a `to_tsquery` expression) over every kind of user `$1`'s records, with
/// no filter: the ranked hits `$4` onwards, at most `$3`, with their text. The same branches as the
/// general statement, without its switches.
enum SearchWordsEverywhere: PreparedSQL {
    static let sql = """
        WITH q AS (SELECT to_tsquery('simple'::regconfig, $2) AS q),
        hits AS (SELECT * FROM (
            SELECT 'day' AS kind, NULL::uuid AS id, e.date, '' AS title, ts_rank(e.search, q.q) AS score, e.ctid AS row
            FROM day_entries e, q WHERE e.user_id = $1 AND e.search @@ q.q
            UNION ALL
            SELECT 'checkin', c.id, c.local_date, '', ts_rank(c.search, q.q), c.ctid
            FROM checkins c, q WHERE c.user_id = $1 AND c.search @@ q.q
            UNION ALL
            SELECT 'journal', j.id, j.entry_date, j.title, ts_rank(j.search, q.q), j.ctid
            FROM journal_entries j, q WHERE j.user_id = $1 AND j.search @@ q.q
            UNION ALL
            SELECT 'item', i.id, (i.created_at AT TIME ZONE 'UTC')::date, i.name, ts_rank(i.search, q.q), i.ctid
            FROM closet_items i, q WHERE i.user_id = $1 AND i.search @@ q.q
            ) every_kind
            ORDER BY score DESC, date DESC, kind COLLATE "C", id
            LIMIT $3 OFFSET $4
        )
        SELECT hits.kind, hits.id, hits.date, hits.title, hits.score::float8 AS score, \(SearchText.ofPage) AS text
        FROM hits
        ORDER BY hits.score DESC, hits.date DESC, hits.kind COLLATE "C", hits.id
        """
}

/// What each kind of record is shown by in a hit (the snippet is cut from it, as its search vector
/// is made from it): one text for both statements, so that a search with a filter and one without
/// show the same snippets.
///
/// Each row's search vector is `vector` of its text, written by the statements that write the row
/// (migration 27; `PostgresSearchVectorTests` holds every write to it).
enum SearchText {
    static let day = "daybook_day_text(e.note, e.thoughts, e.gratitude, e.answer, e.song_title, e.song_artist)"
    static let journal = "daybook_journal_text(j.title, j.body, j.tags, j.location)"
    static let item = "daybook_item_text(i.name, i.brand, i.notes, i.tags)"

    /// The search vector of `text` (an SQL expression), as stored.
    static func vector(_ text: String) -> String { "to_tsvector('simple'::regconfig, \(text))" }

    /// The text of a row of the page `hits`, read again by the address (`ctid`) its match was
    /// found at. Computed in the matches' select, the text was made for every match before the
    /// sort kept a page of them: a quarter of the statement for 400 matches (0.44 → 0.35 ms in
    /// `pgbench`). An address holds within the statement that read it: the row version found
    /// there is the one its snapshot sees, even if the row is changed meanwhile.
    static let ofPage = """
        CASE hits.kind
            WHEN 'day' THEN (SELECT \(day) FROM day_entries e WHERE e.ctid = hits.row)
            WHEN 'checkin' THEN (SELECT c.note FROM checkins c WHERE c.ctid = hits.row)
            WHEN 'journal' THEN (SELECT \(journal) FROM journal_entries j WHERE j.ctid = hits.row)
            ELSE (SELECT \(item) FROM closet_items i WHERE i.ctid = hits.row) END
        """
}
