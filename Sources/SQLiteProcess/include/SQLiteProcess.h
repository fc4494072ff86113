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

#endif
