import DaybookCore

/// Everything Daybook keeps, behind one interface with one implementation per database
/// (`SQLiteStore`, `PostgresStore`). Both are held to the same conformance tests.
public protocol DaybookStore: Sendable {
    var users: any UserStore { get }
    var sessions: any SessionStore { get }
    var loginAttempts: any LoginAttemptStore { get }
    /// Authenticator secrets, recovery codes, log-ins waiting for their code.
    var twoFactor: any TwoFactorStore { get }
    var vocabulary: any VocabularyStore { get }
    var days: any DayStore { get }
    var checkins: any CheckinStore { get }
    /// Photo records (their files are in a blob store).
    var media: any MediaStore { get }
    /// Journal entries (their photos are `media` records).
    var journal: any JournalStore { get }
    /// Full-text search over day entries and check-ins.
    var search: any SearchStore { get }
    /// Users' inboxes, and how app servers tell each other of new notifications.
    var notifications: any NotificationStore { get }
    var notificationChannel: any NotificationChannel { get }
    /// Reminder settings and when each user's next reminder is due.
    var reminders: any ReminderStore { get }
    /// Web Push: the VAPID key, devices, the outbox.
    var push: any PushStore { get }
    /// Closet categories, items, outfits and the outfit calendar.
    var closet: any ClosetStore { get }
    /// Friends, friend requests and blocks.
    var friends: any FriendStore { get }
    /// Closet items and outfits shared with friends.
    var shares: any ShareStore { get }
    /// Sums and narrow reads for the insights and the diaries.
    var insights: any InsightStore { get }
    /// First answers to creates sent with an `Idempotency-Key`.
    var idempotency: any IdempotencyStore { get }
    /// Exports and imports, and the marks of what was imported.
    var transfers: any TransferStore { get }

    /// The session with this token hash and its user (see the extension's default).
    func sessionAndUser(tokenHash: String) async throws -> (session: Session, user: User)?
    /// Brings the schema up to date; safe to run on every start.
    func migrate() async throws
    /// Answers when the database can be reached; throws otherwise. Used by `/healthz`.
    func ping() async throws
    /// Runs what the store needs in the background (PostgreSQL's connection pool) until the task
    /// is cancelled. SQLite needs nothing and returns at once.
    func run() async throws
}

extension DaybookStore {
    /// The session with this token hash and its user: what authenticating every request needs.
    /// A store may answer both in one read (SQLite does, saving a thread hop per request); this
    /// default asks its two stores in turn.
    public func sessionAndUser(tokenHash: String) async throws -> (session: Session, user: User)? {
        guard let session = try await sessions.session(tokenHash: tokenHash),
            let user = try await users.user(id: session.userID)
        else { return nil }
        return (session, user)
    }
}
