import DaybookApp
import DaybookStorage
import Logging

/// Opens the configured store, runs its background work for as long as `body` takes, then stops.
func withStore(_ configuration: DaybookConfiguration, _ body: @Sendable (any DaybookStore) async throws -> Void)
    async throws
{
    var logger = Logger(label: "daybook")
    logger.logLevel = configuration.logLevel
    let store = try StoreFactory.makeStore(configuration, logger: logger)
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await store.run() }
        try await body(store)
        group.cancelAll()
    }
}
