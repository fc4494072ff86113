import Foundation

/// Why a file cannot be imported at all: said to the user beside the file field (a page) or as
/// a problem naming `file` (the API). Nothing has been written when it is thrown.
public struct ImportFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 413 for a file too large, 422 for anything else.
    public var status: Int
    public var message: String

    public init(_ message: String, status: Int = 422) {
        self.message = message
        self.status = status
    }

    public var description: String { message }

    public static func tooLarge(limit: Int) -> ImportFileError {
        ImportFileError("The file is larger than \(limit / 1_048_576) MB, the most Daybook imports.", status: 413)
    }
}

/// How much of a file the readers accept: what keeps a hostile file (a zip bomb, a 2 GB upload,
/// ten million columns) from taking memory or disk.
public struct ImportLimits: Sendable, Hashable {
    /// The uploaded file itself.
    public var fileBytes: Int
    /// One document inside an archive (a JSON file), or a whole CSV file, once decompressed.
    public var documentBytes: Int
    /// One photo, once decompressed (the photo pipeline's own limit).
    public var photoBytes: Int
    /// Files in one archive.
    public var archiveEntries: Int
    /// Columns in one CSV row.
    public var csvColumns: Int
    /// Records (moments, days, check-ins, entries) in one file: counted as they are decoded, so a
    /// file of a million tiny entries is refused at the first one too many, not after reading all.
    public var records: Int
    /// When reading must have finished: the service sets it from its time budget, and the readers
    /// look at it every few records (`checkTime()`), so one file cannot hold a core for minutes.
    public var deadline: Date = .distantFuture

    public init(
        fileBytes: Int = 1 << 30, documentBytes: Int = 128 << 20, photoBytes: Int = 25 << 20,
        archiveEntries: Int = 100_000, csvColumns: Int = 64, records: Int = 500_000
    ) {
        self.fileBytes = fileBytes
        self.documentBytes = documentBytes
        self.photoBytes = photoBytes
        self.archiveEntries = archiveEntries
        self.csvColumns = csvColumns
        self.records = records
    }
}

extension ImportLimits {
    /// Throws when the reading has gone past `deadline`.
    public func checkTime(now: Date = Date()) throws {
        guard now < deadline else { throw ImportFileError.tooSlow }
    }
}

extension ImportFileError {
    public static func tooManyRecords(limit: Int) -> ImportFileError {
        ImportFileError("The file holds more than \(limit) records, the most Daybook imports from one file.")
    }

    /// The file took longer to read than the time one import is given.
    public static let tooSlow = ImportFileError(
        "The file took too long to read: it is larger or more complicated than Daybook imports at once.")
}
