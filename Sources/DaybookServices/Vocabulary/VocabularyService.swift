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
    /// Only the words and people these ids name (the user's own; others are left out): what an
    /// answer about a few entries or check-ins needs, without reading the whole vocabulary.
    /// With a cache, from the user's cached vocabulary, read again when it lacks one of the ids.
    public func lookup(userID: UUID, itemIDs: [UUID], personIDs: [UUID] = []) async throws -> VocabularyLookup {
        guard let cache else {
            let found = try await store.vocabulary.named(
                userID: userID, itemIDs: Array(Set(itemIDs)), personIDs: Array(Set(personIDs)))
            return VocabularyLookup(items: found.items, people: found.people)
        }
        if let part = try await lookup(userID: userID).part(itemIDs, personIDs, allKnown: true) { return part }
        // A word added since the copy was read (or another user's id, which stays unnamed).
        return try await cache.readAgain(userID: userID) { try await readVocabulary(userID: userID) }
            .part(itemIDs, personIDs, allKnown: false)!
    }

    /// The words and people that these day entries name.
    public func lookup(userID: UUID, days: [DayEntry]) async throws -> VocabularyLookup {
        try await lookup(userID: userID, days: days, checkins: [])
    }

    /// The words and people that these check-ins name.
    public func lookup(userID: UUID, checkins: [Checkin]) async throws -> VocabularyLookup {
        try await lookup(userID: userID, days: [], checkins: checkins)
    }

    /// The words and people that these day entries and check-ins name, in one read.
    public func lookup(userID: UUID, days: [DayEntry], checkins: [Checkin]) async throws -> VocabularyLookup {
        try await lookup(
            userID: userID,
            itemIDs: days.flatMap(\.activityIDs)
                + checkins.flatMap { [$0.feelingID] + ($0.activityID.map { [$0] } ?? []) },
            personIDs: checkins.flatMap(\.personIDs))
    }
}

/// A user's vocabulary by id, for showing entries: the whole of it, or the part a few records name.
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

    private init(
        items: [UUID: VocabularyItem], people: [UUID: Person], feelings: [VocabularyItem],
        activities: [VocabularyItem], allPeople: [Person]
    ) {
        self.items = items
        self.people = people
        self.feelings = feelings
        self.activities = activities
        self.allPeople = allPeople
    }

    /// The words and people with these ids (repeats allowed), in this lookup's order; nil if
    /// `allKnown` and one of them is not here.
    ///
    /// Every write and every answer about a few records asks for a few ids of ~50: only the ids
    /// asked for are hashed, and the lists are walked by index for their order, copying only
    /// what was found (hashing every word's id and a `Set` of the ids asked for were 3 % of
    /// reading a check-in; copying every word 2.4 % of creating one).
    func part(_ itemIDs: [UUID], _ personIDs: [UUID], allKnown: Bool) -> VocabularyLookup? {
        guard let foundItems = Self.found(itemIDs, in: items, allKnown: allKnown),
            let foundPeople = Self.found(personIDs, in: people, allKnown: allKnown)
        else { return nil }
        return VocabularyLookup(
            items: foundItems, people: foundPeople, feelings: Self.ordered(foundItems, as: feelings),
            activities: Self.ordered(foundItems, as: activities), allPeople: Self.ordered(foundPeople, as: allPeople))
    }

    /// The entries of `all` with these ids; nil if `allKnown` and one is missing.
    private static func found<Element>(_ ids: [UUID], in all: [UUID: Element], allKnown: Bool) -> [UUID: Element]? {
        var found: [UUID: Element] = [:]
        for id in ids where found[id] == nil {
            // A page names the same few words many times: each is copied once.
            if let element = all[id] {
                found[id] = element
            } else if allKnown {
                return nil
            }
        }
        return found
    }

    /// The elements of `list` that are in `found`, in the list's order. A few ids (a record's)
    /// are compared directly, many (a page's) through the dictionary.
    private static func ordered<Element: Identifiable>(_ found: [UUID: Element], as list: [Element]) -> [Element]
    where Element.ID == UUID {
        guard !found.isEmpty else { return [] }
        if found.count <= 8 {
            let ids = Array(found.keys)
            return list.indices.filter { ids.contains(list[$0].id) }.map { list[$0] }
        }
        return list.indices.filter { found[list[$0].id] != nil }.map { list[$0] }
    }
}
