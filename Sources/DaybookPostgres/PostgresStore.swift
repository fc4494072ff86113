import DaybookCore
import DaybookStorage
import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// Daybook on a PostgreSQL server: for many users and several app servers sharing one database.
/// Everything that matters lives in the database (sessions and login failures included), so any
/// app server can answer any request.
///
/// The connection pool (`PostgresClient`) runs in `run()`, which the application runs as a
/// service; queries made before it starts wait for it.
public final class PostgresStore: DaybookStore {
    let client: PostgresClient
    let logger: Logger
    let pingTimeout: Duration
    let runState = RunState()

    public let users: any UserStore
    public let sessions: any SessionStore
    public let loginAttempts: any LoginAttemptStore
    public let twoFactor: any TwoFactorStore
    public let notifications: any NotificationStore
    public var notificationChannel: any NotificationChannel { listener }
    private let listener: PostgresNotificationChannel
    public let reminders: any ReminderStore
    public let push: any PushStore
    public let closet: any ClosetStore
    public let friends: any FriendStore
    public let shares: any ShareStore
    public let insights: any InsightStore
    public let idempotency: any IdempotencyStore
    public let transfers: any TransferStore
    public let vocabulary: any VocabularyStore
    public let days: any DayStore
    public let checkins: any CheckinStore
    public let media: any MediaStore
    public let journal: any JournalStore
    public let search: any SearchStore

    /// `postgres://user:password@host:5432/database?sslmode=require&pool_size=20`; see
    /// `PostgresDatabaseURL`.
    public convenience init(url: String, logger: Logger) throws {
        try self.init(settings: PostgresDatabaseURL(url), logger: logger)
    }

    /// `pingTimeout`: how long `ping()` (the health check) waits for an answer.
    public init(settings: PostgresDatabaseURL, logger: Logger, pingTimeout: Duration = .seconds(5)) {
        self.logger = logger
        self.pingTimeout = pingTimeout
        client = PostgresClient(configuration: settings.clientConfiguration(), backgroundLogger: logger)
        users = PostgresUserStore(client: client, logger: logger)
        sessions = PostgresSessionStore(client: client, logger: logger)
        loginAttempts = PostgresLoginAttemptStore(client: client, logger: logger)
        twoFactor = PostgresTwoFactorStore(client: client, logger: logger)
        notifications = PostgresNotificationStore(client: client, logger: logger)
        listener = PostgresNotificationChannel(client: client, logger: logger)
        reminders = PostgresReminderStore(client: client, logger: logger)
        push = PostgresPushStore(client: client, logger: logger)
        closet = PostgresClosetStore(client: client, logger: logger)
        friends = PostgresFriendStore(client: client, logger: logger)
        shares = PostgresShareStore(client: client, logger: logger)
        insights = PostgresInsightStore(client: client, logger: logger)
        idempotency = PostgresIdempotencyStore(client: client, logger: logger)
        transfers = PostgresTransferStore(client: client, logger: logger)
        vocabulary = PostgresVocabularyStore(client: client, logger: logger)
        days = PostgresDayStore(client: client, logger: logger)
        checkins = PostgresCheckinStore(client: client, logger: logger)
        media = PostgresMediaStore(client: client, logger: logger)
        journal = PostgresJournalStore(client: client, logger: logger)
        search = PostgresSearchStore(client: client, logger: logger)
    }

    /// A fingerprint of the schema the migrations build: it changes whenever they do.
    public static var schemaFingerprint: String { PostgresMigrations.fingerprint }

    public func migrate() async throws {
        await runState.waitUntilStarted()
        try await PostgresMigrations.migrate(client, logger: logger)
    }

    /// The session and its user in one round trip: this runs on every authenticated request, so
    /// it is a prepared statement.
    public func sessionAndUser(tokenHash: String) async throws -> (session: Session, user: User)? {
        guard let row = try await client.rows(SessionAndUserByToken.self, tokenHash, logger: logger).first else {
            return nil
        }
        return (try PostgresSessionStore.session(row), try PostgresUserStore.user(row, prefix: "u_"))
    }

