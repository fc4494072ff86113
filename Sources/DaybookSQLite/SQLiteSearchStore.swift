import DaybookCore
import DaybookStorage
import Foundation
import GRDB

/// Search on SQLite over `search_docs` and the FTS5 `search_index` (see `SQLiteSearchSchema`).
///
/// The owner is asked twice: `d.user_id = ?` is the rule (only the user's rows, whatever the
/// `MATCH` string says), and the owner token inside `MATCH` is the speed (FTS5 intersects the
/// user's posting list with the terms', so a search costs the user's own matches).
struct SQLiteSearchStore: SearchStore {
    let database: SQLiteDatabase

    func search(userID: UUID, query: SearchQuery, limit: Int, offset: Int) async throws -> [SearchHit] {
        let kinds = SearchKind.allCases.filter(query.filters.admits)
        guard !kinds.isEmpty else { return [] }
        let user = Stored.id(userID)
        var conditions = ["d.user_id = ?", "d.kind IN (\(kinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")))"]
        var arguments: [any DatabaseValueConvertible] = [user]
        let words = !query.terms.isEmpty
        if words {
            let owner = "u" + user.replacingOccurrences(of: "-", with: "")
            conditions.insert("search_index MATCH ?", at: 0)
            arguments.insert("owner:\"\(owner)\" AND body:(\(query.fts5Expression))", at: 0)
        }
        Self.filter(query.filters, into: &conditions, &arguments)
        // bm25 is lower for better matches; the owner column weighs nothing, and lazy_bm25 (the
        // SQLiteSearchRank target) is bm25 without counting the owner's rows, which it never uses.
        let sql = """
            SELECT d.kind, d.ref, d.date,
                \(words ? "snippet(search_index, 1, char(57344), char(57345), '…', 16)" : "substr(search_index.body, 1, 300)"),
                \(words ? "lazy_bm25(search_index, 0.0, 1.0)" : "0.0") AS score,
                CASE d.kind
                    WHEN 'journal' THEN (SELECT title FROM journal_entries WHERE id = d.ref)
                    WHEN 'item' THEN (SELECT name FROM closet_items WHERE user_id = d.user_id AND id = d.ref)
                    ELSE '' END
            FROM search_docs d JOIN search_index ON search_index.rowid = d.id
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY score, d.date DESC, d.kind, d.ref
            LIMIT ? OFFSET ?
            """
        arguments += [limit, offset]
        return try database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments))
                .compactMap { row -> SearchHit? in
                    guard let kind = SearchKind(rawValue: row[0]), let date = LocalDate(row[2] as String) else {
                        return nil
                    }
                    let snippet: String = row[3]
                    return SearchHit(
                        kind: kind, date: date, id: kind == .day ? nil : UUID(uuidString: row[1]), title: row[5] ?? "",
                        snippet: snippet, rank: -(row[4] as Double))
                }
        }
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
