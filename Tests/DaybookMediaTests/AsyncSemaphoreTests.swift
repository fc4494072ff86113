import DaybookMedia
import Synchronization
import Testing

final class Counts: Sendable {
    let value = Mutex((now: 0, most: 0))
}

@Suite struct AsyncSemaphoreTests {
    @Test func letsAtMostTheLimitThrough() async throws {
        let semaphore = AsyncSemaphore(limit: 2)
        let counts = Counts()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    try await semaphore.withPermit {
                        counts.value.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                        try await Task.sleep(for: .milliseconds(5))
                        counts.value.withLock { $0.now -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(counts.value.withLock { $0.most } == 2)
        #expect(semaphore.running == 0)
    }

    @Test func aCancelledWaiterLeavesTheQueue() async throws {
        let semaphore = AsyncSemaphore(limit: 1)
        try await semaphore.wait()
        let waiter = Task { try await semaphore.wait() }
        while semaphore.waiting == 0 { await Task.yield() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(semaphore.waiting == 0)
        semaphore.signal()
        #expect(semaphore.running == 0)
        try await semaphore.wait()
        semaphore.signal()
    }
}
