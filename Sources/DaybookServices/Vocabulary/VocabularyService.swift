import DaybookCore
import DaybookStorage
import Foundation

/// Feelings, activities and people: each user's own words to log with.
public struct VocabularyService: Sendable {
    let store: any DaybookStore
    /// Vocabularies read a moment ago; nil reads the database every time. Every change below
    /// forgets the user's.
    let cache: VocabularyCache?
    let now: @Sendable () -> Date

    public init(
        store: any DaybookStore, cache: VocabularyCache? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.cache = cache
        self.now = now
    }

    /// Gives a new user the default feelings and activities, in their built-in order.
    public func addDefaults(userID: UUID) async throws {
        let time = now().roundedToMicroseconds
        func words(_ list: [DefaultWord], _ kind: VocabularyKind) -> [VocabularyItem] {
            list.enumerated().map { index, word in
                VocabularyItem(
                    userID: userID, kind: kind, name: word.name, emoji: word.emoji, position: index, createdAt: time)
            }
        }
        try await store.vocabulary.insert(
            words(DefaultVocabulary.feelings, .feeling) + words(DefaultVocabulary.activities, .activity))
        cache?.forget(userID: userID)
    }

    public func items(userID: UUID, kind: VocabularyKind, includeArchived: Bool = false) async throws
        -> [VocabularyItem]
    {
        try await store.vocabulary.items(userID: userID, kind: kind, includeArchived: includeArchived)
    }

    /// A user's word of a kind; `NotFound` when it is another user's, another kind, or unknown.
    public func item(userID: UUID, id: UUID, kind: VocabularyKind) async throws -> VocabularyItem {
        guard let item = try await store.vocabulary.item(id: id, userID: userID), item.kind == kind else {
            throw NotFound()
        }
        return item
    }

    public func add(userID: UUID, kind: VocabularyKind, name: String, emoji: String) async throws -> VocabularyItem {
        var errors = FieldErrors()
        let name = errors.check { try VocabularyRules.validateName(name) }
        let emoji = errors.check { try VocabularyRules.validateEmoji(emoji) }
        if let name, try await hasName(name, userID: userID, kind: kind, except: nil) {
            errors.add("name", "taken", "You already have “\(name)”.")
        }
        try errors.throwIfAny()
        let item = VocabularyItem(
            userID: userID, kind: kind, name: name!, emoji: emoji!,
            position: try await store.vocabulary.nextPosition(userID: userID, kind: kind),
            createdAt: now().roundedToMicroseconds)
        try await store.vocabulary.insert([item])
        cache?.forget(userID: userID)
        return item
    }

    /// Renames, re-emojis, archives or brings back a word. Old entries keep pointing at it.
    public func change(
        userID: UUID, id: UUID, kind: VocabularyKind, name: String? = nil, emoji: String? = nil, archived: Bool? = nil
    ) async throws -> VocabularyItem {
        var item = try await item(userID: userID, id: id, kind: kind)
        var errors = FieldErrors()
        if let name, let valid = errors.check({ try VocabularyRules.validateName(name) }) {
            if try await hasName(valid, userID: userID, kind: kind, except: id) {
                errors.add("name", "taken", "You already have “\(valid)”.")
            }
            item.name = valid
        }
        if let emoji, let valid = errors.check({ try VocabularyRules.validateEmoji(emoji) }) { item.emoji = valid }
        try errors.throwIfAny()
        if let archived { item.archived = archived }
        try await store.vocabulary.update(item)
        cache?.forget(userID: userID)
        return item
    }

    private func hasName(_ name: String, userID: UUID, kind: VocabularyKind, except: UUID?) async throws -> Bool {
        try await store.vocabulary.items(userID: userID, kind: kind, includeArchived: true)
            .contains { $0.id != except && $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    // MARK: People

    public func people(userID: UUID, includeArchived: Bool = false) async throws -> [Person] {
        try await store.vocabulary.people(userID: userID, includeArchived: includeArchived)
    }

    public func person(userID: UUID, id: UUID) async throws -> Person {
        guard let person = try await store.vocabulary.person(id: id, userID: userID) else { throw NotFound() }
        return person
    }

    /// Adds a person by name, as while logging a check-in. An existing person with the same name
    /// (ignoring case) is returned, and brought back if archived, rather than duplicated.
    public func addPerson(userID: UUID, name: String) async throws -> Person {
        let name = try VocabularyRules.validatePersonName(name)
        if var existing = try await store.vocabulary.people(userID: userID, includeArchived: true)
            .first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame })
        {
            if existing.archived {
                existing.archived = false
                try await store.vocabulary.update(existing)
                cache?.forget(userID: userID)
            }
            return existing
        }
        let person = Person(userID: userID, name: name, createdAt: now().roundedToMicroseconds)
        try await store.vocabulary.insert(person)
        cache?.forget(userID: userID)
        return person
    }

