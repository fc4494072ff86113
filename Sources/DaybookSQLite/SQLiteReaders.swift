import GRDB
import Synchronization

/// The read-only connections that `SQLiteDatabase.read` runs statements on, on the calling thread.
///
/// Why not the reader pool of GRDB's `DatabasePool`: its synchronous `unsafeRead` checks a
/// connection out through a concurrent dispatch queue, a semaphore and a dispatch group, and reads
/// `PRAGMA schema_version` before every access to keep its schema cache fresh. In perf of a get a
/// day that was 11 % of the server's samples (the checkout 7 %, the schema read 4 %), more than
/// the statement itself (9 %). Here a connection is taken from a list under a lock, and opened
/// when none is idle: at most as many as threads read at once, which are few (a read never waits
/// on the network).
///
/// The schema cache of a connection is never checked because the schema changes in one place:
/// `SQLiteStore.migrate`, which calls `reopen()` so that every later read opens a new connection.
/// SQLite itself prepares a cached statement again if the schema changed under it.
final class SQLiteReaders: Sendable {
    private let path: String
    private let configuration: Configuration
    private let state = Mutex(State())

    private struct State {
        var idle: [DatabaseQueue] = []
        /// Moves on with `reopen()`; a connection opened before that is closed, not kept.
        var generation = 0
        var opened = 0
    }

    /// Read-only connections to the WAL database at `path`, set up by `configuration` (the
    /// writer's: its `prepareDatabase` registers the search functions on every connection, and its
    /// busy timeout covers WAL's rare `SQLITE_BUSY` for readers, as in GRDB's own pool).
    init(path: String, configuration: Configuration) {
        var configuration = configuration
        configuration.readonly = true
        configuration.label = "reader"
        self.path = path
        self.configuration = configuration
    }

    /// Runs `body` on an idle connection (outside any transaction: each statement reads its own
    /// snapshot).
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let (connection, generation) = try checkOut()
        defer { checkIn(connection, generation: generation) }
        return try connection.inDatabase(body)
    }

    /// Runs `body` in a read-only transaction: every statement sees the same snapshot.
    ///
    /// Begun and ended by cached statements: GRDB's `inTransaction` parses its `BEGIN` and
    /// `COMMIT` anew each time (`allStatements(literal:)`), which was a third of reading a journal
    /// entry and its photos (3.6 of 11.2 % of the server's samples; the two statements the rest).
    func readSnapshot<T>(_ body: (Database) throws -> T) throws -> T {
        try read { db in
            try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
            do {
                let result = try body(db)
                try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                return result
            } catch {
                // A connection goes back to the idle list outside any transaction.
                try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute()
                throw error
            }
        }
    }

    /// Closes the idle connections and makes those in use close when they come back: call after
    /// changing the schema.
    func reopen() {
        state.withLock { state in
            state.generation += 1
            state.idle.removeAll()
        }
    }

    /// Connections opened since the start (tests: a burst of reads must reuse them).
    var openedCount: Int { state.withLock { $0.opened } }

    private func checkOut() throws -> (DatabaseQueue, Int) {
        let (idle, generation) = state.withLock { state in (state.idle.popLast(), state.generation) }
        if let idle { return (idle, generation) }
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        state.withLock { $0.opened += 1 }
        return (connection, generation)
    }

    private func checkIn(_ connection: DatabaseQueue, generation: Int) {
        state.withLock { state in
            if state.generation == generation { state.idle.append(connection) }
        }
    }
}
