import ArgumentParser
import DaybookApp
import DaybookCore
import DaybookStorage
import Foundation
import Logging

/// Moves an instance from one database to another (SQLite to PostgreSQL, or back), through the
/// storage interfaces, so every value goes through the same code paths as when the server writes it.
struct CopyData: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy-data",
        abstract: "Copy every account and its data from one database into another, empty one.",
        discussion: """
            Stop the server first: nothing may write to the source while it is copied. The target must \
            hold no account. Both schemas are brought up to date; the source is otherwise only read. \
            Every row is compared afterwards, and counts per table are printed. Uploaded files stay in \
            the data directory.

            Example: daybook copy-data --from sqlite:./data/daybook.sqlite --to postgres://daybook:secret@db:5432/daybook
            """)

    @Option(help: "The database to copy from: sqlite:PATH or postgres://user:pass@host:5432/db.")
    var from: String

    @Option(help: "The empty database to copy into: postgres://… or sqlite:PATH.")
    var to: String

    @Option(help: "How many accounts to copy at once.")
    var parallel: Int = 8

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "warning"

    func validate() throws {
        guard parallel >= 1, parallel <= 64 else { throw ValidationError("--parallel must be from 1 to 64.") }
        for url in [from, to] where !Self.isDatabaseURL(url) {
            throw ValidationError("'\(url)' is neither sqlite:PATH nor postgres://…")
        }
        guard Self.configuration(for: from).sqlitePathOrURL != Self.configuration(for: to).sqlitePathOrURL else {
            throw ValidationError("--from and --to name the same database.")
        }
        if from.hasPrefix("sqlite:") {
            let path = Self.configuration(for: from).sqlitePath
            guard FileManager.default.fileExists(atPath: path) else {
                throw ValidationError("There is no SQLite database at \(path).")
            }
        }
    }

    static func isDatabaseURL(_ url: String) -> Bool {
        url.hasPrefix("sqlite:") || url.hasPrefix("postgres://") || url.hasPrefix("postgresql://")
    }

    static func configuration(for url: String) -> DaybookConfiguration {
        var configuration = DaybookConfiguration()
        configuration.databaseURL = url
        // StoreFactory makes sure the data directory exists: keep it to where the database is.
        configuration.dataDirectory =
            url.hasPrefix("sqlite:") ? (configuration.sqlitePath as NSString).deletingLastPathComponent : "."
        if configuration.dataDirectory.isEmpty { configuration.dataDirectory = "." }
        return configuration
    }

    func run() async throws {
        var logger = Logger(label: "daybook.copy-data")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .warning
        let source = try StoreFactory.makeStore(Self.configuration(for: from), logger: logger)
        let target = try StoreFactory.makeStore(Self.configuration(for: to), logger: logger)
        let started = ContinuousClock.now
        let copier = Copier(source: source, target: target, parallel: parallel)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await source.run() }
            group.addTask { try await target.run() }
            defer { group.cancelAll() }
            try await copier.copyAll()
        }
        let elapsed = started.duration(to: .now).components
        print("Done in \(elapsed.seconds) s.")
    }
}

extension DaybookConfiguration {
    fileprivate var sqlitePathOrURL: String {
        usesPostgres ? (databaseURL ?? "") : URL(fileURLWithPath: sqlitePath).standardizedFileURL.path
    }
}

/// Row counts per table, as copied and as read back.
struct TableCounts: Equatable, Sendable {
    var users = 0
    var sessions = 0
    var vocabulary = 0
    var people = 0
    var dayEntries = 0
    var checkins = 0
    var media = 0
    var journal = 0

    static func + (lhs: Self, rhs: Self) -> Self {
        Self(
            users: lhs.users + rhs.users, sessions: lhs.sessions + rhs.sessions,
            vocabulary: lhs.vocabulary + rhs.vocabulary, people: lhs.people + rhs.people,
            dayEntries: lhs.dayEntries + rhs.dayEntries, checkins: lhs.checkins + rhs.checkins,
            media: lhs.media + rhs.media, journal: lhs.journal + rhs.journal)
    }

