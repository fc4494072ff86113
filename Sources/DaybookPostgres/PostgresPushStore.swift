import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresPushStore: PushStore {
    let client: PostgresClient
    let logger: Logger

    func vapidKey(candidate: Data) async throws -> Data {
        try await client.execute(
            "INSERT INTO push_keys (id, private_key) VALUES (1, \(candidate.base64EncodedString())) ON CONFLICT DO NOTHING",
            logger: logger)
        let stored: String? = try await client.rows("SELECT private_key FROM push_keys WHERE id = 1", logger: logger)
            .first?.value("private_key")
        return stored.flatMap { Data(base64Encoded: $0) } ?? candidate
    }

    static func subscription(_ row: PostgresRandomAccessRow, prefix: String = "") throws -> PushSubscription {
        PushSubscription(
            id: try row.value(prefix + "id"), userID: try row.value(prefix + "user_id"),
            kind: PushSubscription.Kind(rawValue: try row.value(prefix + "kind")) ?? .webPush,
            endpoint: try row.value(prefix + "endpoint"),
            p256dh: Data(base64Encoded: try row.value(prefix + "p256dh", as: String.self)) ?? Data(),
            auth: Data(base64Encoded: try row.value(prefix + "auth", as: String.self)) ?? Data(),
            deviceName: try row.value(prefix + "device_name"), createdAt: try row.time(prefix + "created_at"))
    }

    func save(_ subscription: PushSubscription) async throws -> PushSubscription {
        try await client.rows(
            """
            INSERT INTO push_subscriptions (user_id, id, endpoint, p256dh, auth, device_name, created_at, kind)
            VALUES (\(subscription.userID), \(subscription.id), \(subscription.endpoint),
                \(subscription.p256dh.base64EncodedString()), \(subscription.auth.base64EncodedString()),
                \(subscription.deviceName), \(PGTime(subscription.createdAt)), \(subscription.kind.rawValue))
            ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
                device_name = excluded.device_name
            RETURNING *
            """, logger: logger
        ).first.map { try Self.subscription($0) } ?? subscription
    }

    func subscriptions(userID: UUID) async throws -> [PushSubscription] {
        try await client.rows(
            "SELECT * FROM push_subscriptions WHERE user_id = \(userID) ORDER BY created_at", logger: logger
        ).map { try Self.subscription($0) }
    }

    func delete(id: UUID, userID: UUID) async throws -> Bool {
        try await client.execute(
            "DELETE FROM push_subscriptions WHERE user_id = \(userID) AND id = \(id) RETURNING 1", logger: logger) > 0
    }

    func delete(subscriptionID: UUID) async throws {
        try await client.execute("DELETE FROM push_subscriptions WHERE id = \(subscriptionID)", logger: logger)
    }

    /// `FOR UPDATE SKIP LOCKED`: app servers draining at once each take other rows.
    func claimDue(at: Date, until: Date, limit: Int) async throws -> [PushDelivery] {
        try await client.rows(
            """
            WITH claimed AS (
                UPDATE push_outbox SET lease_until = \(PGTime(until))
                WHERE id IN (
                    SELECT id FROM push_outbox
                    WHERE due_at <= \(PGTime(at)) AND (lease_until IS NULL OR lease_until < \(PGTime(at)))
                    ORDER BY due_at LIMIT \(limit) FOR UPDATE SKIP LOCKED)
                RETURNING *
            )
            SELECT c.id AS o_id, c.notification_id, c.kind, c.text, c.link, c.created_at AS o_created_at, c.attempts,
                s.id AS s_id, s.user_id AS s_user_id, s.endpoint AS s_endpoint, s.p256dh AS s_p256dh, s.auth AS s_auth,
                s.device_name AS s_device_name, s.created_at AS s_created_at, s.kind AS s_kind
            FROM claimed c JOIN push_subscriptions s ON s.id = c.subscription_id
            """, logger: logger
        ).map { row in
            let subscription = try Self.subscription(row, prefix: "s_")
            return PushDelivery(
                id: try row.value("o_id"), subscription: subscription,
                notification: InboxNotification(
                    id: try row.value("notification_id"), userID: subscription.userID, kind: try row.value("kind"),
                    text: try row.value("text"), link: try row.value("link"), createdAt: try row.time("o_created_at")),
                attempts: try row.value("attempts"))
        }
    }

    func delivered(_ id: UUID) async throws {
        try await client.execute("DELETE FROM push_outbox WHERE id = \(id)", logger: logger)
    }

    func retry(_ id: UUID, at: Date) async throws {
        try await client.execute(
            "UPDATE push_outbox SET due_at = \(PGTime(at)), lease_until = NULL, attempts = attempts + 1 WHERE id = \(id)",
            logger: logger)
    }

    func nextDue() async throws -> Date? {
        try await client.rows(
            "SELECT min(greatest(due_at, coalesce(lease_until, due_at))) AS at FROM push_outbox", logger: logger
        ).first?.value("at", as: PGTime?.self)?.date
    }
}
