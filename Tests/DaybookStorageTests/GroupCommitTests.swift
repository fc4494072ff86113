import DaybookCore
import DaybookStorage
import Foundation
import GRDB
import Synchronization
import Testing

@testable import DaybookSQLite

/// `GroupCommit`: writes that wait for the writer commit together, and each keeps its own outcome.
///
/// While the writer is held, the group commit's own thread waits for it and the writes queue. The
/// writes run on threads of their own (`OwnThreads`), not the cooperative pool's, so that other
/// suites' work on that pool's few threads cannot keep them from queueing.
@Suite("SQLite group commit", .serialized)
struct GroupCommitTests {
    private let threads = OwnThreads()

    /// Forty writes queue behind a held writer; one in five breaks a NOT NULL constraint. The
    /// others commit, all in one transaction, and each failing write gets its own error.
    @Test func waitingWritesCommitTogetherAndFailAlone() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = WriterHolder.hold(database.pool) { database.waitingWrites == 40 }

        let saved = try await withThrowingTaskGroup(of: Int?.self) { group in
            for index in 0..<40 {
                group.addTask(executorPreference: threads) {
                    do {
                        try await database.write { db in
                            let note: String? = index % 5 == 4 ? nil : "write \(index)"
                            try db.execute(sql: "INSERT INTO notes (id, note) VALUES (?, ?)", arguments: [index, note])
                        }
                        return index
                    } catch let error as DatabaseError {
                        #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_NOTNULL)
                        return nil
                    }
                }
            }
            return try await group.reduce(into: Set<Int>()) { if let index = $1 { $0.insert(index) } }
        }

