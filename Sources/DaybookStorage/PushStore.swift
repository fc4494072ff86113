import DaybookCore
import Foundation

/// Somewhere a user's notifications are pushed: a browser that subscribed to Web Push (its push
/// service's URL and the keys to encrypt for it, RFC 8291), or a self-hosted push app (ntfy,
/// Gotify-style) that takes a plain HTTP POST per notification.
public struct PushSubscription: Sendable, Hashable, Identifiable {
    public enum Kind: String, Sendable, Hashable {
        case webPush = "webpush"
        /// A plain POST of the text; `p256dh` and `auth` are empty.
        case pushApp = "app"
    }

    public var id: UUID
    public var userID: UUID
    public var kind: Kind
    /// The push service's URL for this device; a capability, so it is never shown whole.
    public var endpoint: String
    /// The browser's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret.
    public var p256dh: Data
    public var auth: Data
    public var deviceName: String
    public var createdAt: Date

    public init(
        id: UUID = .timeOrdered(), userID: UUID, kind: Kind = .webPush, endpoint: String, p256dh: Data, auth: Data,
        deviceName: String, createdAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.deviceName = deviceName
        self.createdAt = createdAt
    }
}

/// A notification waiting to go to one device: the outbox row.
public struct PushDelivery: Sendable, Hashable {
    public var id: UUID
    public var subscription: PushSubscription
    public var notification: InboxNotification
    public var attempts: Int

    public init(id: UUID, subscription: PushSubscription, notification: InboxNotification, attempts: Int) {
        self.id = id
        self.subscription = subscription
        self.notification = notification
        self.attempts = attempts
    }
}

/// Web Push: the server's VAPID key (one for every app server), devices' subscriptions, and the
/// durable outbox that a background service drains.
public protocol PushStore: Sendable {
    /// The server's signing key (32 raw bytes), made by whichever app server asks first and then
    /// the same for all: `candidate` is stored only if there is none yet.
    func vapidKey(candidate: Data) async throws -> Data

    /// Adds a device, or updates it when its endpoint is already the user's.
    func save(_ subscription: PushSubscription) async throws -> PushSubscription
    func subscriptions(userID: UUID) async throws -> [PushSubscription]
    @discardableResult func delete(id: UUID, userID: UUID) async throws -> Bool
    /// The push service said the device is gone (404/410).
    func delete(subscriptionID: UUID) async throws

    /// Deliveries whose time has come and that nobody holds, each held until `until` (a lease: an
    /// app server that dies holding one lets it go to another when the lease ends).
    func claimDue(at: Date, until: Date, limit: Int) async throws -> [PushDelivery]
    func delivered(_ id: UUID) async throws
    /// Tries again later.
    func retry(_ id: UUID, at: Date) async throws
    /// The earliest delivery due, to know how long to sleep.
    func nextDue() async throws -> Date?
}