    /// `SELECT 1`, given up after `pingTimeout` (5 s by default): a pool that cannot connect keeps
    /// trying, and would keep the health check waiting. The answer comes at the timeout even when
    /// the query itself cannot be interrupted (a connection attempt under way); it is then left to
    /// fail on its own.
    public func ping() async throws {
        await runState.waitUntilStarted()
        let outcome = FirstOutcome()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            outcome.set(continuation)
            let query = Task { [client, logger] in
                do {
                    try await client.execute("SELECT 1", logger: logger)
                    outcome.resume(with: .success(()))
                } catch {
                    outcome.resume(with: .failure(error))
                }
            }
            Task { [pingTimeout] in
                try? await Task.sleep(for: pingTimeout)
                outcome.resume(with: .failure(PostgresStoreError.timeout))
                query.cancel()
            }
        }
    }

    /// The versions of every migration this build knows, oldest first.
    public static var migrationVersions: [Int] { PostgresMigrations.all.map(\.version) }

    /// The connection pool, until cancelled (or until a graceful shutdown of the service group).
    ///
    /// PostgresNIO's pool can run only once. When `run()` is called again (a test harness runs the
    /// store and hands it to an application, whose service runs it too), the later call returns at
    /// once, as SQLite's does: the pool goes on under the first. (Waiting instead would hold up the
    /// application's graceful shutdown, which only the first call follows.)
    public func run() async throws {
        guard runState.claim() else { return }
        await client.run()
        // The pool is gone: the LISTEN loop would otherwise try it again every second, forever.
        listener.stop()
    }
}

/// Whether the pool has been started. Work that comes first thing (migrations, the first health
/// check) waits a moment for it: PostgresNIO queues such work anyway, but warns that `run()` has
/// not been called when it merely has not begun yet in its own task.
final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var started = false

    /// True for the first caller only.
    func claim() -> Bool {
        lock.withLock {
            defer { started = true }
            return !started
        }
    }

    var isStarted: Bool { lock.withLock { started } }

    /// Returns once `run()` has begun, or after two seconds without it (the work then queues).
    func waitUntilStarted() async {
        var waited = 0
        while !isStarted, waited < 2000, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(2))
            waited += 2
        }
    }
}

/// Resumes a continuation with whichever outcome comes first; later ones are dropped.
final class FirstOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?

    func set(_ continuation: CheckedContinuation<Void, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    func resume(with result: Result<Void, any Error>) {
        let continuation = lock.withLock {
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(with: result)
    }
}

/// What the PostgreSQL store reports beyond `StoreError`.
public enum PostgresStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case timeout
    /// An error the server reported: its SQLSTATE code, message and, if any, constraint.
    case server(sqlState: String, message: String, constraint: String?)
    /// The server could not be reached, or the connection broke.
    case connection(String)

    public var description: String {
        switch self {
        case .invalidURL(let reason): "Invalid PostgreSQL URL: \(reason)"
        case .timeout: "PostgreSQL did not answer in time."
        case .server(let state, let message, let constraint):
            "PostgreSQL error \(state): \(message)" + (constraint.map { " (constraint \($0))" } ?? "")
        case .connection(let reason): "PostgreSQL connection failed: \(reason)"
        }
    }
}

/// Where the database is, parsed from a URL the way libpq reads one:
/// `postgres://user:password@host:port/database?sslmode=disable|prefer|require|verify-ca|verify-full`.
///
/// - The port defaults to 5432, the user to `postgres`, the database to the user's name.
/// - Percent-encoded user names and passwords are decoded (`p%40ss` is `p@ss`).
/// - `sslmode`: absent or `disable`, no TLS; `prefer`, TLS when the server offers it, unverified
///   (it only keeps out passive listeners: anyone in the middle can decline TLS anyway); `require`
///   and `verify-full`, TLS with a certificate from a trusted authority for this host name;
///   `verify-ca`, from a trusted authority, any host name. libpq's `require` checks nothing, which
///   lets anyone in the middle read every diary: Daybook's checks, like `verify-full`.
/// - `sslrootcert=/path/ca.pem`: the authority to trust instead of the system's (a private CA, or
///   the server's own self-signed certificate).
/// - `host=/path/to/socket/dir` (with an empty host) connects through a Unix socket.
/// - `pool_size`, Daybook's own: the most connections this app server opens (default 20).
public struct PostgresDatabaseURL: Sendable, Equatable {
    public enum TLSMode: String, Sendable, Equatable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// A PEM file of the certificate authorities to trust, instead of the system's.
    public var rootCertificatePath: String?
    /// A directory holding the server's socket, instead of `host`/`port`.
    public var unixSocketDirectory: String?
    public var poolSize: Int

