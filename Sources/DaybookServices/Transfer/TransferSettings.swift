import DaybookCore
import DaybookStorage
import DaybookTransfer
import Foundation

/// Where exports and uploaded imports are kept while they exist, and how large an import may be.
public struct TransferSettings: Sendable {
    /// `<data>/transfers` in the application; a temporary folder by default (tests, tools).
    public var directory: URL
    public var limits: ImportLimits
    /// How long an export stays downloadable, and an unfinished import waits.
    public var keepFor: TimeInterval
    /// Exports and imports that run at once on this server (each takes a core and some disk).
    public var concurrentJobs: Int
    /// How long reading one file may take (a preview or a run), on a thread below requests' priority.
    public var readSeconds: TimeInterval = 60
    /// Imports a person may keep previewed and not yet run (each keeps its file on the disk).
    public var keptImports: Int = 3
    /// Exports a person may start in a day (each zips every photo they have).
    public var exportsPerDay: Int = 10

    public init(
        directory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-transfers-\(UUID())"),
        limits: ImportLimits = ImportLimits(), keepFor: TimeInterval = 7 * 86_400, concurrentJobs: Int = 2
    ) {
        self.directory = directory
        self.limits = limits
        self.keepFor = keepFor
        self.concurrentJobs = concurrentJobs
    }

    /// Where a job's file is kept: an export's zip, an import's uploaded file.
    func file(of job: TransferJob) -> URL {
        directory.appendingPathComponent("\(job.id.lowercasedString).\(job.kind == .export ? "zip" : "upload")")
    }
}

/// The problem with an export or import a user asked about: not theirs or not there (404), or not
/// in the state the request needs (409).
public enum TransferError: Error, Sendable, Equatable {
    case notFound
    case notReady(String)
}
