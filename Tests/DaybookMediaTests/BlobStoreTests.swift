import DaybookMedia
import Foundation
import Testing

@Suite struct BlobStoreTests {
    func withRoot(_ body: (String) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-blobs-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await body(root)
    }

    @Test func storesByContent() async throws {
        try await withRoot { root in
            let store = FileBlobStore(root: root)
            let data = Data("a photo, pretend".utf8)
            let key = try await store.put(data)
            #expect(key == BlobKey.of(data))
            #expect(key.count == 64)
            let path = "\(root)/\(key.prefix(2))/\(key.dropFirst(2).prefix(2))/\(key)"
            #expect(FileManager.default.fileExists(atPath: path))
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            #expect(try await store.get(key) == data)
            #expect(try await store.contains(key))
            // The same bytes again: the same key, one file.
            #expect(try await store.put(data) == key)
            let other = try await store.put(Data("another".utf8))
            #expect(other != key)
            #expect(try await store.get(other) == Data("another".utf8))
        }
    }

    @Test func writesAtomicallyAndLeavesNoTemporaryFiles() async throws {
        try await withRoot { root in
            let store = FileBlobStore(root: root)
            let data = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            // Many writers of the same blob at once: all succeed, and the file is whole.
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 { group.addTask { try await store.put(data) } }
                for try await key in group { #expect(key == BlobKey.of(data)) }
            }
            #expect(try await store.get(BlobKey.of(data)) == data)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/tmp")
            #expect(leftovers.isEmpty)
        }
    }

    @Test func deletes() async throws {
        try await withRoot { root in
            let store = FileBlobStore(root: root)
            let key = try await store.put(Data("gone soon".utf8))
            try await store.delete(key)
            #expect(try await store.get(key) == nil)
            #expect(try await !store.contains(key))
            try await store.delete(key)  // twice is fine
            #expect(try await store.get(String(repeating: "0", count: 64)) == nil)
        }
    }

    @Test func refusesKeysThatAreNotKeys() async throws {
        try await withRoot { root in
            let store = FileBlobStore(root: root)
            for key in ["../../etc/passwd", "", "ABCDEF", String(repeating: "g", count: 64), String(repeating: "A", count: 64)] {
                await #expect(throws: BlobStoreError.self) { try await store.get(key) }
                await #expect(throws: BlobStoreError.self) { try await store.delete(key) }
            }
        }
    }

    @Test func inMemoryStoreBehavesTheSame() async throws {
        let store = InMemoryBlobStore()
        let key = try await store.put(Data("x".utf8))
        #expect(key == BlobKey.of(Data("x".utf8)))
        #expect(try await store.get(key) == Data("x".utf8))
        try await store.delete(key)
        #expect(try await store.get(key) == nil)
        #expect(store.keys.isEmpty)
    }
}
