import Foundation
import ZIPFoundation

/// The export zip being written: small files from memory (compressed), photos from memory as they
/// are (already compressed), and large files (`daybook.json`, the CSVs) streamed from the disk in
/// chunks, so that writing never holds more than one photo or one chunk.
public final class ExportArchive {
    let archive: Archive
    public let url: URL

    public init(url: URL) throws {
        try? FileManager.default.removeItem(at: url)
        archive = try Archive(url: url, accessMode: .create)
        self.url = url
    }

    public func add(_ path: String, data: Data, compress: Bool = true) throws {
        try archive.addEntry(
            with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: Date(),
            compressionMethod: compress ? .deflate : .none
        ) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    /// Adds a file from the disk, read a chunk at a time.
    public func add(_ path: String, file: URL) throws {
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64 ?? 0
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        try archive.addEntry(
            with: path, type: .file, uncompressedSize: size, modificationDate: Date(), compressionMethod: .deflate
        ) { position, chunk in
            try handle.seek(toOffset: UInt64(position))
            return try handle.read(upToCount: chunk) ?? Data()
        }
    }
}

/// `daybook.json` written one record at a time to a file: the header's fields, then each array.
public final class StreamingJSONWriter {
    let handle: FileHandle
    let encoder = JSONEncoder.export
    var first = true
    var firstInArray = true

    public init(url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
        try write("{")
    }

    /// One field of the top-level object.
    public func field(_ name: String, _ value: some Encodable) throws {
        try write((first ? "" : ",") + "\n\"\(name)\":")
        first = false
        try handle.write(contentsOf: try encoder.encode(value))
    }

    public func beginArray(_ name: String) throws {
        try write((first ? "" : ",") + "\n\"\(name)\":[")
        first = false
        firstInArray = true
    }

    public func element(_ value: some Encodable) throws {
        try write(firstInArray ? "\n" : ",\n")
        firstInArray = false
        try handle.write(contentsOf: try encoder.encode(value))
    }

    public func endArray() throws { try write("\n]") }

    public func finish() throws {
        try write("\n}\n")
        try handle.close()
    }

    func write(_ text: String) throws { try handle.write(contentsOf: Data(text.utf8)) }
}
