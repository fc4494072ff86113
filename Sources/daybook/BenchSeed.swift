import ArgumentParser
import DaybookApp
import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

/// `daybook bench-seed`: fills a fresh database for `make bench` (issue 6), through the services
/// (not HTTP: a year of data takes seconds this way). Hidden from `--help`; not for real data.
///
/// It makes `--users` plain accounts (`bench0001`…) and one loaded account, `bench@example.org` /
/// `bench_user`, with a day entry for each of the last `--days` dates (its time zone is UTC) and
/// `--checkins` check-ins spread over the same year, each with a feeling, an activity and a couple
/// of people.
///
/// Password hashes: the plain accounts are hashed with bcrypt cost 4 so that seeding a hundred of
/// them takes a second instead of half a minute. They are bench accounts only, never used to log
/// in. The loaded account, which the login benchmark logs in to, is hashed at the server's own cost
/// (`DAYBOOK_BCRYPT_COST`, 12 by default, as in production) so the login figure is honest.
struct BenchSeed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-seed",
        abstract: "Fill a fresh database with benchmark data (for make bench).",
        shouldDisplay: false)

    static let loadedEmail = "bench@example.org"
    static let loadedUsername = "bench_user"

    @OptionGroup var store: StoreOptions

    @Option(help: "How many plain accounts to make besides the loaded one.")
    var users = 100

    @Option(help: "The password of every seeded account (10-128 characters, not a common one).")
    var loginPassword = "bench-correct-horse-42"

    @Option(help: "Day entries of the loaded account: one for each of the last N dates.")
    var days = 365

    @Option(help: "Check-ins of the loaded account, spread over the last `--days` dates.")
    var checkins = 2_000

    @Option(help: "Journal entries of the loaded account, spread over the last `--days` dates.")
    var journalEntries = 2_000

    @Option(help: "Day entries of each plain account (so the tables hold other users' rows too).")
    var daysPerUser = 10

    @Option(
        help:
            "Public journal entries spread over the plain accounts (the big seed: --users 10000 --public-entries 1000000)."
    )
    var publicEntries = 0

    @Option(help: "Closet items of the loaded account (with 50 outfits).")
    var closetItems = 500

    @Option(help: "Outfit-calendar days of the loaded account: the last N dates, worn.")
    var outfitDays = 300

    @Option(help: "Years of history of the insights account (history_user): a day entry a day, 0 for none.")
    var historyYears = 0

    @Option(help: "Check-ins a day in that history.")
    var historyCheckinsPerDay = 20

    @Option(help: "Seed of the random choices, so two runs make the same data.")
    var seed: UInt64 = 6

    @Option(help: "Write what the benchmark needs (ids, dates, a token) as JSON to this file.")
    var manifest: String?

    func validate() throws {
        guard publicEntries == 0 || users > 0 else {
            throw ValidationError("--public-entries needs plain accounts to write them (--users > 0).")
        }
        guard historyYears >= 0, historyYears <= 30, historyCheckinsPerDay >= 0, publicEntries >= 0, users >= 0, days >= 1, days <= 3_650, checkins >= 0, journalEntries >= 0,
            daysPerUser >= 0, daysPerUser <= days
        else {
            throw ValidationError(
                "--users, --checkins, --journal-entries and --days-per-user must be ≥ 0, --days 1…3650, --days-per-user ≤ --days."
            )
        }
    }

    func run() async throws {
        let configuration = try store.configuration()
        let started = ContinuousClock.now
        let options = self
        try await withStore(configuration) { store in
            try await store.migrate()
            try await options.seed(store: store, loginCost: configuration.bcryptCost, started: started)
        }
    }

    private func seed(store: any DaybookStore, loginCost: Int, started: ContinuousClock.Instant) async throws {
        var random = SplitMix64(seed: seed)
        let client = ClientInfo(ipAddress: "127.0.0.1", deviceName: "daybook bench-seed")
        // The operator seeds thousands of accounts from one address: no sign-up limit.
        var unthrottled = AccountSettings()
        unthrottled.maxSignupsPerAddress = .max
        let cheap = Services(store: store, hasher: PasswordHasher(cost: 4), settings: unthrottled)
        let honest = Services(store: store, hasher: PasswordHasher(cost: loginCost), settings: unthrottled)
        let today = LocalDate.today(in: TimeZone(identifier: "UTC")!)

        // The loaded account: hashed like production, because the login benchmark logs in to it.
        let loaded: IssuedSession
        do {
            loaded = try await honest.accounts.register(
                Registration(
                    email: Self.loadedEmail, username: Self.loadedUsername, password: loginPassword, timeZone: "UTC",
                    displayName: "Bench User"),
                kind: .api, persistent: true, client: client)
        } catch let error as DaybookCore.ValidationError {
            throw ValidationError(
                "Could not create \(Self.loadedUsername) (seed a fresh data directory): "
                    + error.errors.map(\.message).joined(separator: " "))
        }
        let user = loaded.user
        let feelings = try await cheap.vocabulary.items(userID: user.id, kind: .feeling)
        let activities = try await cheap.vocabulary.items(userID: user.id, kind: .activity)
        var people: [Person] = []
        for name in ["Alex", "Sam", "Mum", "Dad", "Robin", "Kim", "Jo", "Noor"] {
            people.append(try await cheap.vocabulary.addPerson(userID: user.id, name: name))
        }

        // A year of day entries, newest date first.
        var dates: [LocalDate] = []
        for back in 0..<days {
            let date = today.adding(days: -back)
            dates.append(date)
            let input = Self.dayInput(activities: activities, random: &random)
            _ = try await cheap.days.save(user: user, dateText: date.description, input: input)
        }

        // Check-ins at random moments of the same year (at most one hour ago, never in the future).
        let now = Date()
        let span = Double(days) * 86_400 - 3_600
        // Ids the read benchmarks ask for (at most 500 of each kind).
        var checkinIDs: [UUID] = []
        var journalIDs: [UUID] = []
        for index in 0..<checkins {
            let at = now.addingTimeInterval(-3_600 - Double.random(in: 0..<max(span, 1), using: &random))
            var note = Self.text(length: Int.random(in: 20...80, using: &random), random: &random)
            // One check-in in ten has the marker word, for the search benchmark.
            if index % 10 == 0 { note += " " + Self.searchMarker }
            let input = CheckinInput(
                at: at, feelingID: feelings.randomElement(using: &random)?.id,
                activityID: activities.randomElement(using: &random)?.id,
                personIDs: Array(
                    people.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random)).map(\.id)),
                note: note)
            let checkin = try await cheap.checkins.create(user: user, input: input)
            if checkinIDs.count < 500 { checkinIDs.append(checkin.id) }
        }

        // Journal entries of about 500 characters over the same year, one in five public (the
        // public feed), up to two tags each, one in ten with the marker word. Checked by the
        // journal's own rules, then stored with their backdated time (the service would stamp
        // them "now").
        let tags = ["travel", "family", "work", "food", "running", "books"]
        for index in 0..<journalEntries {
            let at = now.addingTimeInterval(-3_600 - Double.random(in: 0..<max(span, 1), using: &random))
            var body = Self.text(length: 500, random: &random)
            if index % 10 == 0 { body += " " + Self.searchMarker }
            let input = JournalEntryInput(
                title: Self.text(length: 30, random: &random), body: body,
                tags: Array(tags.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random))),
                visibility: index % 5 == 0 ? .public : index % 5 == 1 ? .friends : .private)
            let entry = try JournalRules.validate(
                input, id: .timeOrdered(), userID: user.id, now: at.roundedToMicroseconds, today: LocalDate(at, in: .gmt))
            try await store.journal.save(entry, insert: true)
            if journalIDs.count < 500 { journalIDs.append(entry.id) }
        }

        let closetItemIDs = try await Self.seedCloset(
            store: store, services: cheap, user: user, items: closetItems, outfitDays: outfitDays, today: today,
            random: &random)

        var historyToken: String?
        if historyYears > 0 {
            historyToken = try await Self.seedHistory(
                store: store, services: cheap, years: historyYears, checkinsPerDay: historyCheckinsPerDay,
                password: loginPassword, today: today, random: &random)
        }

        // Plain accounts: cheap hashes (see the type's comment), a few days each.
        var plainUserIDs: [UUID] = []
        for index in 0..<users {
            let name = String(format: "bench%04d", index + 1)
            let issued = try await cheap.accounts.register(
                Registration(email: "\(name)@example.org", username: name, password: loginPassword, timeZone: "UTC"),
                kind: .api, persistent: true, client: client)
            plainUserIDs.append(issued.user.id)
            let theirs = try await cheap.vocabulary.items(userID: issued.user.id, kind: .activity)
            for back in 0..<daysPerUser {
                let input = Self.dayInput(activities: theirs, random: &random)
                _ = try await cheap.days.save(
                    user: issued.user, dateText: today.adding(days: -back).description, input: input)
            }
        }

        // The big seed: everyone's public entries, for the public feed at scale. Written through the
        // store (the rules checked first), oldest first, over the last `--days` dates.
        for index in 0..<publicEntries {
            let at = now.addingTimeInterval(-span * Double(publicEntries - index) / Double(publicEntries) - 3_600)
            let input = JournalEntryInput(
                title: Self.text(length: 30, random: &random), body: Self.text(length: 300, random: &random),
                tags: [tags[index % tags.count]], visibility: .public)
            let entry = try JournalRules.validate(
                input, id: .timeOrdered(), userID: plainUserIDs[index % plainUserIDs.count], now: at.roundedToMicroseconds,
                today: LocalDate(at, in: .gmt))
            try await store.journal.save(entry, insert: true)
            if index % 100_000 == 99_999 { print("… \(index + 1) public entries") }
        }

        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if let manifest {
            let contents = Manifest(
                email: user.email, username: user.username, userId: user.id.lowercasedString,
                token: loaded.token, loginBcryptCost: loginCost, plainUsers: users, plainUserBcryptCost: 4,
                days: days, checkins: checkins, daysPerPlainUser: daysPerUser,
                firstDate: dates.last!.description, lastDate: dates.first!.description,
                feelingIds: feelings.map { $0.id.lowercasedString },
                activityIds: activities.map { $0.id.lowercasedString },
                personIds: people.map { $0.id.lowercasedString },
                journalEntries: journalEntries, journalMarker: Self.searchMarker, seedSeconds: seconds,
                checkinIds: checkinIDs.map(\.lowercasedString), journalIds: journalIDs.map(\.lowercasedString),
                closetItems: closetItems, outfitDays: outfitDays, closetMarker: Self.closetMarker,
                closetItemIds: closetItemIDs.prefix(500).map(\.lowercasedString), historyToken: historyToken,
                historyYears: historyYears, historyCheckinsPerDay: historyCheckinsPerDay)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(contents).write(to: URL(fileURLWithPath: manifest))
        }
        print("Loaded account: \(user.email) / \(user.username) (password hashed at bcrypt cost \(loginCost))")
        print(
            "Made: \(days) day entries (\(dates.last!) … \(dates.first!)), \(checkins) check-ins, "
                + "\(people.count) people, \(users) plain accounts (bcrypt cost 4) with \(daysPerUser) day entries each; "
                + "\(journalEntries) journal entries (one in five public); \(closetItems) closet items, 50 outfits, "
                + "\(outfitDays) outfit days")
        print(String(format: "Took %.2f s", seconds))
    }

    /// A word in one check-in note in ten (200 of the default 2,000) and in one journal entry in
    /// ten: what the search benchmark looks for (search covers check-ins; the journal not yet).
    static let searchMarker = "zanzibarite"

    static func dayInput(activities: [VocabularyItem], random: inout SplitMix64) -> DayEntryInput {
        let chosen = activities.shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random)).map(\.id)
        return DayEntryInput(
            mood: Int.random(in: 1...5, using: &random), activityIDs: Array(chosen),
            note: text(length: Int.random(in: 150...250, using: &random), random: &random),
            gratitude: Bool.random(using: &random) ? [text(length: 40, random: &random)] : [])
    }

    private static let words = """
        morning coffee walk rain sunshine park friends dinner laughed tired slept early work meeting \
        deadline garden book quiet evening call mother train city bike river cooked pasta music \
        long day small win headache better tomorrow grateful calm busy lunch colleague ran errands \
        movie late talk kids school market bread tea window snow wind warm cold home
        """.split(separator: " ").map(String.init)

    /// About `length` characters of plain words.
    static func text(length: Int, random: inout SplitMix64) -> String {
        var result = ""
        while result.count < length {
            if !result.isEmpty { result += " " }
            result += words.randomElement(using: &random)!
        }
        return result.prefix(1).uppercased() + result.dropFirst() + "."
    }

    /// What `bench/run.py` reads back.
    struct Manifest: Codable {
        var email: String
        var username: String
        var userId: String
        /// A bearer token of the loaded account (from its sign-up): used when logging in over the
        /// API does not work, so the other operations can still be measured.
        var token: String
        var loginBcryptCost: Int
        var plainUsers: Int
        var plainUserBcryptCost: Int
        var days: Int
        var checkins: Int
        var daysPerPlainUser: Int
        var firstDate: String
        var lastDate: String
        var feelingIds: [String]
        var activityIds: [String]
        var personIds: [String]
        var journalEntries: Int
        var journalMarker: String
        var seedSeconds: Double
        /// Some of the loaded account's check-ins and journal entries, for the get-by-id benchmarks.
        var checkinIds: [String]
        var journalIds: [String]
        /// The closet: how big, the tag one item in ten has, and some item ids.
        var closetItems: Int
        var outfitDays: Int
        var closetMarker: String
        var closetItemIds: [String]
        /// The insights account's bearer token, when it was seeded (`--history-years`).
        var historyToken: String?
        var historyYears: Int
        var historyCheckinsPerDay: Int
    }
}
