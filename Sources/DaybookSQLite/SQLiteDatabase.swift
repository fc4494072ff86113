import GRDB

/// How every SQLite store reaches the database: reads on the calling thread, writes committed in
/// groups.
///
/// GRDB's `async` `read` and `write` hop to a dispatch queue and back for every call; with reads
/// of one indexed row taking microseconds, those hops (kernel scheduling, thread wake-ups) cost
/// several times the query. Reads therefore run on the calling thread: a read takes a connection
/// from the reader pool for one request's statements, never a network wait, so a task holds its
/// thread for microseconds, not longer than a hop would. The connections are `SQLiteReaders`, not
/// GRDB's reader pool (see there why).
///
/// Reads run without a transaction: each statement reads its own consistent snapshot, which is all
/// a one-statement read needs, and BEGIN/COMMIT around it cost as much as the query. Reads whose
/// statements must agree with each other (an entry and its photos) use `readSnapshot`.
///
/// Writes go through `GroupCommit`: the writes waiting for the single writer commit together, and
/// the search index is brought up to date once per commit (`SQLiteSearchIndex`). Long work
/// (backups, migrations) uses `pool` directly. The writer never checkpoints: `SQLiteCheckpointer`
/// does, beside it.
final class SQLiteDatabase: Sendable {
    let pool: DatabasePool
    let readers: SQLiteReaders
    let checkpointer: SQLiteCheckpointer
    private let groupCommit: GroupCommit

    /// `beforeCommit` runs at the end of every write transaction (`GroupCommit`).
    init(pool: DatabasePool, beforeCommit: @escaping @Sendable (Database) throws -> Void) throws {
        self.pool = pool
        readers = SQLiteReaders(path: pool.path, configuration: pool.configuration)
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        let checkpointer = try SQLiteCheckpointer(pool: pool)
        self.checkpointer = checkpointer
        groupCommit = GroupCommit(pool: pool, beforeCommit: beforeCommit) { checkpointer.committed(writes: $0) }
    }

    /// Statements on the calling thread, each its own snapshot.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try readers.read(body)
    }

    /// A read-only transaction on the calling thread: every statement sees the same snapshot.
    func readSnapshot<T>(_ body: (Database) throws -> T) throws -> T {
        try readers.readSnapshot(body)
    }

    /// A write, committed with the other writes waiting at the same time (`GroupCommit`). Returns
    /// once it is committed; a write that throws is rolled back alone.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await groupCommit.write(body)
    }

    var groupCommitStatistics: GroupCommit.Statistics { groupCommit.statistics }
    var waitingWrites: Int { groupCommit.waitingWrites }
}
