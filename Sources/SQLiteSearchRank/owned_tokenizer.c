// The `daybook_owned` FTS5 tokenizer: see include/SQLiteSearchRank.h for why it exists.
//
// A text that begins with an owner mark, byte 0x01, the owner's number in decimal digits, byte
// 0x01, has every token of the rest (as the wrapped tokenizer cuts it) indexed or queried as the
// number, byte 0x1F, the token: "\x01" "12" "\x01" "Walk home" gives "12\x1Fwalk" and
// "12\x1Fhome". Offsets stay those of the whole text. A text without a mark is passed through.
#include "SQLiteSearchRank.h"

#include <string.h>

/// The wrapped tokenizer (unicode61 unless the table names another after `daybook_owned`).
typedef struct {
    fts5_tokenizer wrapped;
    Fts5Tokenizer *instance;
} OwnedTokenizer;

/// One call of xTokenize: where the owned tokens go, and the buffer each is written into.
typedef struct {
    void *context;
    int (*emit)(void *, int, const char *, int, int, int);
    const char *owner;
    int ownerLength;
    int shift;  // the mark's length: the wrapped tokenizer's offsets are into the rest
    char *buffer;
    int capacity;
    char inline_buffer[128];
} OwnedPass;

static int ownedCreate(void *api, const char **arguments, int count, Fts5Tokenizer **out) {
    fts5_api *fts = (fts5_api *)api;
    const char *name = count > 0 ? arguments[0] : "unicode61";
    void *wrappedContext = 0;
    fts5_tokenizer wrapped;
    int rc = fts->xFindTokenizer(fts, name, &wrappedContext, &wrapped);
    if (rc != SQLITE_OK) return rc;
    OwnedTokenizer *owned = sqlite3_malloc(sizeof(OwnedTokenizer));
    if (!owned) return SQLITE_NOMEM;
    memset(owned, 0, sizeof(OwnedTokenizer));
    owned->wrapped = wrapped;
    rc = wrapped.xCreate(wrappedContext, count > 1 ? &arguments[1] : 0, count > 1 ? count - 1 : 0, &owned->instance);
    if (rc != SQLITE_OK) {
        sqlite3_free(owned);
        return rc;
    }
    *out = (Fts5Tokenizer *)owned;
    return SQLITE_OK;
}

static void ownedDelete(Fts5Tokenizer *tokenizer) {
    OwnedTokenizer *owned = (OwnedTokenizer *)tokenizer;
    owned->wrapped.xDelete(owned->instance);
    sqlite3_free(owned);
}

static int ownedToken(void *context, int flags, const char *token, int length, int start, int end) {
    OwnedPass *pass = context;
    int needed = pass->ownerLength + 1 + length;
    if (needed > pass->capacity) {
        char *grown = sqlite3_malloc(needed * 2);
        if (!grown) return SQLITE_NOMEM;
        if (pass->buffer != pass->inline_buffer) sqlite3_free(pass->buffer);
        pass->buffer = grown;
        pass->capacity = needed * 2;
    }
    memcpy(pass->buffer, pass->owner, (size_t)pass->ownerLength);
    pass->buffer[pass->ownerLength] = 0x1F;
    memcpy(pass->buffer + pass->ownerLength + 1, token, (size_t)length);
    return pass->emit(pass->context, flags, pass->buffer, needed, start + pass->shift, end + pass->shift);
}

/// The length of the owner mark at the start of `text` (0 if there is none): 0x01, 1 to 19
/// digits, 0x01.
static int ownerMark(const char *text, int length) {
    if (length < 3 || text[0] != 0x01) return 0;
    int at = 1;
    while (at < length && at <= 20 && text[at] >= '0' && text[at] <= '9') at++;
    if (at == 1 || at >= length || text[at] != 0x01) return 0;
    return at + 1;
}

static int ownedTokenize(Fts5Tokenizer *tokenizer, void *context, int flags, const char *text, int length,
                         int (*emit)(void *, int, const char *, int, int, int)) {
    OwnedTokenizer *owned = (OwnedTokenizer *)tokenizer;
    int mark = ownerMark(text, length);
    if (mark == 0) return owned->wrapped.xTokenize(owned->instance, context, flags, text, length, emit);
    OwnedPass pass;
    pass.context = context;
    pass.emit = emit;
    pass.owner = text + 1;
    pass.ownerLength = mark - 2;
    pass.shift = mark;
    pass.buffer = pass.inline_buffer;
    pass.capacity = (int)sizeof(pass.inline_buffer);
    int rc = owned->wrapped.xTokenize(owned->instance, &pass, flags, text + mark, length - mark, ownedToken);
    if (pass.buffer != pass.inline_buffer) sqlite3_free(pass.buffer);
    return rc;
}

int daybook_register_owned_tokenizer(fts5_api *fts) {
    fts5_tokenizer tokenizer = {ownedCreate, ownedDelete, ownedTokenize};
    return fts->xCreateTokenizer(fts, "daybook_owned", (void *)fts, &tokenizer, 0);
}
