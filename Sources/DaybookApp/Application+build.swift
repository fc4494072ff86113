import DaybookAPI
import DaybookHTTP
import DaybookMedia
import DaybookSQLite
import DaybookServices
import DaybookStorage
import DaybookWeb
import Foundation
import Hummingbird
import Logging
import Prometheus
import ServiceLifecycle

/// Builds the whole server: store, services, middleware, pages, API, operations routes.
public func buildApplication(_ configuration: DaybookConfiguration) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "daybook")
    logger.logLevel = configuration.logLevel
    let store = try StoreFactory.makeStore(configuration, logger: logger)
    return try await buildApplication(configuration, store: store, logger: logger)
}

/// Builds the server over a given store; tests pass their own.
public func buildApplication(
    _ configuration: DaybookConfiguration, store: any DaybookStore, logger: Logger
) async throws -> some ApplicationProtocol {
    var pushSettings = PushService.Settings()
    pushSettings.contact = configuration.pushContact
    pushSettings.allowHTTP = configuration.pushAllowHTTP
    pushSettings.allowPrivate = configuration.pushAllowPrivate
    pushSettings.publicURL = configuration.publicURL
    var accountSettings = AccountSettings()
    accountSettings.maxSignupsPerAddress = configuration.signupsPerHour
    let services = Services(
        store: store, hasher: PasswordHasher(cost: configuration.bcryptCost), settings: accountSettings,
        // Thumbnails and avatars are read on every page: small ones are kept in memory.
        blobs: CachedBlobStore(FileBlobStore(root: configuration.mediaDirectory)),
        photoQuotaBytes: configuration.photoQuotaMB > 0 ? configuration.photoQuotaMB << 20 : nil,
        pushSettings: pushSettings, transfers: configuration.transferSettings)
    let router = try buildRouter(configuration, services: services, logger: logger)
    var background: [any Service] = [
        StoreService(run: { try await store.run() }),
        MaintenanceService(
            accounts: services.accounts, notifications: services.notifications, exports: services.exports,
            logger: logger),
        NotificationHubService(hub: services.hub),
        ReminderScheduler(reminders: services.reminders, logger: logger),
        PushOutboxService(push: services.push, logger: logger),
    ]
    if let sqlite = store as? SQLiteStore, configuration.backupsKept > 0 {
        let directory = (configuration.dataDirectory as NSString).appendingPathComponent("backups")
        background.append(
            BackupService(store: sqlite, directory: directory, keep: configuration.backupsKept, logger: logger))
    }
    var app = Application(
        responder: LongLivedResponses(router.buildResponder()),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        services: background,
        onServerRunning: { channel in
            await EventLoops.acceptConnectionsInBatches(on: channel)
            logger.notice(
                "Daybook is serving on http://\(configuration.host):\(channel.localAddress?.port ?? configuration.port)"
            )
        },
        logger: logger
    )
    app.beforeServerStarts {
        // With PostgreSQL the pool runs as a service, started just before this.
        try await store.migrate()
    }
    return app
}

/// The routes and middleware, in the order a request meets them.
public func buildRouter(
    _ configuration: DaybookConfiguration, services: Services, logger: Logger
) throws -> Router<AppRequestContext> {
    // HEAD answers what GET would, without the body (uptime checks and link checkers ask HEAD;
    // RFC 9110 § 9.3.2). Without this every HEAD was a 404.
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    let registry = MetricsBootstrap.registry()
    router.addMiddleware {
        // First: who the client is and whether the request came over HTTPS decide headers below.
        ClientMiddleware(resolver: ClientResolver(trustedProxies: configuration.trustedProxies))
        SecurityHeadersMiddleware()
        LogRequestsMiddleware(.info)
        MetricsMiddleware()
    }
    OperationsRoutes(store: services.store, registry: registry, metricsToken: configuration.metricsToken).add(
        to: router)
    if configuration.benchRoutes { BenchRoutes().add(to: router) }
    router.addMiddleware {
        CSRFMiddleware()
        AuthenticationMiddleware(accounts: services.accounts)
    }
    MediaRoutes(media: services.media).add(to: router)
    try APIRoutes(services: services).add(to: router)
    try WebApp(services: services).addRoutes(to: router)
    return router
}
