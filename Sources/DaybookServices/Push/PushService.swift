import AsyncHTTPClient
import Crypto
import DaybookCore
import DaybookStorage
import Foundation
import Logging
import NIOCore
import Synchronization

/// Web Push for the installed web app (RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID):
/// devices subscribe; every notification goes into a durable outbox (`PushStore`), which
/// `deliverDue` drains, on any app server, with retries and back-off.
public struct PushService: Sendable {
    public struct Settings: Sendable {
        /// The contact push services may use (RFC 8292 `sub`): `mailto:` or `https:`.
        public var contact = "mailto:daybook@localhost"
        /// Push services are HTTPS; plain HTTP only when the operator allows it (a local test
        /// service, a push server on the same private network).
        public var allowHTTP = false
        /// Push servers on loopback or a private network (see `OutboundRequestGuard`).
        public var allowPrivate = false
        /// Devices and push apps one person may register.
        public var devicesMax = 20
        /// Where people reach this Daybook (`https://daybook.example.org`), for the absolute link a
        /// push app opens when its notification is tapped; nil: no link is sent.
        public var publicURL: URL?

        public init() {}
    }

    let store: any DaybookStore
    let settings: Settings
    let outbound: OutboundRequestGuard
    let logger: Logger
    let now: @Sendable () -> Date
    private let key: VAPIDKey

    /// Gives up on a delivery after this many failed tries (about a day of back-off).
    static let maxAttempts = 12

    public init(
        store: any DaybookStore, settings: Settings = Settings(),
        logger: Logger = Logger(label: "daybook.push"), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.settings = settings
        self.outbound = OutboundRequestGuard(
            settings: .init(allowHTTP: settings.allowHTTP, allowPrivate: settings.allowPrivate))
        self.logger = logger
        self.now = now
        self.key = VAPIDKey(store: store)
    }

    /// The server's VAPID public key, base64url (the browser's `applicationServerKey`).
    public func publicKey() async throws -> String {
        WebPushCrypto.base64URL(try await key.get().publicKey.x963Representation)
    }

    // MARK: Devices

    /// Checks what a browser's `PushSubscription.toJSON()` gave and keeps it; each field's problem
    /// is reported by name.
    public func subscribe(
        userID: UUID, endpoint: String, p256dh: String, auth: String, deviceName: String
    ) async throws -> PushSubscription {
        var errors = FieldErrors()
        do {
            try await outbound.check(endpoint, registering: true)
        } catch let refused as OutboundRequestGuard.Refused {
            errors.add("endpoint", "invalid", "The push endpoint must be an https URL from the browser. \(refused.reason)")
        }
        let key = WebPushCrypto.data(base64URL: p256dh)
        if key.flatMap({ try? P256.KeyAgreement.PublicKey(x963Representation: $0) }) == nil {
            errors.add("keys.p256dh", "invalid", "This is not a P-256 public key (65 bytes, base64url).")
        }
        let secret = WebPushCrypto.data(base64URL: auth)
        if secret?.count != 16 { errors.add("keys.auth", "invalid", "The auth secret must be 16 bytes, base64url.") }
        try errors.throwIfAny()
        try await checkRoom(userID: userID, endpoint: endpoint)
        let name = String(deviceName.trimmingCharacters(in: .whitespacesAndNewlines).prefix(120))
        return try await store.push.save(
            PushSubscription(
                userID: userID, endpoint: endpoint, p256dh: key!, auth: secret!,
                deviceName: name.isEmpty ? "A device" : name, createdAt: now().roundedToMicroseconds))
    }

