import Foundation

/// Which list a vocabulary word belongs to.
public enum VocabularyKind: String, Sendable, Codable, CaseIterable {
    case feeling
    case activity
}

/// A feeling or an activity the user can pick: each user starts with the defaults
/// (`DefaultVocabulary`) and can add, rename, re-emoji and archive their own. Archived words stay
/// on old entries but are no longer offered.
public struct VocabularyItem: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var userID: UUID
    public var kind: VocabularyKind
    public var name: String
    public var emoji: String
    public var archived: Bool
    /// Order in pickers; defaults keep their built-in order, new words go last.
    public var position: Int
    public var createdAt: Date

    public init(
        id: UUID = .timeOrdered(), userID: UUID, kind: VocabularyKind, name: String, emoji: String,
        archived: Bool = false, position: Int = 0, createdAt: Date = Date()
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.name = name
        self.emoji = emoji
        self.archived = archived
        self.position = position
        self.createdAt = createdAt
    }
}

/// Someone the user spends time with (seed 002): the user's own list, added on the spot while
/// logging a check-in.
public struct Person: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var userID: UUID
    public var name: String
    public var archived: Bool
    public var createdAt: Date

    public init(id: UUID = .timeOrdered(), userID: UUID, name: String, archived: Bool = false, createdAt: Date = Date()) {
        self.id = id
        self.userID = userID
        self.name = name
        self.archived = archived
        self.createdAt = createdAt
    }
}
