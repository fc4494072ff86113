// SQLiteProcess: see include/SQLiteProcess.h.
#include "SQLiteProcess.h"

#include <sqlite3.h>

int daybook_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int daybook_sqlite_keep_statement_journals_in_memory(void) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, -1);
}
