import Foundation
import ZIPFoundation

/// A zip file read with limits, for files a user uploads: every entry's name is checked (no
/// absolute paths, no `..`), the number of entries is bounded, and an entry is read into memory
/// only up to a limit counted on the bytes actually inflated (a zip bomb's declared sizes lie).
/// Nothing is ever extracted to disk.
public struct SafeArchive {
    let archive: Archive
    let limits: ImportLimits
    /// Every file entry by its path.
    public let paths: [String: Entry]

    public init(url: URL, limits: ImportLimits) throws {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ImportFileError("The file is not a zip archive.")
        }
        self.archive = archive
        self.limits = limits
        var paths: [String: Entry] = [:]
        var count = 0
        for entry in archive {
            count += 1
            guard count <= limits.archiveEntries else {
                throw ImportFileError("The archive holds more than \(limits.archiveEntries) files.")
            }
            let path = entry.path
            guard Self.isSafe(path) else {
                throw ImportFileError(
                    "The archive holds a file named “\(path.prefix(200))”, outside the archive: refused.")
            }
            if entry.type == .file { paths[path] = entry }
        }
        self.paths = paths
    }

    /// Relative, inside the archive, no parent steps, no drive letters or NULs.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("\\"), !path.contains("\0") else { return false }
        let parts = path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        return !parts.contains("..") && !(parts.first?.contains(":") ?? false)
    }

    /// The paths of files, sorted.
    public var files: [String] { paths.keys.sorted() }

    /// The first file whose name (without folders) is `name`, in sorted order.
    public func file(named name: String, under folder: String? = nil) -> String? {
        files.first { path in
            (path as NSString).lastPathComponent == name && (folder.map { path.hasPrefix($0) } ?? true)
        }
    }

    /// One file's bytes, at most `limit` once inflated.
    public func data(_ path: String, limit: Int) throws -> Data {
        guard let entry = paths[path] else { throw ImportFileError("The archive has no file “\(path)”.") }
        if entry.uncompressedSize > UInt64(limit) {
            throw ImportFileError("“\(path)” is larger than \(limit / 1_048_576) MB once unpacked: refused.")
        }
        var data = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard data.count + chunk.count <= limit else { throw Overflow() }
                data.append(chunk)
            }
        } catch is Overflow {
            throw ImportFileError(
                "“\(path)” unpacks to more than its stated size (more than \(limit / 1_048_576) MB): refused.")
        } catch {
            throw ImportFileError("“\(path)” in the archive is damaged and cannot be read.")
        }
        return data
    }

    /// A JSON document of the archive, at most `documentBytes`.
    public func document(_ path: String) throws -> Data { try data(path, limit: limits.documentBytes) }

    /// A photo of the archive, at most `photoBytes`.
    public func photo(_ path: String) throws -> Data { try data(path, limit: limits.photoBytes) }

    struct Overflow: Error {}
}
