import ArgumentParser
import DaybookApp
import DaybookSQLite
import Foundation

/// A consistent copy of a SQLite instance's database, safe while the server runs.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Back up the SQLite database (for PostgreSQL use pg_dump).")

    @Option(help: "Where to write the copy (default: <data-dir>/backups/daybook-<time>.sqlite).")
    var to: String?

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let configuration = try store.configuration()
        guard !configuration.usesPostgres else {
            throw ValidationError("This instance uses PostgreSQL: back it up with pg_dump.")
        }
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let destination = to ?? "\(configuration.dataDirectory)/backups/daybook-\(stamp).sqlite"
        try FileManager.default.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try await withStore(configuration) { store in
            guard let sqlite = store as? SQLiteStore else { return }
            try await sqlite.migrate()
            try await sqlite.backup(to: destination)
        }
        print("Backed up to \(destination)")
    }
}
