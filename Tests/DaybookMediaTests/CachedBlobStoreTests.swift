import DaybookMedia
import Foundation
import Testing

@Suite struct CachedBlobStoreTests {
    func blob(_ byte: UInt8, _ count: Int) -> Data { Data(repeating: byte, count: count) }

    @Test func keepsSmallBlobsAndReadsLargeOnesThrough() async throws {
        let base = InMemoryBlobStore()
        let store = CachedBlobStore(base, maxBlobBytes: 100, capacityBytes: 1_000)
        let small = try await store.put(blob(1, 50))
        let large = try await store.put(blob(2, 500))
        #expect(store.cached.count == 0)  // writing caches nothing
        #expect(try await store.get(small) == blob(1, 50))
        #expect(try await store.get(large) == blob(2, 500))
        #expect(store.cached.count == 1)
        #expect(store.cached.bytes == 50)
        // Served from memory now: the base no longer has it, the cache still answers.
        try await base.delete(small)
        #expect(try await store.get(small) == blob(1, 50))
        #expect(try await store.get(BlobKey.of(blob(9, 1))) == nil)
    }

    @Test func deleteDropsTheCachedCopy() async throws {
        let base = InMemoryBlobStore()
        let store = CachedBlobStore(base, maxBlobBytes: 100, capacityBytes: 1_000)
        let key = try await store.put(blob(1, 10))
        _ = try await store.get(key)
        try await store.delete(key)
        #expect(try await store.get(key) == nil)
        #expect(try await store.contains(key) == false)
        #expect(base.keys.isEmpty)
    }

    @Test func evictsTheLeastRecentlyUsedBeyondCapacity() async throws {
        let base = InMemoryBlobStore()
        let store = CachedBlobStore(base, maxBlobBytes: 100, capacityBytes: 300)
        var keys: [String] = []
        for byte in UInt8(1)...3 { keys.append(try await store.put(blob(byte, 100))) }
        for key in keys { _ = try await store.get(key) }
        _ = try await store.get(keys[0])  // the first is now the most recently used
        let fourth = try await store.put(blob(4, 100))
        _ = try await store.get(fourth)  // overflows: the oldest go until 3/4 of capacity is left
        #expect(store.cached.bytes <= 225)
        for key in keys { try await base.delete(key) }
        #expect(try await store.get(keys[0]) != nil)
        #expect(try await store.get(keys[1]) == nil)
    }
}
