import Foundation
import Synchronization
import Testing

@testable import DaybookServices

/// `RecentReads.value(for:orRead:)`: one read of a key at a time, and never an answer read
/// before a change to a request made after it.
@Suite("Recent reads")
struct RecentReadsTests {
    @Test func aBurstOfRequestsForAMissingValueReadsItOnce() async throws {
        let reads = RecentReads<String, Int>(lifetime: .seconds(60), capacity: 10, now: { .now })
        let count = Box(0)
        let answers = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try await reads.value(for: "k") {
                        count.value.withLock { $0 += 1 }
                        try await Task.sleep(for: .milliseconds(200))
                        return 7
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers == Array(repeating: 7, count: 50))
        #expect(count.value.withLock { $0 } == 1)
        #expect(reads.value(for: "k") == 7)
    }

    @Test func aRequestAfterAForgetDoesNotWaitForTheReadBeforeIt() async throws {
        let reads = RecentReads<String, Int>(lifetime: .seconds(60), capacity: 10, now: { .now })
        let started = Box(false)
        let released = Box(false)
        let first = Task {
            try await reads.value(for: "k") {
                started.value.withLock { $0 = true }
                while !released.value.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
                return 1
            }
        }
        while !started.value.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
        reads.forget { _, _ in true }
        // Read anew (the first read is still held), and kept.
        #expect(try await reads.value(for: "k") { 2 } == 2)
        released.value.withLock { $0 = true }
        #expect(try await first.value == 1, "who waited for the old read still gets its answer")
        #expect(reads.value(for: "k") == 2, "the read from before the change is not kept")
    }

    @Test func aFailedReadIsNotKeptAndTheNextRequestReadsAgain() async throws {
        struct Failure: Error {}
        let reads = RecentReads<String, Int>(lifetime: .seconds(60), capacity: 10, now: { .now })
        await #expect(throws: Failure.self) { try await reads.value(for: "k") { throw Failure() } }
        #expect(try await reads.value(for: "k") { 3 } == 3)
    }
}

/// A value tasks share (a `Mutex` cannot be captured by the closures they run).
private final class Box<T: Sendable>: Sendable {
    let value: Mutex<T>
    init(_ value: T) { self.value = Mutex(value) }
}
