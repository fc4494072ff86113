import ArgumentParser
import DaybookApp
import DaybookMedia
import DaybookServices
import Foundation

/// `daybook export --user NAME --to FILE`: the same zip a user downloads from their profile, for
/// the operator (a backup of one account, or a move to another server).
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export one account's data (daybook.json, CSV, Markdown, photos) as a zip.",
        discussion: """
            Safe while the server runs. The zip is the one the profile page's Export button makes; \
            another Daybook imports it under Profile → Import. It holds the account's private writing: \
            keep it where only its owner can read it.
            """)

    @Option(help: "The account's username or email.")
    var user: String

    @Option(help: "Where to write the zip.")
    var to: String

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let configuration = try store.configuration()
        let destination = URL(fileURLWithPath: to)
        let login = user
        try await withStore(configuration) { store in
            try await store.migrate()
            guard let account = try await store.users.user(login: login) else {
                throw ValidationError("There is no account '\(login)'.")
            }
            let services = Services(
                store: store, hasher: PasswordHasher(cost: 4),
                blobs: FileBlobStore(root: configuration.mediaDirectory), transfers: configuration.transferSettings)
            let summary = try await services.exports.write(userID: account.id, to: destination) { done, total in
                if done == total || done % 100 == 0 { print("  \(done) of \(total) steps") }
            }
            print(
                "Exported \(summary.days) day(s), \(summary.checkins) check-in(s), \(summary.journal) journal entr(ies) and \(summary.photos) photo(s) to \(destination.path) (\(summary.bytes / 1024) KB)."
            )
        }
    }
}