    var rows: [(String, Int)] {
        [
            ("users", users), ("sessions", sessions), ("vocabulary", vocabulary), ("people", people),
            ("day_entries", dayEntries), ("checkins", checkins), ("media", media),
            ("journal_entries", journal),
        ]
    }
}

/// Everything one account owns, as the storage interfaces return it.
struct AccountData: Equatable, Sendable {
    var user: User
    var passwordHash: String
    var sessions: [Session]
    var vocabulary: [VocabularyItem]
    var people: [Person]
    var days: [DayEntry]
    var checkins: [Checkin]
    /// Photo records; their files stay in the data directory, where both servers find them.
    var media: [MediaRecord]
    /// Journal entries with their photos in order.
    var journal: [JournalEntry]
    /// The authenticator secret and the unused recovery codes' hashes, when two-factor is on.
    var twoFactor: TwoFactorSecret?
    var recoveryCodeHashes: [String]

    var counts: TableCounts {
        TableCounts(
            users: 1, sessions: sessions.count, vocabulary: vocabulary.count, people: people.count,
            dayEntries: days.count, checkins: checkins.count, media: media.count,
            journal: journal.count)
    }

    /// Reads one account's data. Expired sessions are left out (they would be cleaned up anyway).
    static func read(_ user: User, from store: any DaybookStore, now: Date) async throws -> AccountData? {
        guard let hash = try await store.users.passwordHash(userID: user.id) else { return nil }
        let sessions = try await store.sessions.sessions(userID: user.id).filter { $0.expiresAt > now }
        let vocabulary = try await store.vocabulary.items(userID: user.id, kind: nil, includeArchived: true)
        let people = try await store.vocabulary.people(userID: user.id, includeArchived: true)
        let days = try await store.days.entries(
            userID: user.id, from: LocalDate.earliest, to: LocalDate.latest
        )
        var checkins: [Checkin] = []
        var cursor: CheckinCursor? = nil
        while true {
            let page = try await store.checkins.checkins(
                userID: user.id, from: nil, to: nil, after: cursor, limit: 1000)
            checkins += page
            guard page.count == 1000, let last = page.last else { break }
            cursor = CheckinCursor(after: last)
        }
        var media: [MediaRecord] = []
        var mediaCursor: PageCursor? = nil
        while true {
            let page = try await store.media.list(userID: user.id, kind: nil, after: mediaCursor, limit: 1000)
            media += page
            guard page.count == 1000, let last = page.last else { break }
            mediaCursor = PageCursor(after: last)
        }
        var journal: [JournalEntry] = []
        var journalCursor: PageCursor? = nil
        while true {
            let page = try await store.journal.entries(userID: user.id, tag: nil, after: journalCursor, limit: 1000)
            journal += page
            guard page.count == 1000, let last = page.last else { break }
            journalCursor = PageCursor(createdAt: last.createdAt, id: last.id)
        }
        let twoFactor = try await store.twoFactor.secret(userID: user.id)
        return AccountData(
            user: user, passwordHash: hash, sessions: sessions, vocabulary: vocabulary, people: people, days: days,
            checkins: checkins, media: media, journal: journal, twoFactor: twoFactor,
            recoveryCodeHashes: try await store.twoFactor.recoveryCodeHashes(userID: user.id))
    }

    /// Sorted by id (days by date): what must match, whatever order ties come in.
    var normalized: AccountData {
        var copy = self
        copy.sessions.sort { $0.id.uuidString < $1.id.uuidString }
        copy.vocabulary.sort { $0.id.uuidString < $1.id.uuidString }
        copy.people.sort { $0.id.uuidString < $1.id.uuidString }
        copy.days.sort { $0.date < $1.date }
        copy.checkins.sort { $0.id.uuidString < $1.id.uuidString }
        copy.media.sort { $0.id.uuidString < $1.id.uuidString }
        copy.journal.sort { $0.id.uuidString < $1.id.uuidString }
        return copy
    }