    /// A self-hosted push app (ntfy, Gotify-style): every notification is POSTed to `url` as
    /// plain text. Only `https` (or `http` when the operator allows it).
    public func addPushApp(userID: UUID, url: String) async throws -> PushSubscription {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            try await outbound.check(trimmed, registering: true)
        } catch let refused as OutboundRequestGuard.Refused {
            throw ValidationError([
                FieldError(
                    field: "endpoint", code: "invalid",
                    message: "Give the push app's https URL, like https://ntfy.example.org/my-daybook. \(refused.reason)")
            ])
        }
        try await checkRoom(userID: userID, endpoint: trimmed)
        return try await store.push.save(
            PushSubscription(
                userID: userID, kind: .pushApp, endpoint: trimmed, p256dh: Data(), auth: Data(),
                deviceName: "Push app at \(URL(string: trimmed)?.host ?? "")", createdAt: now().roundedToMicroseconds))
    }

    /// A person has at most `devicesMax` devices and push apps (one registered again replaces
    /// itself, so it does not count): each is a delivery for every notification.
    private func checkRoom(userID: UUID, endpoint: String) async throws {
        let devices = try await store.push.subscriptions(userID: userID)
        guard devices.count < settings.devicesMax || devices.contains(where: { $0.endpoint == endpoint }) else {
            throw LimitReached(
                "You have \(devices.count) devices and push apps, the most Daybook keeps: remove one first.",
                retryAfterSeconds: 60)
        }
    }

    public func subscriptions(userID: UUID) async throws -> [PushSubscription] {
        try await store.push.subscriptions(userID: userID)
    }

    /// `NotFound` when it is not the user's.
    public func unsubscribe(id: UUID, userID: UUID) async throws {
        guard try await store.push.delete(id: id, userID: userID) else { throw NotFound() }
    }

    // MARK: Delivery

    /// Sends what is due in the outbox; answers how many deliveries were tried. It looks before it
    /// claims: the outbox is polled every second and is nearly always empty, and a claim is a write
    /// (on SQLite it took the writer's lock every second on an idle server, to write nothing).
    @discardableResult
    public func deliverDue(limit: Int = 50) async throws -> Int {
        let time = now()
        guard let next = try await store.push.nextDue(), next <= time else { return 0 }
        let due = try await store.push.claimDue(at: time, until: time.addingTimeInterval(60), limit: limit)
        guard !due.isEmpty else { return 0 }
        let signingKey = try await key.get()
        await withTaskGroup(of: Void.self) { group in
            for delivery in due {
                group.addTask { await deliver(delivery, key: signingKey) }
            }
        }
        return due.count
    }

    private func deliver(_ delivery: PushDelivery, key: P256.Signing.PrivateKey) async {
        let outcome: Outcome
        do {
            outcome = try await send(delivery, key: key)
        } catch let refused as OutboundRequestGuard.Refused {
            // Its name now points somewhere Daybook does not send to: no retry will change that.
            logger.notice("push refused", metadata: ["reason": "\(refused.reason)", "delivery": "\(delivery.id)"])
            outcome = .undeliverable
        } catch {
            logger.notice("push failed", metadata: ["error": "\(type(of: error))", "delivery": "\(delivery.id)"])
            outcome = .retry(after: nil)
        }
        do {
            switch outcome {
            case .delivered, .undeliverable:
                try await store.push.delivered(delivery.id)
            case .gone:
                try await store.push.delete(subscriptionID: delivery.subscription.id)
            case .retry where delivery.attempts + 1 >= Self.maxAttempts:
                try await store.push.delivered(delivery.id)
            case .retry(let asked):
                // Back-off, or what the server asked for when it asked for longer (within a day).
                let backOff = min(3600, 15 * pow(2, Double(delivery.attempts)))
                let wait = min(86_400, max(backOff, asked ?? 0))
                try await store.push.retry(delivery.id, at: now().addingTimeInterval(wait))
            }
        } catch {
            logger.warning("push outbox update failed", metadata: ["error": "\(error)"])
        }
    }

    enum Outcome: Equatable {
        case delivered, gone, undeliverable
        /// Try again, not before `after` seconds when the server said so (`Retry-After`).
        case retry(after: TimeInterval?)
    }

    private func send(_ delivery: PushDelivery, key: P256.Signing.PrivateKey) async throws -> Outcome {
        if delivery.subscription.kind == .pushApp { return try await sendToApp(delivery) }
        guard let endpoint = URL(string: delivery.subscription.endpoint),
            let subscriberKey = try? P256.KeyAgreement.PublicKey(x963Representation: delivery.subscription.p256dh)
        else { return .gone }
        let notification = delivery.notification
        let payload = try JSONSerialization.data(
            withJSONObject: [
                "id": notification.id.lowercasedString, "title": "Daybook", "body": notification.text,
                "link": notification.link, "kind": notification.kind,
            ], options: [.sortedKeys])
        let body = try WebPushCrypto.encrypt(
            payload, subscriberKey: subscriberKey, authSecret: delivery.subscription.auth)
        var request = HTTPClientRequest(url: delivery.subscription.endpoint)
        request.method = .POST
        request.headers.add(
            name: "Authorization",
            value: try WebPushCrypto.vapidAuthorization(
                endpoint: endpoint, key: key, subject: settings.contact, now: now()))
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "TTL", value: "86400")
        request.headers.add(name: "Urgency", value: "normal")
        // A resend (after a crash between sending and recording it) replaces the first at the
        // push service instead of arriving twice (RFC 8030 §5.4).
        request.headers.add(
            name: "Topic", value: notification.id.lowercasedString.replacingOccurrences(of: "-", with: ""))
        request.body = .bytes(ByteBuffer(bytes: body))
        return Self.outcome(try await outbound.send(request), now: now())
    }

    /// What a push service's (or push app's) answer means for the delivery.
    static func outcome(_ response: HTTPClientResponse, now: Date) -> Outcome {
        switch response.status.code {
        case 200...299: .delivered
        case 404, 410: .gone
        case 429, 500...599: .retry(after: response.headers.first(name: "Retry-After").flatMap { retryAfter($0, now: now) })
        default: .undeliverable  // 400, 413, and a redirect (never followed): sending it again would not help
        }
    }

    /// `Retry-After` as seconds or as an HTTP date (RFC 9110 §10.2.3), in seconds from now.
    static func retryAfter(_ value: String, now: Date) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return TimeInterval(min(seconds, 86_400)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, min(86_400, date.timeIntervalSince(now)))
    }
}

/// The VAPID signing key, read (or made) once per process from the store, so every app server
/// signs with the same key.
final class VAPIDKey: Sendable {
    private let store: any DaybookStore
    private let cached = Mutex<P256.Signing.PrivateKey?>(nil)

    init(store: any DaybookStore) {
        self.store = store
    }

    func get() async throws -> P256.Signing.PrivateKey {
        if let key = cached.withLock({ $0 }) { return key }
        let raw = try await store.push.vapidKey(candidate: P256.Signing.PrivateKey().rawRepresentation)
        let key = try P256.Signing.PrivateKey(rawRepresentation: raw)
        cached.withLock { $0 = key }
        return key
    }
}
