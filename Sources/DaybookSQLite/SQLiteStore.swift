import DaybookCore
import DaybookStorage
import Foundation
import GRDB
import SQLiteProcess
import SQLiteSearchRank

/// Daybook on one SQLite file: the zero-set-up default. A `DatabasePool` in WAL mode lets pages
/// read while a write is under way.
public final class SQLiteStore: DaybookStore {
    let database: SQLiteDatabase

    public let users: any UserStore
    public let sessions: any SessionStore
    public let loginAttempts: any LoginAttemptStore
    public let twoFactor: any TwoFactorStore
    public let vocabulary: any VocabularyStore
    public let days: any DayStore
    public let checkins: any CheckinStore
    public let media: any MediaStore
    public let journal: any JournalStore
    public let search: any SearchStore
    public let notifications: any NotificationStore
    /// One SQLite file is one server: announcements stay in this process.
    public let notificationChannel: any NotificationChannel = LocalNotificationChannel()
    public let reminders: any ReminderStore
    public let push: any PushStore
    public let closet: any ClosetStore
    public let friends: any FriendStore
    public let shares: any ShareStore
    public let insights: any InsightStore
    public let idempotency: any IdempotencyStore
    public let transfers: any TransferStore

    /// Opens (creating if needed) the database file at `path`.
    public init(path: String) throws {
        _ = Self.processSettings
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // WAL plus NORMAL is durable across application crashes; only a power cut can lose
            // the last transactions, never corrupt the file.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // The search's rank and lengths (SQLiteSearchStore, SQLiteSearchIndex); functions are
            // registered per connection.
            let registered = daybook_register_search_functions(db.sqliteConnection)
            guard registered == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: registered)) }
        }
        database = try SQLiteDatabase(
            pool: try DatabasePool(path: path, configuration: configuration), beforeCommit: SQLiteSearchIndex.refresh)
        users = SQLiteUserStore(database: database)
        sessions = SQLiteSessionStore(database: database)
        loginAttempts = SQLiteLoginAttemptStore(database: database)
        twoFactor = SQLiteTwoFactorStore(database: database)
        vocabulary = SQLiteVocabularyStore(database: database)
        days = SQLiteDayStore(database: database)
        checkins = SQLiteCheckinStore(database: database)
        media = SQLiteMediaStore(database: database)
        journal = SQLiteJournalStore(database: database)
        search = SQLiteSearchStore(database: database)
        notifications = SQLiteNotificationStore(database: database)
        reminders = SQLiteReminderStore(database: database)
        push = SQLitePushStore(database: database)
        closet = SQLiteClosetStore(database: database)
        friends = SQLiteFriendStore(database: database)
        shares = SQLiteShareStore(database: database)
        insights = SQLiteInsightStore(database: database)
        idempotency = SQLiteIdempotencyStore(database: database)
        transfers = SQLiteTransferStore(database: database)
    }

    /// What SQLite takes once per process, before the first connection (`SQLiteProcess`). Failing
    /// only when SQLite already runs, which leaves it slower under load but as correct.
    private static let processSettings: Void = {
        _ = daybook_sqlite_disable_memory_statistics()
        _ = daybook_sqlite_keep_statement_journals_in_memory()
    }()

    public func migrate() async throws {
        try SQLiteMigrations.migrator.migrate(database.pool)
        database.readers.reopen()
        database.checkpointer.checkpointSoon()
    }

    public func ping() async throws {
        _ = try database.read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT 1")) }
    }

    public func run() async throws {}

    /// The session and its user in one statement: this runs on every authenticated request.
    public func sessionAndUser(tokenHash: String) async throws -> (session: Session, user: User)? {
        try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: Self.sessionAndUserSQL), arguments: [tokenHash]).map { row in
                (SQLiteSessionStore.session(row), SQLiteUserStore.user(row, from: Self.sessionColumnCount))
            }
        }
    }

    private static let sessionColumnCount = Stored.names(SQLiteSessionStore.columns).count
    private static let sessionAndUserSQL = """
        SELECT \(Stored.qualified(SQLiteSessionStore.columns, by: "s")), \(Stored.qualified(SQLiteUserStore.columns, by: "u"))
        FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?
        """
}

extension DatabaseError {
    /// The API's name for the column a unique constraint failed on, if this is such a failure.
    var conflictingField: String? {
        guard extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE || extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
        else { return nil }
        let text = message ?? ""
        if text.contains("users.email") { return "email" }
        if text.contains("users.username_key") { return "username" }
        if text.contains("closet_categories.name_key") { return "name" }
        return "id"
    }
}

/// Runs a write, turning unique-constraint failures into `StoreError.conflict`.
func mapConflicts<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as DatabaseError {
        if let field = error.conflictingField { throw StoreError.conflict(field: field) }
        throw error
    }
}
