import Dispatch
import GRDB
import Synchronization

/// Writes from many requests committed together: one SQLite transaction, one append to the WAL,
/// for all the writes that queued while the previous group was being written.
///
/// Why: a write's own statements are cheap next to its commit. Each commit appends every page the
/// transaction touched to the WAL (a check-in touches 18: its row, four indexes and the search
/// index, mostly the same pages the next check-in touches again) and leaves checkpoint work
/// behind. Under load, writes wait for the single writer anyway; committing the ones waiting
/// together writes each shared page once per group instead of once per request.
///
/// How: writes queue and suspend, holding no thread. One thread of its own, the writer's, takes
/// every write queued so far, runs each in a savepoint of one transaction, commits, wakes them,
/// and takes the next group, for as long as writes keep queueing. A write returns only after the
/// transaction holding it has committed, so nothing is reported saved before SQLite has it. Alone
/// (no contention), a write is its own transaction without a savepoint.
///
/// Why a thread of its own: when the first write of a group ran the group on its own thread (one
/// of the two threads of Swift's pool on two cores), requests stopped being served while it
/// committed, and the next group waited behind the answers to the last: under a steady load of
/// writes both cores were a fifth idle, and the writer too.
///
/// Failures stay with their write: a write that throws is rolled back to its savepoint and the
/// rest of the group commits. If the group as a whole cannot commit (a full disk, a transaction
/// SQLite rolled back), every write of it runs again in a transaction of its own. Write bodies
/// are database work only, so running one again after a rollback is safe.
///
/// `beforeCommit` runs once per transaction, after its writes: work that is cheaper done once for
/// the whole group (the search index, `SQLiteSearchIndex.refresh`). `afterCommit` runs once per
/// group, after the writer is released, with the number of writes committed (the checkpoint's
/// count, `SQLiteCheckpointer`).
final class GroupCommit: Sendable {
    private let pool: DatabasePool
    private let beforeCommit: @Sendable (Database) throws -> Void
    private let afterCommit: @Sendable (_ writes: Int) -> Void
    private let state = Mutex(Queue())
    /// The writer's thread: a serial queue, so one group at a time, on a thread of its own.
    private let writer = DispatchQueue(label: "daybook.sqlite.group-commit")

    private struct Queue: ~Copyable {
        var writes: [any GroupedWrite] = []
        /// Whether the writer's thread is at work (it stops when it finds the queue empty).
        var writing = false
        var statistics = Statistics()
    }

    /// Groups committed and the writes in them since the database was opened: their ratio is the
    /// mean group size (1 when writes never wait for each other).
    struct Statistics: Sendable, Equatable {
        var groups = 0
        var writes = 0
        /// Groups that could not commit as one and were run again write by write.
        var groupsRunAgain = 0
    }

    var statistics: Statistics { state.withLock { $0.statistics } }

    init(
        pool: DatabasePool, beforeCommit: @escaping @Sendable (Database) throws -> Void,
        afterCommit: @escaping @Sendable (_ writes: Int) -> Void = { _ in }
    ) {
        self.pool = pool
        self.beforeCommit = beforeCommit
        self.afterCommit = afterCommit
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let write = PendingWrite(body)
        let startsWriter = state.withLock { queue in
            queue.writes.append(write)
            if queue.writing { return false }
            queue.writing = true
            return true
        }
        if startsWriter { writer.async { self.commitQueuedWrites() } }
        await write.waitForTurn()
        return try write.outcome!.get()
    }

    /// Writes queued and not yet taken into a group (for tests).
    var waitingWrites: Int { state.withLock { $0.writes.count } }

