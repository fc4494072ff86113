import DaybookCore
import DaybookStorage
import Foundation
import GRDB

/// Search on SQLite over `search_docs` and the FTS5 `search_index` (see `SQLiteSearchSchema`).
///
/// The owner is asked twice: `d.user_id = ?` is the rule (only the user's rows, whatever the
/// `MATCH` string says), and the owner's mark on each word of the `MATCH` string is the speed:
/// words are indexed with their owner's number (`SQLiteSearchSchema.ownedWords`), so FTS5 reads
/// only the user's own terms and postings and a search costs the user's own matches.
struct SQLiteSearchStore: SearchStore {
    let database: SQLiteDatabase

    func search(userID: UUID, query: SearchQuery, limit: Int, offset: Int) async throws -> [SearchHit] {
        guard let (sql, arguments) = Self.statement(userID: userID, query: query, limit: limit, offset: offset)
        else { return [] }
        let words = !query.terms.isEmpty
        // Read in place as the statement steps (`Row.all`); hits without a known kind or a date
        // (neither can be written) are left out.
        let found = try database.read { db in
            try Row.all(db.cachedStatement(sql: sql), arguments: arguments) { row -> Ranked? in
                guard let kind = SearchKind(rawValue: row.text(0)), let date = row.withText(2, LocalDate.init(utf8:)) ?? nil
                else { return nil }
                let hit = SearchHit(
                    kind: kind, date: date, id: kind == .day ? nil : row.optionalUUID(1), title: row.text(5),
                    snippet: row.withText(3) { SQLiteSearchSchema.unmarked($0, characters: words ? nil : Self.lead) }
                        ?? "",
                    rank: -(row.optionalDouble(4) ?? 0))
                return Ranked(hit: hit, ref: row.text(1))
            }
        }
        // Snippets are cut once the connection is given back.
        let snippets = words ? SearchSnippet(terms: query.terms) : nil
        return found.compactMap { $0 }.sorted(by: Ranked.precedes).map { ranked in
            var hit = ranked.hit
            if let snippets { hit.snippet = snippets.cut(hit.snippet) }
            return hit
        }
    }

    /// A hit and the record it names (`search_docs.ref`), in the statement's order: best rank
    /// first, then the later day, then kind and record. The statement's page is sorted by it, and
    /// the page is sorted again here (see `statement`).
    private struct Ranked {
        var hit: SearchHit
        var ref: String

        static func precedes(_ left: Ranked, _ right: Ranked) -> Bool {
            if left.hit.rank != right.hit.rank { return left.hit.rank > right.hit.rank }
            if left.hit.date != right.hit.date { return left.hit.date > right.hit.date }
            if left.hit.kind != right.hit.kind { return left.hit.kind.rawValue < right.hit.kind.rawValue }
            return left.ref < right.ref
        }
    }

