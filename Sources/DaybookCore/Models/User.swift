import Foundation

/// A person with an account. The password hash is not part of this value: it never leaves storage
/// except through `UserStore.passwordHash(userID:)`, so it cannot end up in a page or a response.
public struct User: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    /// Trimmed and lower-cased (see `EmailAddress`).
    public var email: String
    /// Stored as typed; unique ignoring case (see `Username`).
    public var username: String
    public var displayName: String
    public var bio: String
    /// An IANA time-zone name, e.g. `Europe/Helsinki`. Decides what "today" is for this user.
    public var timeZone: String
    public var avatarMediaID: UUID?
    /// The day weeks start on for this user, ISO 1 (Monday, the default) to 7 (Sunday).
    public var weekStart: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID = .timeOrdered(), email: String, username: String, displayName: String = "", bio: String = "",
        timeZone: String = "UTC", avatarMediaID: UUID? = nil, weekStart: Int = 1, createdAt: Date = Date(),
        updatedAt: Date = Date()
    ) {
        self.id = id
        self.email = email
        self.username = username
        self.displayName = displayName
        self.bio = bio
        self.timeZone = timeZone
        self.avatarMediaID = avatarMediaID
        self.weekStart = weekStart
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The name to show: the display name when set, else the username.
    public var shownName: String { displayName.isEmpty ? username : displayName }

    /// Up to two letters for the avatar circle when there is no picture.
    public var initials: String { Self.initials(of: shownName) }

    /// Up to two letters of a name ("Ann Lee" → "AL", "ann_lee" → "AL"), for avatar circles.
    public static func initials(of name: String) -> String {
        let words = name.split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "." })
        let letters = words.prefix(2).compactMap(\.first).map { String($0).uppercased() }
        return letters.isEmpty ? "?" : letters.joined()
    }

    /// The user's time zone, falling back to UTC if the stored name is somehow unknown.
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")! }
}
