import ArgumentParser
import DaybookApp
import Logging

/// Brings the database schema up to date without serving (`serve` does this too on start).
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create or update the database schema.")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let configuration = try store.configuration()
        try await withStore(configuration) { store in
            try await store.migrate()
            print("The database is up to date.")
        }
    }
}
