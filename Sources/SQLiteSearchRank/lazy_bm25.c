// SQLiteSearchRank: see include/SQLiteSearchRank.h for why this exists.
//
// The arithmetic is FTS5's bm25 (fts5_aux.c in SQLite): k1 = 1.2, b = 0.75, the document's length
// over every column, the inverse document frequency log((N - n + 0.5) / (n + 0.5)) floored at
// 1e-6 (left out when the query has one phrase: see `inverseFrequency`), and the score negated so
// that better matches sort first.
#include "SQLiteSearchRank.h"

#include <math.h>
#include <string.h>

/// What one MATCH query keeps between its rows (FTS5 auxiliary data).
typedef struct {
    int phraseCount;
    sqlite3_int64 rowCount;
    double averageLength;
    double *inverseFrequency;  // per phrase; negative until the phrase first counts
} QueryData;

static int countRow(const Fts5ExtensionApi *api, Fts5Context *fts, void *count) {
    (void)api;
    (void)fts;
    (*(sqlite3_int64 *)count)++;
    return SQLITE_OK;
}

static int queryData(const Fts5ExtensionApi *api, Fts5Context *fts, QueryData **out) {
    QueryData *data = api->xGetAuxdata(fts, 0);
    if (data) {
        *out = data;
        return SQLITE_OK;
    }
    int phrases = api->xPhraseCount(fts);
    data = sqlite3_malloc64(sizeof(QueryData) + sizeof(double) * (sqlite3_uint64)phrases);
    if (!data) return SQLITE_NOMEM;
    memset(data, 0, sizeof(QueryData));
    data->phraseCount = phrases;
    data->inverseFrequency = (double *)&data[1];
    for (int i = 0; i < phrases; i++) data->inverseFrequency[i] = -1.0;
    sqlite3_int64 tokens = 0;
    int rc = api->xRowCount(fts, &data->rowCount);
    if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
    if (rc != SQLITE_OK) {
        sqlite3_free(data);
        return rc;
    }
    data->averageLength = data->rowCount > 0 ? (double)tokens / (double)data->rowCount : 1.0;
    rc = api->xSetAuxdata(fts, data, sqlite3_free);  // frees data itself when it fails
    if (rc == SQLITE_OK) *out = data;
    return rc;
}

/// The phrase's inverse document frequency, counted on first use; 1 when the query has only this
/// phrase. Its rows are then all the query's matches, and every score would be multiplied by the
/// same positive number: leaving it out keeps bm25's order and spares the count, a second walk of
/// the phrase's postings that was 13 % of a one-word search's statement (callgrind).
static int inverseFrequency(const Fts5ExtensionApi *api, Fts5Context *fts, QueryData *data, int phrase,
                            double *out) {
    if (data->phraseCount == 1) {
        *out = 1.0;
        return SQLITE_OK;
    }
    if (data->inverseFrequency[phrase] < 0) {
        sqlite3_int64 hits = 0;
        int rc = api->xQueryPhrase(fts, phrase, &hits, countRow);
        if (rc != SQLITE_OK) return rc;
        double idf = log(((double)data->rowCount - (double)hits + 0.5) / ((double)hits + 0.5));
        data->inverseFrequency[phrase] = idf <= 0.0 ? 1e-6 : idf;
    }
    *out = data->inverseFrequency[phrase];
    return SQLITE_OK;
}

static void lazyBM25(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int argumentCount,
                     sqlite3_value **arguments) {
    const double k1 = 1.2;
    const double b = 0.75;
    QueryData *data = 0;
    int length = 0;
    double score = 0.0;
    int rc = queryData(api, fts, &data);
    // The row's length: passed after the weights (search_docs.length), or read by FTS5 from its
    // docsize table, a nested statement per row that was a sixth of a search's CPU.
    if (rc == SQLITE_OK) {
        int columns = api->xColumnCount(fts);
        if (argumentCount > columns && sqlite3_value_type(arguments[columns]) == SQLITE_INTEGER) {
            length = sqlite3_value_int(arguments[columns]);
        } else {
            rc = api->xColumnSize(fts, -1, &length);
        }
    }
    // Each phrase's weighted hits, its instances read one phrase at a time (`xPhraseFirst`):
    // bm25's `xInstCount` first merges every phrase's positions into one array, 4 % of a search's
    // statement for a word in 400 rows. The same additions in the same order, so the same bits.
    for (int phrase = 0; rc == SQLITE_OK && phrase < data->phraseCount; phrase++) {
        Fts5PhraseIter instances;
        int column = 0, offset = 0;
        double frequency = 0.0;
        rc = api->xPhraseFirst(fts, phrase, &instances, &column, &offset);
        for (; rc == SQLITE_OK && column >= 0; api->xPhraseNext(fts, &instances, &column, &offset)) {
            frequency += column < argumentCount ? sqlite3_value_double(arguments[column]) : 1.0;
        }
        // A phrase without hits adds nothing to the score: bm25 would still count its rows.
        if (rc != SQLITE_OK || frequency == 0.0) continue;
        double idf = 0.0;
        rc = inverseFrequency(api, fts, data, phrase, &idf);
        if (rc == SQLITE_OK) {
            score += idf * ((frequency * (k1 + 1.0)) /
                            (frequency + k1 * (1.0 - b + b * (double)length / data->averageLength)));
        }
    }
    if (rc == SQLITE_OK) {
        sqlite3_result_double(context, -1.0 * score);
    } else {
        sqlite3_result_error_code(context, rc);
    }
}

/// `search_length(sz)`: a row's length in tokens over every column, from its `sz` in FTS5's
/// `<table>_docsize` (one SQLite varint per column, FTS5's on-disk format; what `xColumnSize`
/// reads). NULL for anything else. A lookup by key, where asking FTS5 for a row's size needs a
/// `MATCH` (to a lookup by rowid it answers 0) that walks the owner's whole posting list.
static void searchLength(sqlite3_context *context, int argumentCount, sqlite3_value **arguments) {
    (void)argumentCount;
    if (sqlite3_value_type(arguments[0]) != SQLITE_BLOB) {
        sqlite3_result_null(context);
        return;
    }
    const unsigned char *bytes = sqlite3_value_blob(arguments[0]);
    int size = sqlite3_value_bytes(arguments[0]);
    sqlite3_int64 total = 0;
    for (int at = 0; at < size;) {
        sqlite3_uint64 value = 0;
        int used = 0;
        while (at + used < size && used < 9) {
            unsigned char byte = bytes[at + used];
            used++;
            if (used == 9) {  // the ninth byte of a varint carries 8 bits
                value = (value << 8) | byte;
                break;
            }
            value = (value << 7) | (byte & 0x7f);
            if (!(byte & 0x80)) break;
        }
        at += used;
        total += (sqlite3_int64)value;
    }
    sqlite3_result_int64(context, total);
}

int daybook_register_search_functions(sqlite3 *db) {
    fts5_api *fts = 0;
    sqlite3_stmt *statement = 0;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_pointer(statement, 1, (void *)&fts, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    rc = sqlite3_finalize(statement);
    if (rc != SQLITE_OK) return rc;
    if (!fts || fts->iVersion < 2) return SQLITE_ERROR;
    rc = fts->xCreateFunction(fts, "lazy_bm25", 0, lazyBM25, 0);
    if (rc == SQLITE_OK) rc = daybook_register_owned_tokenizer(fts);
    if (rc == SQLITE_OK) {
        rc = sqlite3_create_function_v2(db, "search_length", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                        0, searchLength, 0, 0, 0);
    }
    return rc;
}
