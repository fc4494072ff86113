// SQLiteSearchRank: the rank function of Daybook's full-text search, for SQLite's FTS5.
//
// FTS5's own bm25() counts, once per query, the rows that hold each phrase of the query, to weigh
// rare words above common ones. Daybook's search puts the owner's token in every query (so FTS5
// reads only the user's rows) and gives the owner column a weight of zero, so that phrase never
// changes a score; but bm25() still counts every row the user has, which made a search's cost
// grow with everything the user ever wrote rather than with its matches.
//
// `lazy_bm25(table, weight, ...)` is bm25() with the same arguments and the same scores, bit for
// bit (SQLiteSearchRankTests compares them); it counts a phrase's rows only once that phrase has
// a weighted hit in some matched row, so the owner's token is never counted. After a weight for
// every column it takes the row's length in tokens, if known (NULL: FTS5 reads it): the search
// keeps it in `search_docs.length`, written with `search_length(sz)` (from FTS5's docsize table)
// when a row is indexed.
#ifndef SQLITE_SEARCH_RANK_H
#define SQLITE_SEARCH_RANK_H

#include <sqlite3.h>

/// Adds `lazy_bm25` to the FTS5 functions and `search_length` to the SQL functions of one
/// connection. SQLITE_OK, or SQLite's error code (SQLITE_ERROR when the library has no FTS5).
int daybook_register_search_functions(sqlite3 *db);

#endif
