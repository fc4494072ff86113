import DaybookCore
import Foundation

/// Who wrote a public entry, as the public feed shows them.
public struct JournalAuthor: Sendable, Hashable {
    public var id: UUID
    public var username: String
    public var displayName: String
    public var avatarMediaID: UUID?

    public init(id: UUID, username: String, displayName: String, avatarMediaID: UUID?) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.avatarMediaID = avatarMediaID
    }
}

/// An entry shown to someone other than its author (public, or for friends), with the author.
public struct PublicJournalEntry: Sendable, Hashable {
    public var entry: JournalEntry
    public var author: JournalAuthor

    public init(entry: JournalEntry, author: JournalAuthor) {
        self.entry = entry
        self.author = author
    }
}

/// Journal entries, with their ordered photos and their tags.
///
/// Photos are kept one row per (entry, photo) beside the entries, so that "which entries show this
/// photo?" (may a stranger see it; may it be deleted) is one indexed lookup.
public protocol JournalStore: Sendable {
    /// Inserts a new entry, photos and all, in one transaction: its id is new (`save` replaces).
    func create(_ entry: JournalEntry) async throws
    /// Inserts a new entry, or replaces the user's entry with the same id (keeping its creation
    /// time), photos and all, in one transaction. Returns false when `entry.id` belongs to nobody
    /// or to someone else and `insert` is false.
    @discardableResult func save(_ entry: JournalEntry, insert: Bool) async throws -> Bool
    /// The user's entry.
    func entry(id: UUID, userID: UUID) async throws -> JournalEntry?
    /// Another user's entry the viewer may read, with its author: a public one, or a friends-only
    /// one of a friend (`viewerID` nil: not logged in, public only).
    func readableEntry(id: UUID, viewerID: UUID?) async throws -> PublicJournalEntry?
    /// Deletes the user's entry; returns it (so its photos can be let go), or nil if there was none.
    func delete(id: UUID, userID: UUID) async throws -> JournalEntry?
    /// The user's entries, newest first, only those with `tag` when given, strictly after the
    /// cursor when given.
    func entries(userID: UUID, tag: String?, after cursor: PageCursor?, limit: Int) async throws -> [JournalEntry]
    /// Everyone's public entries, or only `authorID`'s (their public profile), newest first, strictly
    /// after the cursor when given.
    func publicEntries(authorID: UUID?, after cursor: PageCursor?, limit: Int) async throws -> [PublicJournalEntry]
    /// The viewer's friends' entries written for friends or for everyone, newest first, strictly
    /// after the cursor when given: the Friends feed.
    func friendsEntries(viewerID: UUID, after cursor: PageCursor?, limit: Int) async throws -> [PublicJournalEntry]
    /// The user's tags with how many entries use each, most used first, then by name.
    func tags(userID: UUID) async throws -> [(tag: String, count: Int)]
    /// Replaces `tag` with `replacement` in every entry of the user that has it (nil: removes it),
    /// keeping each entry's tags in order and each once; the entries' text stays. Returns how many
    /// entries changed (0: the user has no such tag). Renaming and merging are both this.
    func replaceTag(userID: UUID, tag: String, with replacement: String?, at now: Date) async throws -> Int
    /// The dates of the user's entries in `from...to` (the day each is about), oldest first, once
    /// per entry: the calendar marks them.
    func entryDates(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [LocalDate]
    /// The user's entries about any of `dates`, newest date first: "on this day" memories.
    func entries(userID: UUID, on dates: [LocalDate]) async throws -> [JournalEntry]
}
