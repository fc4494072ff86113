/// Who may read a journal entry besides its author (issue 15 adds the middle one).
public enum JournalVisibility: String, Sendable, Hashable, Codable, CaseIterable {
    /// Only the author.
    case `private`
    /// The author's friends, in their Friends feed; nowhere else.
    case friends
    /// Every user, in the public feed, and the author's public profile.
    case `public`
}
