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

/// Who a public profile shows: only what the person put on their profile.
public struct PublicProfile: Sendable, Hashable {
    public var id: UUID
    public var username: String
    public var displayName: String
    public var bio: String
    public var avatarMediaID: UUID?

    init(_ user: User) {
        self.id = user.id
        self.username = user.username
        self.displayName = user.displayName
        self.bio = user.bio
        self.avatarMediaID = user.avatarMediaID
    }
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
        let entry = try await validate(input, id: .timeOrdered(), user: user)
        try await store.journal.create(entry)
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
            try await store.journal.publicEntries(authorID: nil, after: $0, limit: $1)
        }
    }

    /// A public profile (`/u/{username}`): who the person is and a page of their public entries,
    /// newest first. Nothing private or friends-only is ever on it. `NotFound` for a username
    /// nobody has (an email address included).
    public func profile(username: String, cursor: String? = nil, limit: Int = 20) async throws
        -> (author: PublicProfile, page: PublicJournalPage)
    {
        let author = try await publicProfile(username: username)
        let page = try await othersPage(cursor: cursor, limit: limit) {
            try await store.journal.publicEntries(authorID: author.id, after: $0, limit: $1)
        }
        return (author, page)
    }

    /// Who a public profile shows, without its entries. `NotFound` for a username nobody has.
    public func publicProfile(username: String) async throws -> PublicProfile {
        guard let user = try await store.users.user(username: username) else { throw NotFound() }
        return PublicProfile(user)
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

    /// Renames one of the user's tags on every entry that has it. `NotFound` when no entry has
    /// `tag`; a field error on `name` when the new name cannot be a tag or is already one of the
    /// user's tags (that is a merge, asked for as one). Returns how many entries changed.
    @discardableResult
    public func renameTag(user: User, tag raw: String, to newName: String) async throws -> Int {
        let tag = try existingTag(raw)
        guard let name = JournalRules.tag(newName) else {
            throw ValidationError([
                FieldError(
                    field: "name", code: "invalid", message: "A tag is one word of at most 40 characters, without /.")
            ])
        }
        if name == tag { return 0 }
        if try await store.journal.tags(userID: user.id).contains(where: { $0.tag == name }) {
            throw ValidationError([
                FieldError(
                    field: "name", code: "exists", message: "There is already a tag “\(name)”: merge the two instead.")
            ])
        }
        return try await replace(tag, with: name, userID: user.id)
    }

    /// Merges `tag` into `into`: every entry with `tag` gets `into` instead (once). `NotFound` when
    /// no entry has `tag`; a field error on `into` when it is not one of the user's tags or is
    /// `tag` itself. Returns how many entries changed.
    @discardableResult
    public func mergeTag(user: User, tag raw: String, into target: String) async throws -> Int {
        let tag = try existingTag(raw)
        let tags = try await store.journal.tags(userID: user.id)
        guard let into = JournalRules.tag(target), tags.contains(where: { $0.tag == into }) else {
            throw ValidationError([
                FieldError(field: "into", code: "unknown", message: "Choose one of your tags to merge into.")
            ])
        }
        guard into != tag else {
            throw ValidationError([
                FieldError(field: "into", code: "invalid", message: "A tag cannot merge into itself.")
            ])
        }
        return try await replace(tag, with: into, userID: user.id)
    }

    /// Takes a tag off every entry that has it; the entries and their text stay. `NotFound` when
    /// no entry has it. Returns how many entries changed.
    @discardableResult
    public func deleteTag(user: User, tag raw: String) async throws -> Int {
        try await replace(try existingTag(raw), with: nil, userID: user.id)
    }

    /// A tag as a URL gives it; one that cannot be a tag is one nobody has.
    private func existingTag(_ raw: String) throws -> String {
        guard let tag = JournalRules.tag(raw) else { throw NotFound() }
        return tag
    }

    private func replace(_ tag: String, with replacement: String?, userID: UUID) async throws -> Int {
        let changed = try await store.journal.replaceTag(
            userID: userID, tag: tag, with: replacement, at: now().roundedToMicroseconds)
        guard changed > 0 else { throw NotFound() }
        return changed
    }

    // MARK: Helpers

    private func validate(_ input: JournalEntryInput, id: UUID, user: User) async throws -> JournalEntry {
        var errors = FieldErrors()
        let entry = errors.check {
            let now = now().roundedToMicroseconds
            return try JournalRules.validate(
                input, id: id, userID: user.id, now: now, today: LocalDate.today(in: user.zone, now: now))
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
