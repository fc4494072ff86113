import DaybookStorage
import Foundation
import GRDB

struct SQLiteIdempotencyStore: IdempotencyStore {
    let database: SQLiteDatabase

    func claim(userID: UUID, key: String, requestHash: String, at: Date) async throws -> IdempotencyClaim {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (user_id, key) DO NOTHING
                    """
            ).execute(arguments: [Stored.id(userID), key, requestHash, Stored.time(at)])
            if db.changesCount > 0 { return .claimed }
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT request_hash, status, content_type, location, body FROM idempotency_keys
                            WHERE user_id = ? AND key = ?
                            """),
                    arguments: [Stored.id(userID), key])
            else { return .claimed }
            let hash: String = row[0]
            guard let status: Int = row[1] else { return .inProgress(requestHash: hash) }
            return .answered(
                requestHash: hash,
                IdempotentResponse(status: status, contentType: row[2], location: row[3], body: row[4] ?? Data()))
        }
    }

    func complete(userID: UUID, key: String, response: IdempotentResponse) async throws {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    UPDATE idempotency_keys SET status = ?, content_type = ?, location = ?, body = ?
                    WHERE user_id = ? AND key = ?
                    """
            ).execute(arguments: [
                response.status, response.contentType, response.location, response.body, Stored.id(userID), key,
            ])
        }
    }

    func release(userID: UUID, key: String) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND status IS NULL")
                .execute(arguments: [Stored.id(userID), key])
        }
    }

    func deleteExpired(before: Date) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM idempotency_keys WHERE created_at < ?")
                .execute(arguments: [Stored.time(before)])
        }
    }
}
