import Hummingbird
import ServiceLifecycle

/// How long a stop may take. SIGTERM or SIGINT starts a graceful shutdown: requests in flight
/// finish, notification streams end at once (`LongLivedResponses`), the database closes. Something
/// that never finishes (a PostgreSQL pool has been seen not to return from its shutdown, see
/// docs/operations.md) would otherwise hold the process until the service manager kills it, 90 s
/// later under systemd's defaults; here what is left is cancelled after `graceful`, and if that
/// does not end it either, the process stops with a fatal error after `cancellation` more.
public enum Shutdown {
    public static let graceful: Duration = .seconds(20)
    public static let cancellation: Duration = .seconds(5)
}

extension ApplicationProtocol {
    /// Serves until SIGTERM or SIGINT, then shuts down within `Shutdown`'s limits.
    public func runUntilStopped() async throws {
        var configuration = ServiceGroupConfiguration(
            services: [self], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = Shutdown.graceful
        configuration.maximumCancellationDuration = Shutdown.cancellation
        try await ServiceGroup(configuration: configuration).run()
    }
}
