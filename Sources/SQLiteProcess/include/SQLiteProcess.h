// SQLiteProcess: settings SQLite takes once per process, before its first connection opens.
// `sqlite3_config` is a C variadic function, which Swift cannot call.
#ifndef SQLITE_PROCESS_H
#define SQLITE_PROCESS_H

/// Turns off SQLite's memory statistics (SQLITE_CONFIG_MEMSTATUS). With them on, every
/// allocation SQLite makes takes one mutex shared by the whole process; with a reader per thread,
/// the threads queued on it (a fifth of a search's CPU went to that mutex and its futex calls).
/// Daybook never reads the statistics (`sqlite3_memory_used`).
///
/// SQLITE_OK; SQLITE_MISUSE when SQLite was already initialized in this process (a connection
/// was opened before), which leaves the statistics on and changes nothing else.
int daybook_sqlite_disable_memory_statistics(void);

/// Keeps every statement and savepoint journal in memory (SQLITE_CONFIG_STMTJRNL_SPILL = -1).
/// SQLite keeps the original of each page a savepoint changes, and by default moves that journal
/// to a temporary file in /var/tmp once it passes 64 KiB, where it stays until the transaction
/// ends. A group commit runs each write in a savepoint (`GroupCommit`), and one check-in changes
/// about fifteen pages, so every group spilled: a temporary file created and unlinked per group and
/// two `pwrite`s per changed page (7 % of creating a check-in's CPU). In memory, the journal is
/// emptied when each write's savepoint is released, so it holds one write's pages at a time.
///
/// SQLITE_OK; SQLITE_MISUSE when SQLite was already initialized in this process, which leaves
/// the journals spilling as before.
int daybook_sqlite_keep_statement_journals_in_memory(void);

#endif
