import ArgumentParser
import DaybookApp
import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

/// Admin commands for accounts.
struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List accounts or reset a password.", subcommands: [List.self, ResetPassword.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List accounts, oldest first.")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await withStore(try store.configuration()) { store in
                try await store.migrate()
                let users = try await store.users.list(limit: 100_000, offset: 0)
                let formatter = ISO8601DateFormatter()
                print("username\temail\ttime zone\tcreated")
                for user in users {
                    print("\(user.username)\t\(user.email)\t\(user.timeZone)\t\(formatter.string(from: user.createdAt))")
                }
                print("\(users.count) account(s)")
            }
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password",
            abstract: "Set a new password for an account and log out all its sessions.")

        @Argument(help: "The account's email or username.")
        var login: String

        @Option(help: "The new password. When left out, it is read from standard input.")
        var password: String?

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let configuration = try store.configuration()
            let newPassword = password ?? readLine(strippingNewline: true) ?? ""
            try await withStore(configuration) { store in
                try await store.migrate()
                let accounts = AccountService(store: store, hasher: PasswordHasher(cost: configuration.bcryptCost))
                do {
                    let user = try await accounts.resetPassword(login: login, to: newPassword)
                    print("Password changed for \(user.username); all of its sessions were logged out.")
                } catch is NotFound {
                    throw ArgumentParser.ValidationError("No account has the email or username '\(login)'.")
                } catch let error as DaybookCore.ValidationError {
                    throw ArgumentParser.ValidationError(error.errors.map(\.message).joined(separator: " "))
                }
            }
        }
    }
}
