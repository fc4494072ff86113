import Foundation

/// One notification in a user's inbox: what it says, where tapping it leads, whether it was read.
/// Every way of reaching the user (the bell, the live stream, Web Push) starts from this row.
public struct InboxNotification: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var userID: UUID
    /// What made it, e.g. `reminder.checkin`, `reminder.daily`; clients may pick an icon by it.
    public var kind: String
    public var text: String
    /// A path on this site (`/checkins/new`), never another site.
    public var link: String
    public var createdAt: Date
    public var readAt: Date?

    public init(
        id: UUID = .timeOrdered(), userID: UUID, kind: String, text: String, link: String, createdAt: Date,
        readAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.text = text
        self.link = link
        self.createdAt = createdAt
        self.readAt = readAt
    }

    public var isRead: Bool { readAt != nil }
}
