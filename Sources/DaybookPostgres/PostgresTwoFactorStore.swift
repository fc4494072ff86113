import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

struct PostgresTwoFactorStore: TwoFactorStore {
    let client: PostgresClient
    let logger: Logger

    func secret(userID: UUID) async throws -> TwoFactorSecret? {
        try await client.rows(
            "SELECT user_id, secret, enabled, last_step, created_at FROM two_factor WHERE user_id = \(userID)",
            logger: logger
        ).first.map { row in
            TwoFactorSecret(
                userID: try row.value("user_id"), secret: try row.value("secret"), enabled: try row.value("enabled"),
                lastStep: try row.value("last_step"), createdAt: try row.time("created_at"))
        }
    }

    func begin(_ secret: TwoFactorSecret) async throws {
        try await client.execute(
            """
            INSERT INTO two_factor (user_id, secret, enabled, last_step, created_at)
            VALUES (\(secret.userID), \(secret.secret), \(secret.enabled), \(secret.lastStep), \(PGTime(secret.createdAt)))
            ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, enabled = excluded.enabled,
                last_step = excluded.last_step, created_at = excluded.created_at
            """, logger: logger)
    }

    func enable(userID: UUID, recoveryCodeHashes: [String]) async throws -> Bool {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                let changed = try await connection.execute(
                    "UPDATE two_factor SET enabled = true WHERE user_id = \(userID) RETURNING 1", logger: logger)
                guard changed > 0 else { return false }
                try await Self.replaceRecoveryCodes(
                    connection, userID: userID, hashes: recoveryCodeHashes, logger: logger)
                return true
            }
        }
    }

    func disable(userID: UUID) async throws {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.execute("DELETE FROM two_factor WHERE user_id = \(userID)", logger: logger)
                try await connection.execute("DELETE FROM recovery_codes WHERE user_id = \(userID)", logger: logger)
            }
        }
    }

    func useStep(userID: UUID, step: Int64) async throws -> Bool {
        try await client.execute(
            """
            UPDATE two_factor SET last_step = \(step)
            WHERE user_id = \(userID) AND enabled AND last_step < \(step) RETURNING 1
            """, logger: logger) > 0
    }

    func replaceRecoveryCodes(userID: UUID, hashes: [String]) async throws {
        try await storeErrors {
            try await client.withTransaction(logger: logger) { connection in
                try await Self.replaceRecoveryCodes(connection, userID: userID, hashes: hashes, logger: logger)
            }
        }
    }

    private static func replaceRecoveryCodes(
        _ connection: PostgresConnection, userID: UUID, hashes: [String], logger: Logger
    ) async throws {
        try await connection.execute("DELETE FROM recovery_codes WHERE user_id = \(userID)", logger: logger)
        guard !hashes.isEmpty else { return }
        try await connection.execute(
            "INSERT INTO recovery_codes (user_id, code_hash) SELECT \(userID), h FROM unnest(\(hashes)::text[]) AS h",
            logger: logger)
    }

    func useRecoveryCode(userID: UUID, hash: String) async throws -> Bool {
        try await client.execute(
            "DELETE FROM recovery_codes WHERE user_id = \(userID) AND code_hash = \(hash) RETURNING 1", logger: logger)
            > 0
    }

    func recoveryCodesLeft(userID: UUID) async throws -> Int {
        try await client.rows("SELECT count(*) AS n FROM recovery_codes WHERE user_id = \(userID)", logger: logger)
            .first?.value("n") ?? 0
    }

    func recoveryCodeHashes(userID: UUID) async throws -> [String] {
        try await client.rows(
            "SELECT code_hash FROM recovery_codes WHERE user_id = \(userID) ORDER BY code_hash", logger: logger
        ).map { try $0.value("code_hash") }
    }

    func insertChallenge(_ challenge: LoginChallenge) async throws {
        try await client.execute(
            """
            INSERT INTO login_challenges (token_hash, user_id, kind, persistent, expires_at)
            VALUES (\(challenge.tokenHash), \(challenge.userID), \(challenge.kind.rawValue), \(challenge.persistent),
                \(PGTime(challenge.expiresAt)))
            """, logger: logger)
    }

    func challenge(tokenHash: String) async throws -> LoginChallenge? {
        try await client.rows(
            """
            SELECT token_hash, user_id, kind, persistent, expires_at FROM login_challenges
            WHERE token_hash = \(tokenHash)
            """, logger: logger
        ).first.map { row in
            LoginChallenge(
                tokenHash: try row.value("token_hash"), userID: try row.value("user_id"),
                kind: SessionKind(rawValue: try row.value("kind")) ?? .web, persistent: try row.value("persistent"),
                expiresAt: try row.time("expires_at"))
        }
    }

    func deleteChallenge(tokenHash: String) async throws {
        try await client.execute("DELETE FROM login_challenges WHERE token_hash = \(tokenHash)", logger: logger)
    }

    func deleteExpiredChallenges(before: Date) async throws {
        try await client.execute("DELETE FROM login_challenges WHERE expires_at < \(PGTime(before))", logger: logger)
    }
}
