// SQLiteSearchRank: the rank function and the tokenizer of Daybook's full-text search, for
// SQLite's FTS5 (which takes only C functions).
//
// FTS5's own bm25() counts, once per query, the rows that hold each phrase of the query, to weigh
// rare words above common ones, and reads each matched row's length from FTS5's docsize table
// through a nested statement (a sixth of a search's CPU when measured).
//
// `lazy_bm25(table, weight, ...)` is bm25() with the same arguments and the same scores, bit for
// bit (SQLiteSearchRankTests compares them), except for a query of one phrase: there it leaves out
// the phrase's inverse document frequency, the same factor in every row's score, so the rows keep
// bm25's order without its count of them. It counts a phrase's rows only once that phrase has
// a weighted hit in some matched row (until migration 25 every query held an owner token of weight
// zero, whose rows bm25() counted: everything the user ever wrote). After a weight for every
// column it takes the row's length in tokens, if known (NULL: FTS5 reads it): the search keeps it
// in `search_docs.length`, written with `search_length(sz)` (from FTS5's docsize table) when a row
// is indexed.
//
// `daybook_owned` (owned_tokenizer.c) wraps unicode61 and indexes every token of a text marked
// with its owner's number as that number and the token ("12\x1Fwalk"), and reads queries the same
// way: a user's search, prefixes included, reads only the user's own terms and postings. Without
// it, FTS5 answered a prefix query ("walk"*, every search term) by merging the postings of every
// term with that prefix over every user (2.8 ms for a word in 144,000 of 215,000 documents, for a
// user with 210), and bm25 counted each word's rows over every user too.
#ifndef SQLITE_SEARCH_RANK_H
#define SQLITE_SEARCH_RANK_H

#include <sqlite3.h>

/// Adds `lazy_bm25` and the `daybook_owned` tokenizer to FTS5 and `search_length` to the SQL
/// functions of one connection. SQLITE_OK, or SQLite's error code (SQLITE_ERROR when the library
/// has no FTS5).
int daybook_register_search_functions(sqlite3 *db);

/// Adds the `daybook_owned` tokenizer to FTS5 (called by `daybook_register_search_functions`).
int daybook_register_owned_tokenizer(fts5_api *fts);

#endif
