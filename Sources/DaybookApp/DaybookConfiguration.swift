import DaybookServices
import DaybookTransfer
import Foundation
import Logging

/// How a Daybook server is set up: flags of `daybook serve`, else `DAYBOOK_*` environment
/// variables, else these defaults. The first start creates the data directory and the database.
public struct DaybookConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Where users' data lives: the SQLite file and photos. Never inside the source tree.
    public var dataDirectory = "./data"
    /// `postgres://user:pass@host:5432/db` selects PostgreSQL; `sqlite:PATH` or nil selects SQLite
    /// (by default `<dataDirectory>/daybook.sqlite`).
    public var databaseURL: String?
    public var logLevel: Logger.Level = .info
    /// 12 in production. Only test set-ups lower it.
    public var bcryptCost = 12
    /// Sign-ups allowed per client address per hour; throw-away test servers raise it.
    public var signupsPerHour = 20
    /// Addresses of reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed.
    public var trustedProxies: Set<String> = []
    /// Daily backups of a SQLite database kept in `<dataDirectory>/backups`; 0 turns them off.
    public var backupsKept = 7
    /// How many MB of photos (originals and their smaller copies) one user may keep; 0: no limit.
    public var photoQuotaMB = 10_240
    /// Web Push: the contact given to push services (`mailto:` or `https:`), and whether push
    /// endpoints may be plain `http` (a test service, a push server on the private network).
    public var pushContact = "mailto:daybook@localhost"
    public var pushAllowHTTP = false
    /// Push endpoints and push apps on loopback or a private network (a push server on the
    /// operator's own network); refused otherwise, as server-side request forgery.
    public var pushAllowPrivate = false
    /// Where people reach this Daybook (`https://daybook.example.org`): push apps get absolute
    /// links to tap with it. Unset: their notifications carry no link.
    public var publicURL: URL?
    /// The bearer token `/metrics` asks for; without one, `/metrics` answers 404.
    public var metricsToken: String?
    /// Adds `/bench/hello`, a constant answer that measures the framework's own ceiling.
    public var benchRoutes = false
    /// Threads that accept connections, parse requests and write answers (SwiftNIO's event loops);
    /// nil: half the cores, at least one. See `EventLoops`.
    public var eventLoops: Int?
    /// The largest file an import takes, in MB (the upload is refused past it, without filling the disk).
    public var importMaxMB = 1024

    public init() {}

    /// Defaults overridden by the environment.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        var configuration = Self()
        if let value = environment["DAYBOOK_HOST"], !value.isEmpty { configuration.host = value }
        if let value = environment["DAYBOOK_PORT"].flatMap(Int.init) { configuration.port = value }
        if let value = environment["DAYBOOK_DATA_DIR"], !value.isEmpty { configuration.dataDirectory = value }
        if let value = environment["DAYBOOK_DATABASE_URL"], !value.isEmpty { configuration.databaseURL = value }
        if let value = environment["DAYBOOK_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) {
            configuration.logLevel = value
        }
        if let value = environment["DAYBOOK_BCRYPT_COST"].flatMap(Int.init) { configuration.bcryptCost = value }
        if let value = environment["DAYBOOK_SIGNUP_LIMIT"].flatMap(Int.init) { configuration.signupsPerHour = value }
        if let value = environment["DAYBOOK_TRUSTED_PROXIES"] {
            configuration.trustedProxies = Set(
                value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        if let value = environment["DAYBOOK_BACKUPS_KEPT"].flatMap(Int.init) {
            configuration.backupsKept = max(0, value)
        }
        if let value = environment["DAYBOOK_PHOTO_QUOTA_MB"].flatMap(Int.init) {
            configuration.photoQuotaMB = max(0, value)
        }
        if let value = environment["DAYBOOK_PUSH_CONTACT"], !value.isEmpty { configuration.pushContact = value }
        if environment["DAYBOOK_PUSH_ALLOW_HTTP"] == "1" { configuration.pushAllowHTTP = true }
        if environment["DAYBOOK_PUSH_ALLOW_PRIVATE"] == "1" { configuration.pushAllowPrivate = true }
        if let value = environment["DAYBOOK_PUBLIC_URL"], let url = URL(string: value), url.scheme != nil, url.host != nil {
            configuration.publicURL = url
        }
        if let value = environment["DAYBOOK_METRICS_TOKEN"], !value.isEmpty { configuration.metricsToken = value }
        if environment["DAYBOOK_BENCH_ROUTES"] == "1" { configuration.benchRoutes = true }
        if let value = environment["DAYBOOK_EVENT_LOOPS"].flatMap(Int.init), value > 0 {
            configuration.eventLoops = value
        }
        if let value = environment["DAYBOOK_IMPORT_MAX_MB"].flatMap(Int.init), value > 0 {
            configuration.importMaxMB = value
        }
        return configuration
    }

    /// The SQLite file, unless a PostgreSQL URL is set.
    public var sqlitePath: String {
        if let url = databaseURL, url.hasPrefix("sqlite:") {
            return String(url.dropFirst("sqlite:".count)).replacingOccurrences(of: "//", with: "", options: .anchored)
        }
        return (dataDirectory as NSString).appendingPathComponent("daybook.sqlite")
    }

    public var usesPostgres: Bool {
        guard let url = databaseURL else { return false }
        return url.hasPrefix("postgres://") || url.hasPrefix("postgresql://")
    }
}

extension DaybookConfiguration {
    /// Exports and uploaded imports live in `<data>/transfers` while they exist (a week at most).
    public var transferSettings: TransferSettings {
        var limits = ImportLimits()
        limits.fileBytes = importMaxMB << 20
        return TransferSettings(
            directory: URL(fileURLWithPath: dataDirectory).appendingPathComponent("transfers"), limits: limits)
    }
}
