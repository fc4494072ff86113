import Foundation

/// What can be shared with a friend (issue 15): a closet item, or an outfit (with its items).
public enum ShareKind: String, Sendable, Hashable, Codable, CaseIterable {
    case item, outfit
}

/// One thing shared by one user with one friend, with an optional message. The friend may see it
/// (and its photos) while it stands and they are friends; withdrawing, unfriending, blocking or
/// deleting the thing ends that at once.
public struct Share: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    /// Who shared it (and owns the thing).
    public var userID: UUID
    public var recipientID: UUID
    public var kind: ShareKind
    public var targetID: UUID
    public var message: String
    public var createdAt: Date

    public init(
        id: UUID = UUID(), userID: UUID, recipientID: UUID, kind: ShareKind, targetID: UUID, message: String,
        createdAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.recipientID = recipientID
        self.kind = kind
        self.targetID = targetID
        self.message = message
        self.createdAt = createdAt
    }
}

/// A share as a list shows it: the other person (who shared it, or with whom), and the thing's
/// name and picture.
public struct SharedThing: Sendable, Hashable {
    public var share: Share
    public var person: UserSummary
    public var name: String
    public var photoID: UUID?

    public init(share: Share, person: UserSummary, name: String, photoID: UUID?) {
        self.share = share
        self.person = person
        self.name = name
        self.photoID = photoID
    }
}

/// How a share request is checked.
public enum ShareRules {
    public static let messageMaxLength = 500
    public static let targetsMax = 50
    public static let recipientsMax = 20

    /// - Throws: `ValidationError` on `itemIds` (nothing to share, or too many), `friendIds` (nobody,
    ///   or too many) and `message`.
    public static func validate(itemIDs: [UUID], outfitIDs: [UUID], friendIDs: [UUID], message: String) throws
        -> String
    {
        var errors = FieldErrors()
        let targets = itemIDs.uniqued().count + outfitIDs.uniqued().count
        if targets == 0 {
            errors.add("itemIds", "required", "Choose something to share.")
        } else if targets > targetsMax {
            errors.add("itemIds", "too_many", "Share at most \(targetsMax) things at once.")
        }
        let friends = friendIDs.uniqued().count
        if friends == 0 {
            errors.add("friendIds", "required", "Choose at least one friend.")
        } else if friends > recipientsMax {
            errors.add("friendIds", "too_many", "Share with at most \(recipientsMax) friends at once.")
        }
        let text = errors.check {
            try DayEntryRules.text(message, field: "message", max: messageMaxLength, what: "The message")
        }
        try errors.throwIfAny()
        return text!
    }
}
