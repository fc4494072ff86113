import DaybookSQLite
import DaybookStorage
import Foundation
import Logging
import ServiceLifecycle

/// Regular backups (seed 001 NFR10) of a SQLite instance: once a day into
/// `<data>/backups/daybook-YYYY-MM-DD.sqlite`, keeping the newest `keep`. PostgreSQL instances are
/// backed up with the database's own tools (pg_dump, base backups), see docs/operations.md.
struct BackupService: Service {
    let store: SQLiteStore
    let directory: String
    let keep: Int
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                // Waits first: on a fresh instance the schema is still being created at start.
                try await Task.sleep(for: .seconds(60))
                do {
                    try await backUpIfDue(now: Date())
                } catch {
                    logger.error("backup failed", metadata: ["error": "\(error)"])
                }
                try await Task.sleep(for: .seconds(3540))
            }
        }
    }

    /// Makes today's backup unless it exists, then removes the oldest beyond `keep`.
    func backUpIfDue(now: Date) async throws {
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let day = ISO8601DateFormatter.string(from: now, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        let path = (directory as NSString).appendingPathComponent("daybook-\(day).sqlite")
        if !FileManager.default.fileExists(atPath: path) {
            try await store.backup(to: path)
            logger.notice("backup written", metadata: ["path": "\(path)"])
        }
        let backups = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("daybook-") && $0.hasSuffix(".sqlite") }
            .sorted()
        for old in backups.dropLast(keep) {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(old))
        }
    }
}