    /// Runs on the writer's thread: groups, one after another, until none is queued. A group is
    /// taken once the writer is ours, so writes that queued while it was busy (a backup, another
    /// process) join it.
    private func commitQueuedWrites() {
        while true {
            let (group, ranAgain) = pool.writeWithoutTransaction { db in
                let group = takeQueuedWrites()
                return (group, commit(group, in: db))
            }
            let more = state.withLock { queue -> Bool in
                queue.statistics.groups += 1
                queue.statistics.writes += group.count
                if ranAgain { queue.statistics.groupsRunAgain += 1 }
                if queue.writes.isEmpty { queue.writing = false }
                return queue.writing
            }
            for write in group { write.wake() }
            afterCommit(group.count)
            if !more { return }
        }
    }

    private func takeQueuedWrites() -> [any GroupedWrite] {
        state.withLock { queue in
            let group = queue.writes
            queue.writes = []
            return group
        }
    }

    /// Commits one group; true when it had to be run again write by write.
    private func commit(_ group: [any GroupedWrite], in db: Database) -> Bool {
        if group.count == 1 {
            group[0].runAlone(db, beforeCommit: beforeCommit)
            return false
        }
        do {
            try db.inTransaction {
                for write in group { try write.runInSavepoint(db) }
                try beforeCommit(db)
                return .commit
            }
            return false
        } catch {
            for write in group { write.runAlone(db, beforeCommit: beforeCommit) }
            return true
        }
    }
}

/// One request's write, waiting in the queue or being run by the writer.
private protocol GroupedWrite: AnyObject, Sendable {
    /// Runs the write in a savepoint of the group's transaction and keeps its outcome. Throws only
    /// when the transaction itself is gone, so that the group is run again write by write.
    func runInSavepoint(_ db: Database) throws
    /// Runs the write in a transaction of its own, `beforeCommit` after it.
    func runAlone(_ db: Database, beforeCommit: (Database) throws -> Void)
    func wake()
}

/// Thrown out of a group's transaction when SQLite has rolled it back under a failing write.
private struct GroupTransactionLost: Error {}

private final class PendingWrite<T: Sendable>: GroupedWrite, @unchecked Sendable {
    private let body: @Sendable (Database) throws -> T
    /// Set by the writer before `wake()`, read by the waiting write after it: the turn's lock
    /// orders the two. (Unchecked Sendable for this one field.)
    private(set) var outcome: Result<T, any Error>?
    private let turn = Mutex(Turn.waiting)

    private enum Turn {
        case waiting
        case suspended(CheckedContinuation<Void, Never>)
        case woken
    }

    init(_ body: @escaping @Sendable (Database) throws -> T) {
        self.body = body
    }

    /// The savepoint's statements are cached: GRDB's `inSavepoint` prepares them anew for every
    /// write (1 % of saving a day).
    func runInSavepoint(_ db: Database) throws {
        try db.cachedStatement(sql: "SAVEPOINT daybook_write").execute()
        do {
            let value = try body(db)
            try db.cachedStatement(sql: "RELEASE SAVEPOINT daybook_write").execute()
            outcome = .success(value)
        } catch {
            outcome = .failure(error)
            if !db.isInsideTransaction { throw GroupTransactionLost() }
            // Rolling back alone leaves the savepoint open.
            try db.cachedStatement(sql: "ROLLBACK TRANSACTION TO SAVEPOINT daybook_write").execute()
            try db.cachedStatement(sql: "RELEASE SAVEPOINT daybook_write").execute()
        }
    }

    func runAlone(_ db: Database, beforeCommit: (Database) throws -> Void) {
        outcome = Result {
            var value: T?
            try db.inTransaction {
                value = try body(db)
                try beforeCommit(db)
                return .commit
            }
            return value!
        }
    }

    func waitForTurn() async {
        await withCheckedContinuation { continuation in
            let alreadyWoken = turn.withLock { turn in
                if case .woken = turn { return true }
                turn = .suspended(continuation)
                return false
            }
            if alreadyWoken { continuation.resume() }
        }
    }

    func wake() {
        let continuation = turn.withLock { turn -> CheckedContinuation<Void, Never>? in
            defer { turn = .woken }
            if case .suspended(let continuation) = turn { return continuation }
            return nil
        }
        continuation?.resume()
    }
}