    /// The page's statement and its arguments; nil when the filters admit no kind.
    ///
    /// With words, the matches are the outer loop (`CROSS JOIN` fixes SQLite's join order). Left to
    /// its estimates, SQLite picks that order for this statement's bound values, but given the same
    /// statement with a literal date filter it walked the user's documents by date and ran the
    /// `MATCH` once per document: 64 s for an account of 250,000 documents instead of 2 ms.
    static func statement(userID: UUID, query: SearchQuery, limit: Int, offset: Int)
        -> (sql: String, arguments: StatementArguments)?
    {
        let user = Stored.id(userID)
        let words = !query.terms.isEmpty
        // Each word after the user's mark, which SQLite puts in its place.
        let expression = words ? query.fts5Expression(eachWordAfter: String(SQLiteSearchSchema.markPlaceholder)) : ""
        if words && query.filters.isEmpty {
            return (wordsEverywhere, [expression, user, user, limit, offset])
        }
        let kinds = SearchKind.allCases.filter(query.filters.admits)
        guard !kinds.isEmpty else { return nil }
        var conditions = ["d.user_id = ?"]
        if kinds.count < SearchKind.allCases.count {  // a kind filter; without one, every match is a kind
            conditions.append("d.kind IN (\(kinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")))")
        }
        var arguments: [any DatabaseValueConvertible] = [user]
        if words {
            conditions.insert(matchesWords, at: 0)
            arguments.insert(contentsOf: [expression, user] as [any DatabaseValueConvertible], at: 0)
        }
        Self.filter(query.filters, into: &conditions, &arguments)
        arguments += [limit, offset]
        return (sql(words: words, conditions: conditions), StatementArguments(arguments))
    }

    /// How many characters of each hit's text a search without words shows.
    private static let lead = 300

    /// The condition that a document has the words (the expression and the user, `?` and `?`).
    private static let matchesWords = "search_index MATCH \(SQLiteSearchSchema.ownedQuery)"

    /// The commonest search, words and no filter, written once: building its text (and the
    /// conditions it is built from) for every search was 1.4 % of one.
    private static let wordsEverywhere = sql(words: true, conditions: [matchesWords, "d.user_id = ?"])

    /// The statement for documents `d` that meet `conditions`, a page of them (`LIMIT ? OFFSET ?`).
    private static func sql(words: Bool, conditions: [String]) -> String {
        // bm25 is lower for better matches; lazy_bm25 (the SQLiteSearchRank target) is bm25 given
        // each match's length from search_docs instead of reading FTS5's own copy.
        // The page is ranked first and only its rows are read further (their text and title):
        // SQLite computes the whole select list of every match before sorting. The page is a
        // subquery, not a `MATERIALIZED` CTE: SQLite runs it as a co-routine, where the CTE cost
        // 90 µs more for 400 matches. Its rows' text is read from FTS5's content table
        // (`SQLiteSearchSchema.content`) by key, and the outer select has no ORDER BY: a lookup
        // through the FTS5 table and a second sort (a temporary b-tree for 21 rows) were 16 of a
        // 225 µs statement. SQL does not promise the subquery's order to the outer select, so
        // `search` sorts the page again (`Ranked`).
        let score = words ? "lazy_bm25(search_index, 1.0, d.length)" : "0.0"
        // The body with its owner mark, unmarked as it is read (`SQLiteSearchSchema.unmarked`).
        let body = "content.\(SQLiteSearchSchema.contentBody)"
        let documents = words ? "search_index CROSS JOIN search_docs d ON d.id = search_index.rowid" : "search_docs d"
        return """
            SELECT page.kind, page.ref, page.date,
                \(words ? body : "substr(\(body), 1, \(lead + SQLiteSearchSchema.longestMark))"), page.score,
                CASE page.kind
                    WHEN 'journal' THEN (SELECT title FROM journal_entries WHERE id = page.ref)
                    WHEN 'item' THEN (SELECT name FROM closet_items WHERE user_id = page.user_id AND id = page.ref)
                    ELSE '' END
            FROM (
                SELECT d.id, d.kind, d.ref, d.date, d.user_id, \(score) AS score
                FROM \(documents)
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY score, d.date DESC, d.kind, d.ref
                LIMIT ? OFFSET ?) AS page
            CROSS JOIN \(SQLiteSearchSchema.content) content ON content.id = page.id
            """
    }

    /// The filters as conditions on `search_docs d`, each kind answering from its own table.
    private static func filter(
        _ filters: SearchFilters, into conditions: inout [String], _ arguments: inout [any DatabaseValueConvertible]
    ) {
        if let tag = filters.tag {
            conditions.append(
                """
                CASE d.kind
                    WHEN 'journal' THEN EXISTS (SELECT 1 FROM journal_entries j, json_each(j.tags) t
                        WHERE j.id = d.ref AND t.value = ?)
                    ELSE EXISTS (SELECT 1 FROM closet_items i, json_each(i.tags) t
                        WHERE i.user_id = d.user_id AND i.id = d.ref AND t.value = ?) END
                """)
            arguments += [tag, tag]
        }
        if let mood = filters.mood {
            conditions.append(
                "EXISTS (SELECT 1 FROM day_entries e WHERE e.user_id = d.user_id AND e.date = d.date AND e.mood = ?)"
            )
            arguments.append(mood.rawValue)
        }
        if let from = filters.from {
            conditions.append("d.date >= ?")
            arguments.append(from.description)
        }
        if let to = filters.to {
            conditions.append("d.date <= ?")
            arguments.append(to.description)
        }
        if let hasPhotos = filters.hasPhotos {
            conditions.append(
                """
                CASE d.kind
                    WHEN 'day' THEN EXISTS (SELECT 1 FROM day_entries e
                        WHERE e.user_id = d.user_id AND e.date = d.ref AND e.photo_id IS NOT NULL)
                    WHEN 'journal' THEN EXISTS (SELECT 1 FROM journal_photos p WHERE p.entry_id = d.ref)
                    WHEN 'item' THEN EXISTS (SELECT 1 FROM closet_items i
                        WHERE i.user_id = d.user_id AND i.id = d.ref AND i.photo_id IS NOT NULL)
                    ELSE 0 END = ?
                """)
            arguments.append(hasPhotos)
        }
    }
}