        #expect(writer.wait(), "all forty writes queued behind the held writer")
        let expected = Set((0..<40).filter { $0 % 5 != 4 })
        #expect(saved == expected)
        let stored = try database.read { db in try Int.fetchSet(db, sql: "SELECT id FROM notes") }
        #expect(stored == expected)
        let statistics = database.groupCommitStatistics
        #expect(statistics.writes == 40)
        #expect(statistics.groups == 1, "the writes waiting behind the held writer committed together")
        #expect(statistics.groupsRunAgain == 0)
    }

    /// When SQLite rolls a group's transaction back under one write (as it does on a full disk),
    /// the other writes of the group are run again, each in its own transaction, and are kept.
    @Test func aLostGroupIsRunAgainWriteByWrite() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = WriterHolder.hold(database.pool) { database.waitingWrites == 12 }

        let outcomes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for index in 0..<12 {
                group.addTask(executorPreference: threads) {
                    do {
                        try await database.write { db in
                            try db.execute(sql: "INSERT INTO notes (id, note) VALUES (?, 'kept')", arguments: [index])
                            if index == 6 {
                                try db.execute(sql: "ROLLBACK")
                                throw LostTransaction()
                            }
                        }
                        return (index, true)
                    } catch is LostTransaction {
                        return (index, false)
                    }
                }
            }
            return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }

        #expect(writer.wait(), "all twelve writes queued behind the held writer")
        #expect(outcomes.filter { !$0.value }.keys.sorted() == [6])
        let stored = try database.read { db in try Int.fetchSet(db, sql: "SELECT id FROM notes") }
        #expect(stored == Set(0..<12).subtracting([6]))
        #expect(database.groupCommitStatistics.groupsRunAgain == 1, "the group holding the failing write ran again")
    }

    private struct LostTransaction: Error {}

    /// A write's statements run on the group commit's own thread, outside every task: no thread of
    /// Swift's pool (two on two cores, serving every request) waits for SQLite, alone or in a group.
    @Test func writesRunOnTheWritersThreadNotOnARequestsTask() async throws {
        let (database, directory) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let inTask = try await database.write { _ in withUnsafeCurrentTask { $0 != nil } }
        #expect(inTask == false, "a lone write")

        let writer = WriterHolder.hold(database.pool) { database.waitingWrites == 8 }
        let grouped = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { try await database.write { _ in withUnsafeCurrentTask { $0 != nil } } }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(writer.wait(), "all eight writes queued behind the held writer")
        #expect(grouped == Array(repeating: false, count: 8), "each write of the group")
    }

    /// The search index is brought up to date once per group (`SQLiteSearchIndex`): the words of
    /// the writes the group keeps are found, those of the write that failed are not, and no
    /// document is left stale. Two saves of one day in the group (an upsert each, whose conflict
    /// handling overrides its triggers') index the one that was kept.
    @Test func aGroupIndexesTheWordsOfTheWritesItKeeps() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("group-search-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(path: directory.appendingPathComponent("test.sqlite").path)
        try await store.migrate()
        let anna = try await addUser(store, "anna")
        func checkin(_ note: String) -> Checkin {
            Checkin(
                userID: anna.id, at: baseTime, localDate: date("2025-06-01"), timeZone: "UTC", feelingID: UUID(),
                note: note, createdAt: baseTime, updatedAt: baseTime)
        }
        func day(_ userID: UUID, note: String) -> DayEntry {
            DayEntry(
                userID: userID, date: date("2025-06-02"), mood: .good, note: note, createdAt: baseTime,
                updatedAt: baseTime)
        }
        let taken = checkin("first")
        try await store.checkins.insert(taken)
        let database = store.database
        _ = try await store.days.upsert(day(anna.id, note: "draft"))
        let writer = WriterHolder.hold(database.pool) { database.waitingWrites == 12 }

        let kept = try await withThrowingTaskGroup(of: Int?.self) { group in
            for note in ["morning", "evening"] {
                group.addTask(executorPreference: threads) {
                    _ = try await store.days.upsert(day(anna.id, note: note))
                    return nil
                }
            }
            for index in 0..<10 {
                group.addTask(executorPreference: threads) {
                    var written = checkin("word\(index)")
                    if index == 3 { written.id = taken.id }  // fails: the id is taken
                    do {
                        try await store.checkins.insert(written)
                        return index
                    } catch {
                        return nil
                    }
                }
            }
            return try await group.reduce(into: Set<Int>()) { if let index = $1 { $0.insert(index) } }
        }

        #expect(writer.wait(), "all twelve writes queued behind the held writer")
        #expect(kept == Set(0..<10).subtracting([3]))
        #expect(database.groupCommitStatistics.groupsRunAgain == 0)
        for index in 0..<10 {
            let hits = try await store.search.search(
                userID: anna.id, query: try #require(try SearchQuery.parse("word\(index)")), limit: 5, offset: 0)
            #expect(hits.count == (index == 3 ? 0 : 1), "word\(index)")
        }
        let saved = try #require(try await store.days.entry(userID: anna.id, date: date("2025-06-02")))
        for note in ["draft", "morning", "evening"] {
            let hits = try await store.search.search(
                userID: anna.id, query: try #require(try SearchQuery.parse(note)), limit: 5, offset: 0)
            #expect(hits.count == (note == saved.note ? 1 : 0), "\(note)")
        }
        let stale = try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM search_stale") }
        #expect(stale == 0)
    }

    private static func database() throws -> (SQLiteDatabase, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("group-commit-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: directory.appendingPathComponent("test.sqlite").path)
        try pool.write { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, note TEXT NOT NULL)") }
        return (try SQLiteDatabase(pool: pool, beforeCommit: { _ in }), directory)
    }
}

/// Runs tasks on Dispatch's global threads, which grow as they block, instead of the cooperative
/// pool's fixed few.
private final class OwnThreads: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async { job.runSynchronously(on: executor) }
    }
}

/// Holds SQLite's writer on a thread of its own until `released()` (polled) is true or ten seconds
/// have passed, so that the writes under test queue behind it. The thread lets go by itself: the
/// first write under test blocks a thread of the cooperative pool while it waits for the writer.
private final class WriterHolder: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let timedOut = Mutex(false)

    static func hold(_ pool: DatabasePool, until released: @escaping @Sendable () -> Bool) -> WriterHolder {
        let holder = WriterHolder()
        let held = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? pool.writeWithoutTransaction { _ in
                held.signal()
                let deadline = Date().addingTimeInterval(10)
                while !released() {
                    if Date() > deadline {
                        holder.timedOut.withLock { $0 = true }
                        break
                    }
                    Thread.sleep(forTimeInterval: 0.001)
                }
            }
            holder.done.signal()
        }
        held.wait()
        return holder
    }

    /// Whether the writer was let go because the condition came true (not by the time limit).
    func wait() -> Bool {
        done.wait()
        return !timedOut.withLock { $0 }
    }
}
