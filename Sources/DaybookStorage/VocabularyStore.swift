import DaybookCore
import Foundation

/// A user's feelings, activities and people. Every lookup takes the owner's id, so another user's
/// words are as unknown as ones that never existed.
public protocol VocabularyStore: Sendable {
    /// In picker order (position, then name). `kind` nil: both kinds.
    func items(userID: UUID, kind: VocabularyKind?, includeArchived: Bool) async throws -> [VocabularyItem]
    func item(id: UUID, userID: UUID) async throws -> VocabularyItem?
    func insert(_ items: [VocabularyItem]) async throws
    @discardableResult func update(_ item: VocabularyItem) async throws -> Bool
    /// The next free position for a new word of a kind.
    func nextPosition(userID: UUID, kind: VocabularyKind) async throws -> Int

    /// By name.
    func people(userID: UUID, includeArchived: Bool) async throws -> [Person]
    func person(id: UUID, userID: UUID) async throws -> Person?
    func insert(_ person: Person) async throws
    @discardableResult func update(_ person: Person) async throws -> Bool

    /// The user's words and people among these ids, archived ones included: what showing or
    /// checking a few records needs, instead of the whole vocabulary. Ids of another user's words
    /// are left out, as unknown ones are.
    func named(userID: UUID, itemIDs: [UUID], personIDs: [UUID]) async throws
        -> (items: [VocabularyItem], people: [Person])
}
