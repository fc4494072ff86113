import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

/// Shared fixtures for the conformance suite: every test runs once per database in
/// `TestDatabase.available` (SQLite always, PostgreSQL when `DAYBOOK_TEST_POSTGRES_URL` is set) and
/// must pass the same way on each.

/// A fixed instant with a fractional part, rounded to microseconds as services round what they store.
let baseTime = Date(timeIntervalSince1970: 1_750_000_000.123_456).roundedToMicroseconds

/// `seconds` after `baseTime`, at microsecond precision.
func time(_ seconds: Double) -> Date {
    baseTime.addingTimeInterval(seconds).roundedToMicroseconds
}

func date(_ text: String) -> LocalDate { LocalDate(text)! }

/// A user with every field set, unique by `name`.
func sampleUser(
    _ name: String, email: String? = nil, createdAt: Date = baseTime, avatar: UUID? = nil
) -> User {
    User(
        email: email ?? "\(name.lowercased())@example.com", username: name, displayName: "\(name) Example",
        bio: "Hi, I am \(name). 👋", timeZone: "Europe/Helsinki", avatarMediaID: avatar, createdAt: createdAt,
        updatedAt: createdAt.addingTimeInterval(1))
}

/// Inserts a user and returns it.
@discardableResult
func addUser(_ store: any DaybookStore, _ name: String, createdAt: Date = baseTime) async throws -> User {
    let user = sampleUser(name, createdAt: createdAt)
    try await store.users.insert(user, passwordHash: "hash-of-\(name)")
    return user
}

/// `a` asks `b`, who says yes (at seconds 1 and 2, or `at` and `at + 1`).
func befriend(_ store: any DaybookStore, _ a: User, _ b: User, at seconds: Double = 1) async throws {
    _ = try await store.friends.request(from: a.id, to: b.id, at: time(seconds))
    _ = try await store.friends.accept(from: a.id, to: b.id, at: time(seconds + 1))
}

func sampleSession(userID: UUID, token: String, lastSeen: Date = baseTime, expires: Date = time(86_400)) -> Session {
    Session(
        userID: userID, tokenHash: String(repeating: token, count: 64 / max(token.count, 1)), kind: .web,
        persistent: true, deviceName: "Firefox on Linux", ipAddress: "192.0.2.7", createdAt: baseTime,
        lastSeenAt: lastSeen, expiresAt: expires)
}

/// Runs `body` against a fresh store of `database`.
func withStore(_ database: TestDatabase, _ body: @Sendable (any DaybookStore) async throws -> Void) async throws {
    try await database.withStore(body)
}

/// The store error a call threw, or nil.
func storeError(_ body: () async throws -> Void) async -> StoreError? {
    do {
        try await body()
        return nil
    } catch let error as StoreError {
        return error
    } catch {
        Issue.record("expected a StoreError, got \(error)")
        return nil
    }
}

/// A photo's record with made-up files, unique by `seed` (no files are stored).
func samplePhoto(_ userID: UUID, _ seed: String) -> MediaRecord {
    let key = { (suffix: String) in String(repeating: seed + suffix, count: 64 / (seed.count + suffix.count)) }
    return MediaRecord(
        userID: userID, kind: .photo, sha256: key("0"),
        original: MediaFile(key: key("0"), format: "jpeg", bytes: 1_000, width: 40, height: 30),
        small: MediaFile(key: key("1"), format: "webp", bytes: 100, width: 40, height: 30),
        large: MediaFile(key: key("2"), format: "webp", bytes: 200, width: 40, height: 30), createdAt: baseTime)
}
