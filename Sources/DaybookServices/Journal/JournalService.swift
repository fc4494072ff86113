import DaybookCore
import DaybookStorage
import Foundation

/// A page of the user's own entries, newest first.
public struct JournalPage: Sendable {
    public var entries: [JournalEntry]
    /// Give this back for the next (older) page; nil on the last page.
    public var nextCursor: String?
}

/// A page of the public feed, newest first.
public struct PublicJournalPage: Sendable {
    public var entries: [PublicJournalEntry]
    public var nextCursor: String?
}

/// An entry as a viewer may read it: their own, anyone's public one, or a friend's for friends.
public struct ReadableJournalEntry: Sendable {
    public var entry: JournalEntry
    /// Set when the viewer is not the author.
    public var author: JournalAuthor?
    public var viewerIsOwner: Bool { author == nil }
}

/// The journal (seeds 001, 003): entries with text, tags, a place and several photos, private or
/// public; the user's own feed and everyone's public one.
///
/// Photos must be the user's own (someone else's id looks exactly like none). A photo an entry
/// stops showing, by an edit or the entry's deletion, is deleted when nothing else uses it.
public struct JournalService: Sendable {
    let store: any DaybookStore
    let media: MediaService
    let now: @Sendable () -> Date

    public init(store: any DaybookStore, media: MediaService, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.media = media
        self.now = now
    }

    /// Writes a new entry.
    public func create(user: User, input: JournalEntryInput) async throws -> JournalEntry {
        let entry = try await validate(input, id: UUID(), user: user)
        try await store.journal.save(entry, insert: true)
        return entry
    }

    /// Replaces the text, tags, place, photos and visibility of the user's entry; its creation
    /// time stays. `NotFound` if it is not theirs.
    public func update(user: User, id: UUID, input: JournalEntryInput) async throws -> JournalEntry {
        guard let existing = try await store.journal.entry(id: id, userID: user.id) else { throw NotFound() }
        var entry = try await validate(input, id: id, user: user)
        entry.createdAt = existing.createdAt
        guard try await store.journal.save(entry, insert: false) else { throw NotFound() }
        try await release(Set(existing.photoIDs).subtracting(entry.photoIDs), userID: user.id)
        return entry
    }

    /// Deletes the user's entry and the photos nothing else uses. `NotFound` if it is not theirs.
    public func delete(user: User, id: UUID) async throws {
        guard let entry = try await store.journal.delete(id: id, userID: user.id) else { throw NotFound() }
        try await release(Set(entry.photoIDs), userID: user.id)
    }

    /// The viewer's own entry, anyone's public one, or a friend's friends-only one (`viewer` nil:
    /// not logged in, public only). Everything else is `NotFound`, exactly like an entry that does
    /// not exist.
    public func entry(id: UUID, viewer: User?) async throws -> ReadableJournalEntry {
        if let viewer, let own = try await store.journal.entry(id: id, userID: viewer.id) {
            return ReadableJournalEntry(entry: own, author: nil)
        }
        guard let shown = try await store.journal.readableEntry(id: id, viewerID: viewer?.id) else { throw NotFound() }
        return ReadableJournalEntry(entry: shown.entry, author: shown.author)
    }

    /// The user's entries, newest first; only those tagged `tag` when given.
    public func page(userID: UUID, tag: String? = nil, cursor: String? = nil, limit: Int = 20) async throws
        -> JournalPage
    {
        let after = try Self.cursor(cursor)
        var filter: String?
        if let tag, !tag.isEmpty {
            guard let clean = JournalRules.tag(tag) else {
                throw ValidationError([FieldError(field: "tag", code: "invalid", message: "That is not a tag.")])
            }
            filter = clean
        }
        let limit = Self.clamp(limit)
        let entries = try await store.journal.entries(userID: userID, tag: filter, after: after, limit: limit + 1)
        let page = Array(entries.prefix(limit))
        return JournalPage(
            entries: page, nextCursor: entries.count > limit ? page.last.map { Self.token($0) } : nil)
    }

    /// Everyone's public entries, newest first (the viewer's own public ones included).
    public func publicPage(cursor: String? = nil, limit: Int = 20) async throws -> PublicJournalPage {
        try await othersPage(cursor: cursor, limit: limit) {
            try await store.journal.publicEntries(after: $0, limit: $1)
        }
    }

    /// The viewer's friends' entries for friends or for everyone, newest first: the Friends feed.
    public func friendsPage(viewer: User, cursor: String? = nil, limit: Int = 20) async throws -> PublicJournalPage {
        try await othersPage(cursor: cursor, limit: limit) {
            try await store.journal.friendsEntries(viewerID: viewer.id, after: $0, limit: $1)
        }
    }

    /// A page of other people's entries: one more than `limit` is read to know whether there is a
    /// next page.
    private func othersPage(
        cursor: String?, limit: Int, read: (PageCursor?, Int) async throws -> [PublicJournalEntry]
    ) async throws -> PublicJournalPage {
        let after = try Self.cursor(cursor)
        let limit = Self.clamp(limit)
        let entries = try await read(after, limit + 1)
        let page = Array(entries.prefix(limit))
        return PublicJournalPage(
            entries: page, nextCursor: entries.count > limit ? page.last.map { Self.token($0.entry) } : nil)
    }

    /// The user's tags, most used first.
    public func tags(userID: UUID) async throws -> [(tag: String, count: Int)] {
        try await store.journal.tags(userID: userID)
    }

    // MARK: Helpers

    private func validate(_ input: JournalEntryInput, id: UUID, user: User) async throws -> JournalEntry {
        var errors = FieldErrors()
        let entry = errors.check {
            try JournalRules.validate(input, id: id, userID: user.id, now: now().roundedToMicroseconds)
        }
        if let entry { try await media.checkOwned(entry.photoIDs, userID: user.id, field: "photoIds", into: &errors) }
        try errors.throwIfAny()
        return entry!
    }

    private func release(_ photos: Set<UUID>, userID: UUID) async throws {
        for photo in photos { try await media.release(userID: userID, id: photo) }
    }

    static func clamp(_ limit: Int) -> Int { min(max(limit, 1), 100) }

    static func token(_ entry: JournalEntry) -> String {
        PageCursor(createdAt: entry.createdAt, id: entry.id).token
    }

    static func cursor(_ text: String?) throws -> PageCursor? {
        guard let text, !text.isEmpty else { return nil }
        guard let cursor = PageCursor(token: text) else {
            throw ValidationError([.invalidCursor])
        }
        return cursor
    }
}
