import Foundation

/// Each user's whole vocabulary (words and people, archived ones too) as read a moment ago. Every
/// answer that shows entries or check-ins names their feelings, activities and people; with this,
/// a burst of such answers reads the vocabulary once instead of once each.
///
/// How what it holds is kept true (`RecentReads`):
/// - **Time.** A copy is used for at most `lifetime` (half a second) after it was read: a word
///   renamed on another app server shows by then.
/// - **Changes made by this server.** `VocabularyService` forgets the user's copy after each change
///   it makes, so this server shows a rename at once.
/// - **Words added elsewhere** (another server, an import): an id the copy does not know makes
///   `VocabularyService` read the vocabulary again, so a new word never shows as missing.
///
/// Writes check their ids against it too (`DayService`, `CheckinService`): a word or person is
/// never deleted and never changes owner or kind, so an id the copy knows is still valid, and one
/// it does not know is looked up again before it is refused.
public final class VocabularyCache: Sendable {
    private let reads: RecentReads<UUID, VocabularyLookup>

    public init(
        lifetime: Duration = .milliseconds(500), capacity: Int = 10_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        reads = RecentReads(lifetime: lifetime, capacity: capacity, now: now)
    }

    /// The user's vocabulary read less than `lifetime` ago, or what `read` returns (one read at a
    /// time per user: `RecentReads.value(for:orRead:)`).
    func vocabulary(
        userID: UUID, orRead read: @escaping @Sendable () async throws -> VocabularyLookup
    ) async throws -> VocabularyLookup {
        try await reads.value(for: userID, orRead: read)
    }

    /// What `read` returns, kept: for a copy that lacks an id (a word added on another server).
    func readAgain(
        userID: UUID, _ read: () async throws -> VocabularyLookup
    ) async throws -> VocabularyLookup {
        let generation = reads.generation
        let vocabulary = try await read()
        reads.keep(vocabulary, for: userID, readSince: generation)
        return vocabulary
    }

    /// Drops the user's copy: call after changing any of their words or people.
    public func forget(userID: UUID) {
        reads.forget { key, _ in key == userID }
    }
}
