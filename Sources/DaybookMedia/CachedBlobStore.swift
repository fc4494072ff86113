import Foundation
import Synchronization

/// A blob store with the small blobs it has read kept in memory, least recently used first out.
///
/// Blobs never change under their key (the key is their SHA-256), so a cached copy can never be
/// stale; a delete through this store drops it. Thumbnails and avatars are a few tens of KB and
/// read on every page, so serving them from memory saves a thread hop and three system calls per
/// request. Large files (originals, 1280 px copies) are read through, never cached.
///
/// With several app servers, a blob another server deleted may linger in this one's cache: harmless,
/// since every read is checked against the database first and the record is gone.
public final class CachedBlobStore: BlobStore {
    let base: any BlobStore
    let maxBlobBytes: Int
    let capacityBytes: Int
    private let cache: Mutex<LRU>

    /// - Parameters:
    ///   - maxBlobBytes: larger blobs are never cached (default 256 KB: thumbnails, avatars).
    ///   - capacityBytes: the cache's size (default 32 MB: about 1,500 thumbnails).
    public init(_ base: any BlobStore, maxBlobBytes: Int = 256 * 1024, capacityBytes: Int = 32 * 1024 * 1024) {
        self.base = base
        self.maxBlobBytes = maxBlobBytes
        self.capacityBytes = capacityBytes
        cache = Mutex(LRU())
    }

    public func put(_ data: Data) async throws -> String {
        try await base.put(data)
    }

    public func get(_ key: String) async throws -> Data? {
        if let hit = cache.withLock({ $0.get(key) }) { return hit }
        guard let data = try await base.get(key) else { return nil }
        if data.count <= maxBlobBytes {
            cache.withLock { $0.insert(key, data, capacity: capacityBytes) }
        }
        return data
    }

    /// Read through without filling the cache: one pass over every original must not push out
    /// the thumbnails that pages show.
    public func getOnce(_ key: String) async throws -> Data? {
        if let hit = cache.withLock({ $0.get(key) }) { return hit }
        return try await base.get(key)
    }

    public func contains(_ key: String) async throws -> Bool {
        if cache.withLock({ $0.get(key) }) != nil { return true }
        return try await base.contains(key)
    }

    public func delete(_ key: String) async throws {
        cache.withLock { $0.remove(key) }
        try await base.delete(key)
    }

    /// Bytes and blobs held now, for tests and diagnostics.
    public var cached: (bytes: Int, count: Int) { cache.withLock { ($0.bytes, $0.entries.count) } }

    /// Recency by a counter: each use stamps the entry; eviction removes the oldest stamps. Eviction
    /// sorts, but runs only when the cache overflows, and then frees a quarter of it at once.
    struct LRU {
        var entries: [String: (data: Data, used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0

        mutating func get(_ key: String) -> Data? {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key] = (entry.data, clock)
            return entry.data
        }

        mutating func insert(_ key: String, _ data: Data, capacity: Int) {
            guard entries[key] == nil else { return }
            clock += 1
            entries[key] = (data, clock)
            bytes += data.count
            guard bytes > capacity else { return }
            let target = capacity * 3 / 4
            for (oldKey, _) in entries.sorted(by: { $0.value.used < $1.value.used }) {
                guard bytes > target else { break }
                remove(oldKey)
            }
        }

        mutating func remove(_ key: String) {
            if let entry = entries.removeValue(forKey: key) { bytes -= entry.data.count }
        }
    }
}
