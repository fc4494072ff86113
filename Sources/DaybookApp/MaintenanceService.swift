import DaybookServices
import Logging
import ServiceLifecycle

/// Removes expired sessions, old login failures, old notifications, and exports and imports past
/// their week (with their files) every hour.
struct MaintenanceService: Service {
    let accounts: AccountService
    let notifications: NotificationService
    let exports: ExportService
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                // Waits first: on a fresh instance the schema is still being created at start.
                try await Task.sleep(for: .seconds(60))
                do {
                    try await accounts.cleanUp()
                    try await notifications.cleanUp()
                    try await exports.cleanUpTransfers()
                } catch {
                    logger.warning("clean-up failed", metadata: ["error": "\(error)"])
                }
                try await Task.sleep(for: .seconds(3540))
            }
        }
    }
}

/// The store's own background work (PostgreSQL's connection pool) as a service of the application.
/// A store with nothing to run (SQLite) returns at once; the service then waits for shutdown, since
/// a service that ends by itself stops the whole application.
struct StoreService: Service {
    let run: @Sendable () async throws -> Void

    func run() async throws {
        try await run()
        try? await gracefulShutdown()
    }
}
