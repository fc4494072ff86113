// SQLiteSearchRank: the rank function of Daybook's full-text search, for SQLite's FTS5.
//
// FTS5's own bm25() counts, once per query, the rows that hold each phrase of the query, to weigh
// rare words above common ones, and reads each matched row's length from FTS5's docsize table
// through a nested statement (a sixth of a search's CPU when measured).
//
// `lazy_bm25(table, weight, ...)` is bm25() with the same arguments and the same scores, bit for
// bit (SQLiteSearchRankTests compares them). It counts a phrase's rows only once that phrase has
// a weighted hit in some matched row (until migration 25 every query held an owner token of weight
// zero, whose rows bm25() counted: everything the user ever wrote). After a weight for every
// column it takes the row's length in tokens, if known (NULL: FTS5 reads it): the search keeps it
// in `search_docs.length`, written with `search_length(sz)` (from FTS5's docsize table) when a row
// is indexed.
#ifndef SQLITE_SEARCH_RANK_H
#define SQLITE_SEARCH_RANK_H

#include <sqlite3.h>

/// Adds `lazy_bm25` to the FTS5 functions and `search_length` to the SQL functions of one
/// connection. SQLITE_OK, or SQLite's error code (SQLITE_ERROR when the library has no FTS5).
int daybook_register_search_functions(sqlite3 *db);

#endif