    public static let defaultPoolSize = 20

    public init(_ text: String) throws {
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
            throw PostgresStoreError.invalidURL("it must start with postgres:// or postgresql://")
        }
        guard let components = URLComponents(string: text) else {
            throw PostgresStoreError.invalidURL("it is not a well-formed URL")
        }
        var host = components.percentEncodedHost?.removingPercentEncoding ?? ""
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        port = components.port ?? 5432
        username = components.percentEncodedUser?.removingPercentEncoding ?? "postgres"
        password = components.percentEncodedPassword?.removingPercentEncoding
        let path = components.percentEncodedPath.removingPercentEncoding ?? ""
        database = path.hasPrefix("/") ? String(path.dropFirst()) : path
        if database.isEmpty { database = username }
        tls = .disable
        unixSocketDirectory = nil
        rootCertificatePath = nil
        poolSize = Self.defaultPoolSize
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "sslmode":
                switch value {
                case "disable", "allow": tls = .disable
                default:
                    guard let mode = TLSMode(rawValue: value) else {
                        throw PostgresStoreError.invalidURL("unknown sslmode '\(value)'")
                    }
                    tls = mode
                }
            case "sslrootcert":
                rootCertificatePath = value.isEmpty ? nil : value
            case "host":
                if value.hasPrefix("/") { unixSocketDirectory = value } else if !value.isEmpty { self.host = value }
            case "port":
                guard let number = Int(value), (1...65535).contains(number) else {
                    throw PostgresStoreError.invalidURL("port must be a number")
                }
                port = number
            case "user": username = value
            case "password": password = value
            case "dbname": database = value
            case "pool_size":
                guard let size = Int(value), (1...1000).contains(size) else {
                    throw PostgresStoreError.invalidURL("pool_size must be a number from 1 to 1000")
                }
                poolSize = size
            default:
                break  // libpq options Daybook does not use (application_name, connect_timeout, …)
            }
        }
        if unixSocketDirectory == nil, self.host.isEmpty { self.host = "localhost" }
    }

    /// The same server and credentials, another database.
    public func with(database: String) -> PostgresDatabaseURL {
        var copy = self
        copy.database = database
        return copy
    }

    /// Where it points, without the password: for logs and messages.
    public var redacted: String {
        let place = unixSocketDirectory ?? "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        return "postgres://\(username)@\(place)/\(database)"
    }

    public func clientConfiguration() -> PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        if let unixSocketDirectory {
            let socket = (unixSocketDirectory as NSString).appendingPathComponent(".s.PGSQL.\(port)")
            configuration = .init(unixSocketPath: socket, username: username, password: password, database: database)
        } else {
            configuration = .init(
                host: host, port: port, username: username, password: password, database: database, tls: tlsSetting)
        }
        configuration.options.maximumConnections = poolSize
        configuration.options.minimumConnections = 0
        // No JIT compilation: Daybook's statements run in milliseconds, and a high cost estimate
        // (a CTE's rows are guessed, not known) made PostgreSQL compile one for 35 ms.
        configuration.options.additionalStartupParameters = [("jit", "off")]
        return configuration
    }

    /// How the server's certificate is checked; nil without TLS.
    public var certificateVerification: CertificateVerification? {
        switch tls {
        case .disable: nil
        case .prefer: CertificateVerification.none
        case .verifyCA: .noHostnameVerification
        case .require, .verifyFull: .fullVerification
        }
    }

    var tlsSetting: PostgresClient.Configuration.TLS {
        guard let verification = certificateVerification else { return .disable }
        var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
        tlsConfiguration.certificateVerification = verification
        if let rootCertificatePath { tlsConfiguration.trustRoots = .file(rootCertificatePath) }
        return tls == .prefer ? .prefer(tlsConfiguration) : .require(tlsConfiguration)
    }
}
