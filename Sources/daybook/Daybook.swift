import ArgumentParser
import DaybookApp
import Foundation
import Logging

/// The `daybook` command.
@main
struct Daybook: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Daybook: a self-hosted log of your days.",
        subcommands: [
            Serve.self, Migrate.self, Users.self, Backup.self, Export.self, BenchSeed.self, BenchPhotos.self, CopyData.self,
        ],
        defaultSubcommand: Serve.self
    )
}

/// Options shared by every subcommand that touches the database. Flags win over the environment.
struct StoreOptions: ParsableArguments {
    @Option(help: "Where users' data lives (env DAYBOOK_DATA_DIR; default ./data).")
    var dataDir: String?

    @Option(help: "postgres://user:pass@host:5432/db, or sqlite:PATH (env DAYBOOK_DATABASE_URL).")
    var databaseURL: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical (env DAYBOOK_LOG_LEVEL).")
    var logLevel: String?

    func configuration() throws -> DaybookConfiguration {
        var configuration = DaybookConfiguration.fromEnvironment()
        if let dataDir { configuration.dataDirectory = dataDir }
        if let databaseURL { configuration.databaseURL = databaseURL }
        if let logLevel {
            guard let level = Logger.Level(rawValue: logLevel) else {
                throw ValidationError("Unknown log level '\(logLevel)'.")
            }
            configuration.logLevel = level
        }
        return configuration
    }
}
