import Foundation
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Darwin)
    private let systemWrite = Darwin.write
    private let systemRead = Darwin.read
#elseif canImport(Musl)
    private let systemWrite = Musl.write
    private let systemRead = Musl.read
#else
    private let systemWrite = Glibc.write
    private let systemRead = Glibc.read
#endif

/// Blobs as files under a root directory (`<data dir>/media`), fanned out by the key's first
/// bytes: `<root>/ab/cd/abcd…` (256×256 directories, so no directory grows huge).
///
/// A blob is written to a temporary file in `<root>/tmp`, flushed to disk, and renamed into
/// place, so a reader never sees half a file and a crash leaves at worst a stray temporary file.
/// Files are readable by the server's user only (0600, directories 0700). The blocking file calls
/// run on NIO's thread pool, never on an event loop.
public struct FileBlobStore: BlobStore {
    public let root: String
    private let threadPool: NIOThreadPool

    public init(root: String, threadPool: NIOThreadPool = .singleton) {
        self.root = root
        self.threadPool = threadPool
    }

    /// Where the blob of `key` lives (inside the root; not for serving).
    func path(of key: String) throws(BlobStoreError) -> String {
        guard BlobKey.isValid(key) else { throw .invalidKey(key) }
        let first = key.prefix(2)
        let second = key.dropFirst(2).prefix(2)
        return "\(root)/\(first)/\(second)/\(key)"
    }

    public func put(_ data: Data) async throws -> String {
        let key = BlobKey.of(data)
        let path = try path(of: key)
        let root = root
        try await threadPool.runIfActive {
            if Self.fileSize(path) == data.count { return }
            let directory = (path as NSString).deletingLastPathComponent
            try Self.makeDirectories(directory)
            try Self.makeDirectories(root + "/tmp")
            let temporary = "\(root)/tmp/\(key).\(UUID().lowercasedString).part"
            do {
                try Self.write(data, to: temporary)
                guard rename(temporary, path) == 0 else { throw BlobStoreError.io(operation: "rename", path: path, errno: errno) }
            } catch {
                unlink(temporary)
                throw error
            }
            Self.syncDirectory(directory)
        }
        return key
    }

    public func get(_ key: String) async throws -> Data? {
        let path = try path(of: key)
        return try await threadPool.runIfActive { try Self.read(path) }
    }

    public func contains(_ key: String) async throws -> Bool {
        let path = try path(of: key)
        return try await threadPool.runIfActive { Self.fileSize(path) != nil }
    }

    public func delete(_ key: String) async throws {
        let path = try path(of: key)
        try await threadPool.runIfActive {
            if unlink(path) != 0 && errno != ENOENT {
                throw BlobStoreError.io(operation: "unlink", path: path, errno: errno)
            }
        }
    }

    /// Removes temporary files older than `age` seconds, left by a crash mid-write.
    public func removeStaleTemporaryFiles(olderThan age: TimeInterval = 3600) async throws {
        let directory = root + "/tmp"
        try await threadPool.runIfActive {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            let limit = Date().addingTimeInterval(-age)
            for name in names where name.hasSuffix(".part") {
                let path = directory + "/" + name
                let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
                if let modified, modified < limit { unlink(path) }
            }
        }
    }

    // MARK: Blocking helpers (thread pool only)

    private static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    private static func makeDirectories(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return }
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    private static func write(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BlobStoreError.io(operation: "open", path: path, errno: errno) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw BlobStoreError.io(operation: "write", path: path, errno: errno)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw BlobStoreError.io(operation: "fsync", path: path, errno: errno) }
    }

    private static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func read(_ path: String) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw BlobStoreError.io(operation: "open", path: path, errno: errno)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw BlobStoreError.io(operation: "fstat", path: path, errno: errno) }
        let size = Int(info.st_size)
        var data = Data(count: size)
        let count = try data.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) -> Int in
            var offset = 0
            while offset < size {
                let got = systemRead(descriptor, bytes.baseAddress! + offset, size - offset)
                if got < 0 {
                    if errno == EINTR { continue }
                    throw BlobStoreError.io(operation: "read", path: path, errno: errno)
                }
                if got == 0 { break }
                offset += got
            }
            return offset
        }
        if count < size { data.removeSubrange(count..<size) }
        return data
    }
}
