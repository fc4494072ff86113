import GRDB

/// Brings the FTS rows of the documents a transaction changed up to date, just before it commits
/// (`GroupCommit` calls it for every write). The triggers only list those documents in
/// `search_stale` (see `SQLiteSearchSchema.staleDocuments` for why); this writes their rows in one
/// statement, so a group of writes adds one FTS5 segment instead of one per write.
///
/// Searches never see a stale index: the list is emptied in the same transaction that filled it,
/// and readers see only committed transactions.
enum SQLiteSearchIndex {
    static func refresh(_ db: Database) throws {
        let anyStale = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM search_stale)"))
        guard anyStale == true else { return }
        // Documents whose record is gone. One DELETE per row: FTS5 finds a row by `rowid = ?`, but
        // would scan the whole index for `rowid IN (…)`.
        let removed = try Int64.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT DISTINCT id FROM search_stale s
                    WHERE NOT EXISTS (SELECT 1 FROM search_docs d WHERE d.id = s.id)
                    """))
        for id in removed {
            try db.cachedStatement(sql: "DELETE FROM search_index WHERE rowid = ?").execute(arguments: [id])
        }
        try db.cachedStatement(sql: SQLiteSearchSchema.rewriteStale).execute()
        try db.cachedStatement(sql: SQLiteSearchSchema.measureStale).execute()
        try db.cachedStatement(sql: "DELETE FROM search_stale").execute()
    }
}
