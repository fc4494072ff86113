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
    /// The friend's one-emoji reaction, if they reacted.
    public var reaction: String?

    public init(
        id: UUID = .timeOrdered(), userID: UUID, recipientID: UUID, kind: ShareKind, targetID: UUID, message: String,
        createdAt: Date, reaction: String? = nil
    ) {
        self.id = id
        self.userID = userID
        self.recipientID = recipientID
        self.kind = kind
        self.targetID = targetID
        self.message = message
        self.createdAt = createdAt
        self.reaction = reaction
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
    /// The reactions a page offers; the API takes any single emoji.
    public static let suggestedReactions = ["❤️", "😍", "👍", "🔥", "😂", "🤔"]

    /// - Throws: `ValidationError` on `itemIds` (nothing to share, or too many), `recipients`
    ///   (nobody, or too many) and `message`.
    public static func validate(targets: Int, recipients: Int, message: String) throws -> String {
        var errors = FieldErrors()
        if targets == 0 {
            errors.add("itemIds", "required", "Choose something to share.")
        } else if targets > targetsMax {
            errors.add("itemIds", "too_many", "Share at most \(targetsMax) things at once.")
        }
        if recipients == 0 {
            errors.add("recipients", "required", "Choose at least one friend.")
        } else if recipients > recipientsMax {
            errors.add("recipients", "too_many", "Share with at most \(recipientsMax) friends at once.")
        }
        let text = errors.check {
            try DayEntryRules.text(message, field: "message", max: messageMaxLength, what: "The message")
        }
        try errors.throwIfAny()
        return text!
    }

    /// A reaction is exactly one emoji (with its skin tone, flag or family joined in: one
    /// character as a reader sees it), surrounding spaces ignored.
    ///
    /// - Throws: `ValidationError` on `emoji`.
    public static func reaction(_ raw: String) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count == 1, let character = text.first, isEmoji(character) else {
            throw ValidationError([
                FieldError(field: "emoji", code: "invalid", message: "React with one emoji, like ❤️ or 👍.")
            ])
        }
        return text
    }

    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        // Digits and # are "emoji" only with the presentation selector (keycaps).
        return first.properties.isEmojiPresentation || scalars.count > 1 || first.value > 0x238C
    }
}
