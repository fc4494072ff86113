import Crypto
import DaybookCore
import Foundation
import Synchronization

/// Where photo files live, addressed by content: a blob's key is the SHA-256 of its bytes in
/// lower-case hex, so the same bytes stored twice are one blob. Implementations: `FileBlobStore`
/// (the data directory), `InMemoryBlobStore` (tests); an S3-compatible store can be a sibling.
///
/// A store knows nothing of who may read a blob, or of how many records use it: that is the
/// media service's business, which deletes a blob only when no record uses it any more.
public protocol BlobStore: Sendable {
    /// Stores the bytes (if not already there) and returns their key.
    @discardableResult func put(_ data: Data) async throws -> String
    /// The bytes, or nil if there is no such blob.
    func get(_ key: String) async throws -> Data?
    /// The bytes, read once and kept in no cache (an export reads every original a single time).
    func getOnce(_ key: String) async throws -> Data?
    func contains(_ key: String) async throws -> Bool
    /// Removes the blob; removing one that does not exist is not an error.
    func delete(_ key: String) async throws
}

extension BlobStore {
    public func getOnce(_ key: String) async throws -> Data? { try await get(key) }
}

public enum BlobKey {
    /// The key of these bytes.
    public static func of(_ data: Data) -> String {
        SHA256.hash(data: data).hexString
    }

    /// Whether `key` is a key at all: 64 lower-case hex digits. Anything else (a path, `..`) is
    /// refused before it comes near a file system.
    public static func isValid(_ key: String) -> Bool {
        key.utf8.count == 64 && key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

public enum BlobStoreError: Error, Sendable, Equatable {
    case invalidKey(String)
    case io(operation: String, path: String, errno: Int32)
}

/// Blobs in memory, for tests.
public final class InMemoryBlobStore: BlobStore {
    private let blobs = Mutex<[String: Data]>([:])

    public init() {}

    public func put(_ data: Data) async throws -> String {
        let key = BlobKey.of(data)
        blobs.withLock { $0[key] = data }
        return key
    }

    public func get(_ key: String) async throws -> Data? { blobs.withLock { $0[key] } }
    public func contains(_ key: String) async throws -> Bool { blobs.withLock { $0[key] != nil } }
    public func delete(_ key: String) async throws { blobs.withLock { _ = $0.removeValue(forKey: key) } }

    /// Every key held, for tests.
    public var keys: Set<String> { blobs.withLock { Set($0.keys) } }
}