    public func changePerson(userID: UUID, id: UUID, name: String? = nil, archived: Bool? = nil) async throws -> Person
    {
        var person = try await person(userID: userID, id: id)
        if let name { person.name = try VocabularyRules.validatePersonName(name) }
        if let archived { person.archived = archived }
        try await store.vocabulary.update(person)
        cache?.forget(userID: userID)
        return person
    }

    /// Every word and person of a user, archived included, by id: what a page needs to show
    /// entries and check-ins without one query per row.
    public func lookup(userID: UUID) async throws -> VocabularyLookup {
        guard let cache else { return try await readVocabulary(userID: userID) }
        return try await cache.vocabulary(userID: userID) { try await readVocabulary(userID: userID) }
    }

    /// The whole vocabulary from the database.
    private func readVocabulary(userID: UUID) async throws -> VocabularyLookup {
        async let items = store.vocabulary.items(userID: userID, kind: nil, includeArchived: true)
        async let people = store.vocabulary.people(userID: userID, includeArchived: true)
        return try await VocabularyLookup(items: items, people: people)
    }
}

extension VocabularyService {
    /// A lookup that names these ids when they are the user's (another user's id stays unnamed):
    /// what an answer about a few entries or check-ins needs. With a cache, the user's cached
    /// vocabulary itself, read again when it lacks one of the ids (a word added on another server);
    /// without, only these ids, from the database.
    public func lookup(userID: UUID, itemIDs: [UUID], personIDs: [UUID] = []) async throws -> VocabularyLookup {
        guard let cache else {
            let found = try await store.vocabulary.named(
                userID: userID, itemIDs: Array(Set(itemIDs)), personIDs: Array(Set(personIDs)))
            return VocabularyLookup(items: found.items, people: found.people)
        }
        return try await cached(cache, userID: userID) { vocabulary in
            itemIDs.allSatisfy { vocabulary.items[$0] != nil } && personIDs.allSatisfy { vocabulary.people[$0] != nil }
        }
    }

    /// The words and people that these day entries name.
    public func lookup(userID: UUID, days: [DayEntry]) async throws -> VocabularyLookup {
        try await lookup(userID: userID, days: days, checkins: [])
    }

    /// The words that these teasers name.
    public func lookup(userID: UUID, teasers: [DayTeaser]) async throws -> VocabularyLookup {
        try await lookup(userID: userID, itemIDs: teasers.flatMap(\.activityIDs))
    }

    /// The words and people that these check-ins name.
    public func lookup(userID: UUID, checkins: [Checkin]) async throws -> VocabularyLookup {
        try await lookup(userID: userID, days: [], checkins: checkins)
    }

    /// The words and people that these day entries and check-ins name, in one read. A page's
    /// ids are looked up where they are, not gathered first (gathering them and copying the words
    /// they name into a lookup of their own was 7 % of a list of 50 check-ins).
    public func lookup(userID: UUID, days: [DayEntry], checkins: [Checkin]) async throws -> VocabularyLookup {
        guard let cache else {
            return try await lookup(
                userID: userID,
                itemIDs: days.flatMap(\.activityIDs)
                    + checkins.flatMap { [$0.feelingID] + ($0.activityID.map { [$0] } ?? []) },
                personIDs: checkins.flatMap(\.personIDs))
        }
        return try await cached(cache, userID: userID) { vocabulary in
            days.allSatisfy { $0.activityIDs.allSatisfy { vocabulary.items[$0] != nil } }
                && checkins.allSatisfy { checkin in
                    vocabulary.items[checkin.feelingID] != nil
                        && checkin.activityID.map { vocabulary.items[$0] != nil } ?? true
                        && checkin.personIDs.allSatisfy { vocabulary.people[$0] != nil }
                }
        }
    }

    /// The user's cached vocabulary, or, when `namesAll` finds it lacking, the vocabulary read
    /// again (and kept).
    private func cached(
        _ cache: VocabularyCache, userID: UUID, namesAll: (VocabularyLookup) -> Bool
    ) async throws -> VocabularyLookup {
        let vocabulary = try await lookup(userID: userID)
        if namesAll(vocabulary) { return vocabulary }
        return try await cache.readAgain(userID: userID) { try await readVocabulary(userID: userID) }
    }
}

/// A user's vocabulary by id, for showing entries: the whole of it, or (read without a cache) the
/// words and people a few records name.
public struct VocabularyLookup: Sendable {
    public let items: [UUID: VocabularyItem]
    public let people: [UUID: Person]
    public let feelings: [VocabularyItem]
    public let activities: [VocabularyItem]
    public let allPeople: [Person]

    public init(items: [VocabularyItem], people: [Person]) {
        self.items = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        self.people = Dictionary(people.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        self.feelings = items.filter { $0.kind == .feeling }
        self.activities = items.filter { $0.kind == .activity }
        self.allPeople = people
    }
}
