import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresIdempotencyStore: IdempotencyStore {
    let client: PostgresClient
    let logger: Logger

    func claim(userID: UUID, key: String, requestHash: String, at: Date) async throws -> IdempotencyClaim {
        let inserted = try await client.rows(
            """
            INSERT INTO idempotency_keys (user_id, key, request_hash, created_at)
            VALUES (\(userID), \(key), \(requestHash), \(PGTime(at)))
            ON CONFLICT (user_id, key) DO NOTHING RETURNING 1 AS claimed
            """, logger: logger)
        if !inserted.isEmpty { return .claimed }
        guard
            let row = try await client.rows(
                """
                SELECT request_hash, status, content_type, location, body FROM idempotency_keys
                WHERE user_id = \(userID) AND key = \(key)
                """, logger: logger
            ).first
        else { return .claimed }
        let hash: String = try row.value("request_hash")
        guard let status: Int = try row.value("status", as: Int?.self) else { return .inProgress(requestHash: hash) }
        let body = try row.value("body", as: ByteBuffer?.self)
        return .answered(
            requestHash: hash,
            IdempotentResponse(
                status: status, contentType: try row.value("content_type"), location: try row.value("location"),
                body: body.map { Data($0.readableBytesView) } ?? Data()))
    }

    func complete(userID: UUID, key: String, response: IdempotentResponse) async throws {
        try await client.execute(
            """
            UPDATE idempotency_keys SET status = \(response.status), content_type = \(response.contentType),
                location = \(response.location), body = \(ByteBuffer(bytes: response.body))
            WHERE user_id = \(userID) AND key = \(key)
            """, logger: logger)
    }

    func release(userID: UUID, key: String) async throws {
        try await client.execute(
            "DELETE FROM idempotency_keys WHERE user_id = \(userID) AND key = \(key) AND status IS NULL",
            logger: logger)
    }

    func deleteExpired(before: Date) async throws {
        try await client.execute("DELETE FROM idempotency_keys WHERE created_at < \(PGTime(before))", logger: logger)
    }
}
