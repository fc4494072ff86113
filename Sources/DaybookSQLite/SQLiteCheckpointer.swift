import Dispatch
import GRDB
import Synchronization

/// Copies committed pages from the WAL back into the database file on a thread and connection of
/// its own, so that no write waits for it.
///
/// Why: by default SQLite checkpoints on the writer's connection, inside the commit that pushes
/// the WAL past 1,000 pages. Every write queued behind that commit waits for the checkpoint's
/// writes and its two `fdatasync`s (~5 ms each here; 8 % of the writer's time under a stream of
/// check-ins). A `PASSIVE` checkpoint needs none of the writer's locks: on another connection it
/// runs beside the writes and the reads.
///
/// When: after every `writesPerCheckpoint` committed writes (`GroupCommit` reports each group),
/// and when asked (after migrations). At most one runs at a time; writes committed meanwhile
/// count toward the next. A checkpoint that cannot copy everything (a reader still needs an older
/// page) copies what it can, and the next one copies the rest. One that SQLite answers `BUSY`
/// copied nothing: it read the WAL's index header while the writer was rewriting it, and unlike a
/// reader a checkpoint does not retry (it would need the writer's lock to look further). That is
/// a skip, counted apart from failures, and the next checkpoint is due after the next group.
///
/// The WAL's length: SQLite writes the WAL from its beginning again only when a write transaction
/// begins with every frame already copied. Under a steady stream of writes a checkpoint beside
/// the writer never sees that (the writer has always committed again meanwhile), so the WAL would
/// grow without end, and every page read looks through the WAL's index. Once the WAL holds
/// `restartFrames` frames, the checkpointer therefore runs one more checkpoint on the writer's
/// connection, between two groups: it copies only the frames since its own checkpoint (plus the
/// two syncs), and the next write starts the WAL over. That stall comes once per
/// `restartFrames` frames instead of once per 1,000.
final class SQLiteCheckpointer: Sendable {
    /// About 1,000 WAL pages of check-ins committed in groups (~3.5 pages a write), SQLite's own
    /// threshold.
    static let writesPerCheckpoint = 256
    /// The WAL's length (in 4 KiB pages, 32 MiB) past which the writer catches up once.
    static let restartFrames = 8_192

    private let pool: DatabasePool
    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "daybook.sqlite.checkpoint")
    private let state = Mutex(State())

    private struct State {
        var writesSinceLast = 0
        var running = false
        var statistics = Statistics()
    }

    struct Statistics: Sendable, Equatable {
        var checkpoints = 0
        /// Checkpoints run on the writer's connection so that the WAL starts over.
        var writerCheckpoints = 0
        /// Checkpoints that met the writer mid-commit and copied nothing (see above).
        var skipped = 0
        /// Checkpoints SQLite refused for any other reason (an I/O error); the next one tries again.
        var failures = 0
    }

    var statistics: Statistics { state.withLock { $0.statistics } }

    /// Opens a connection of its own to the database of `pool` (already in WAL mode).
    init(pool: DatabasePool) throws {
        self.pool = pool
        var configuration = Configuration()
        configuration.label = "checkpoint"
        connection = try DatabaseQueue(path: pool.path, configuration: configuration)
    }

    /// A commit of `writes` writes: starts a checkpoint once enough have been committed.
    func committed(writes: Int) {
        let start = state.withLock { state -> Bool in
            state.writesSinceLast += writes
            guard state.writesSinceLast >= Self.writesPerCheckpoint else { return false }
            return Self.claim(&state)
        }
        if start { queue.async { self.run() } }
    }

    /// Starts a checkpoint now unless one is running (after long writes that bypass `GroupCommit`).
    func checkpointSoon() {
        if state.withLock({ Self.claim(&$0) }) { queue.async { self.run() } }
    }

    /// Waits for the checkpoint under way, if any (for tests).
    func waitForRunning() {
        queue.sync {}
    }

    private static func claim(_ state: inout State) -> Bool {
        guard !state.running else { return false }
        state.running = true
        state.writesSinceLast = 0
        return true
    }

    private func run() {
        let outcome: Outcome
        do {
            let wal = try connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
            if wal.walFrameCount >= Self.restartFrames {
                try pool.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
                outcome = .copiedAndRestarted
            } else {
                outcome = .copied
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            outcome = .skipped
        } catch {
            outcome = .failed
        }
        state.withLock { state in
            state.running = false
            switch outcome {
            case .copied: state.statistics.checkpoints += 1
            case .copiedAndRestarted:
                state.statistics.checkpoints += 1
                state.statistics.writerCheckpoints += 1
            case .skipped:
                state.statistics.skipped += 1
                // Due again after the next group rather than after another `writesPerCheckpoint`.
                state.writesSinceLast = Self.writesPerCheckpoint
            case .failed: state.statistics.failures += 1
            }
        }
    }

    private enum Outcome { case copied, copiedAndRestarted, skipped, failed }
}
