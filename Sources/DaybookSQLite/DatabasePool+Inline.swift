import GRDB

/// How every SQLite store reaches the database: on the calling thread.
///
/// GRDB's `async` `read` and `write` hop to a dispatch queue and back for every call; with reads
/// of one indexed row taking microseconds, those hops (kernel scheduling, thread wake-ups) cost
/// several times the query. The synchronous calls run the closure on the calling thread instead:
/// a read takes a connection from the reader pool, a write waits for the single writer. Both are
/// short (one request's statements, never a network wait), so a task holds its thread for
/// microseconds, not longer than a hop would. Long work (backups, migrations, bulk copies) keeps
/// GRDB's asynchronous calls.
///
/// Reads run without a transaction: each statement reads its own consistent snapshot, which is all
/// a one-statement read needs, and BEGIN/COMMIT around it cost as much as the query. Reads whose
/// statements must agree with each other (an entry and its photos) use `readSnapshotInline`.
extension DatabasePool {
    /// Statements on the calling thread, each its own snapshot.
    func readInline<T>(_ body: (Database) throws -> T) throws -> T {
        try unsafeRead(body)
    }

    /// A read-only transaction on the calling thread: every statement sees the same snapshot.
    func readSnapshotInline<T>(_ body: (Database) throws -> T) throws -> T {
        try read(body)
    }

    /// A write transaction on the calling thread (waits for the writer connection).
    func writeInline<T>(_ body: (Database) throws -> T) throws -> T {
        try write(body)
    }
}