    func write(to store: any DaybookStore) async throws {
        try await store.users.insert(user, passwordHash: passwordHash)
        for session in sessions { try await store.sessions.insert(session) }
        try await store.vocabulary.insert(vocabulary)
        for person in people { try await store.vocabulary.insert(person) }
        for record in media { try await store.media.insert(record) }
        for day in days { _ = try await store.days.upsert(day) }
        for checkin in checkins { try await store.checkins.insert(checkin) }
        for entry in journal { try await store.journal.save(entry, insert: true) }
        if let twoFactor {
            try await store.twoFactor.begin(twoFactor)
            if twoFactor.enabled {
                _ = try await store.twoFactor.enable(userID: user.id, recoveryCodeHashes: recoveryCodeHashes)
            }
        }
    }
}

struct CopyFailure: Error, CustomStringConvertible {
    let description: String
}

struct Copier: Sendable {
    let source: any DaybookStore
    let target: any DaybookStore
    let parallel: Int

    static let pageSize = 500

    func copyAll() async throws {
        try await source.migrate()
        try await target.migrate()
        let existing = try await target.users.count()
        guard existing == 0 else {
            throw CopyFailure(
                description:
                    "The target already holds \(existing) account(s); copy-data only writes into an empty database.")
        }
        let total = try await source.users.count()
        print("Copying \(total) account(s)…")
        let now = Date()

        // Pages of accounts, oldest first; within a page, several accounts at once.
        var copied = TableCounts()
        var offset = 0
        while true {
            let users = try await source.users.list(limit: Self.pageSize, offset: offset)
            if users.isEmpty { break }
            offset += users.count
            copied =
                copied
                + (try await forEach(users) { user in
                    guard let data = try await AccountData.read(user, from: source, now: now) else {
                        return TableCounts()
                    }
                    try await data.write(to: target)
                    // Read back and compare whole values: a count alone would miss a value that changed.
                    let written = try await AccountData.read(user, from: target, now: now)
                    guard written?.normalized == data.normalized else {
                        throw CopyFailure(
                            description: "The copy of account \(user.username) (\(user.id)) differs from the source.")
                    }
                    return data.counts
                })
            print("  \(offset) of \(total) account(s)")
        }

        // Counts afterwards: the target as a whole, against the source as a whole.
        let sourceCounts = try await countAll(source, now: now)
        let targetCounts = try await countAll(target, now: now)
        print("table              source    target")
        for ((name, from), (_, to)) in zip(sourceCounts.rows, targetCounts.rows) {
            print("\(name.padding(toLength: 17, withPad: " ", startingAt: 0))  \(pad(from))  \(pad(to))")
        }
        guard sourceCounts == targetCounts, copied == sourceCounts else {
            throw CopyFailure(
                description:
                    "The counts differ (copied \(copied.rows.map { "\($0.0) \($0.1)" }.joined(separator: ", "))). "
                    + "Was the server still running on the source? Empty the target and copy again.")
        }
        print("Every table matches. Sessions that had not expired were copied, so nobody is logged out;")
        print("failed-login counts were not (they only matter for minutes). Uploaded files stay in the data directory.")
    }

    func countAll(_ store: any DaybookStore, now: Date) async throws -> TableCounts {
        var counts = TableCounts()
        var offset = 0
        while true {
            let users = try await store.users.list(limit: Self.pageSize, offset: offset)
            if users.isEmpty { break }
            offset += users.count
            counts =
                counts
                + (try await forEach(users) { user in
                    try await AccountData.read(user, from: store, now: now)?.counts ?? TableCounts()
                })
        }
        return counts
    }

    /// Runs `body` for every user, `parallel` at a time, and adds up what they return.
    func forEach(_ users: [User], _ body: @escaping @Sendable (User) async throws -> TableCounts) async throws
        -> TableCounts
    {
        try await withThrowingTaskGroup(of: TableCounts.self) { group in
            var total = TableCounts()
            var next = users.makeIterator()
            for _ in 0..<parallel {
                guard let user = next.next() else { break }
                group.addTask { try await body(user) }
            }
            while let counts = try await group.next() {
                total = total + counts
                if let user = next.next() { group.addTask { try await body(user) } }
            }
            return total
        }
    }

    func pad(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, 8 - text.count)) + text
    }
}
