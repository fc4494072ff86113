import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLitePushStore: PushStore {
    let database: SQLiteDatabase

    func vapidKey(candidate: Data) async throws -> Data {
        try await database.write { db in
            try db.cachedStatement(sql: "INSERT INTO push_keys (id, private_key) VALUES (1, ?) ON CONFLICT DO NOTHING")
                .execute(arguments: [candidate])
            return try Data.fetchOne(db.cachedStatement(sql: "SELECT private_key FROM push_keys WHERE id = 1"))
                ?? candidate
        }
    }

    static let subscriptionColumns = "id, user_id, endpoint, p256dh, auth, device_name, created_at, kind"

    static func subscription(_ row: Row, from start: Int = 0) -> PushSubscription {
        PushSubscription(
            id: row.uuid(start), userID: row.uuid(start + 1),
            kind: PushSubscription.Kind(rawValue: row[start + 7]) ?? .webPush, endpoint: row[start + 2],
            p256dh: row[start + 3], auth: row[start + 4], deviceName: row[start + 5], createdAt: row.time(start + 6))
    }

    func save(_ subscription: PushSubscription) async throws -> PushSubscription {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO push_subscriptions (\(Self.subscriptionColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
                        device_name = excluded.device_name
                    """
            ).execute(arguments: [
                Stored.id(subscription.id), Stored.id(subscription.userID), subscription.endpoint, subscription.p256dh,
                subscription.auth, subscription.deviceName, Stored.time(subscription.createdAt),
                subscription.kind.rawValue,
            ])
            return try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT \(Self.subscriptionColumns) FROM push_subscriptions WHERE user_id = ? AND endpoint = ?"
                ),
                arguments: [Stored.id(subscription.userID), subscription.endpoint]
            ).map { Self.subscription($0) } ?? subscription
        }
    }

    func subscriptions(userID: UUID) async throws -> [PushSubscription] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql:
                        "SELECT \(Self.subscriptionColumns) FROM push_subscriptions WHERE user_id = ? ORDER BY created_at"
                ),
                arguments: [Stored.id(userID)]
            ).map { Self.subscription($0) }
        }
    }

    func delete(id: UUID, userID: UUID) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM push_subscriptions WHERE id = ? AND user_id = ?").execute(
                arguments: [Stored.id(id), Stored.id(userID)])
            return db.changesCount > 0
        }
    }

    func delete(subscriptionID: UUID) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM push_subscriptions WHERE id = ?").execute(arguments: [
                Stored.id(subscriptionID)
            ])
        }
    }

    func claimDue(at: Date, until: Date, limit: Int) async throws -> [PushDelivery] {
        try await database.write { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT o.id, o.notification_id, o.kind, o.text, o.link, o.created_at, o.attempts,
                            \(Stored.qualified(Self.subscriptionColumns, by: "s"))
                        FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id
                        WHERE o.due_at <= ? AND (o.lease_until IS NULL OR o.lease_until < ?)
                        ORDER BY o.due_at LIMIT ?
                        """), arguments: [Stored.time(at), Stored.time(at), limit])
            return try rows.map { row in
                let id = row.uuid(0)
                try db.cachedStatement(sql: "UPDATE push_outbox SET lease_until = ? WHERE id = ?").execute(arguments: [
                    Stored.time(until), Stored.id(id),
                ])
                let subscription = Self.subscription(row, from: 7)
                return PushDelivery(
                    id: id, subscription: subscription,
                    notification: InboxNotification(
                        id: row.uuid(1), userID: subscription.userID, kind: row[2], text: row[3], link: row[4],
                        createdAt: row.time(5)),
                    attempts: row[6])
            }
        }
    }

    func delivered(_ id: UUID) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM push_outbox WHERE id = ?").execute(arguments: [Stored.id(id)])
        }
    }

    func retry(_ id: UUID, at: Date) async throws {
        try await database.write { db in
            try db.cachedStatement(
                sql: "UPDATE push_outbox SET due_at = ?, lease_until = NULL, attempts = attempts + 1 WHERE id = ?"
            ).execute(arguments: [Stored.time(at), Stored.id(id)])
        }
    }

    func nextDue() async throws -> Date? {
        try database.read { db in
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT min(max(due_at, coalesce(lease_until, 0))) FROM push_outbox")
            )
            .map { Date(microsecondsSince1970: $0) }
        }
    }
}
