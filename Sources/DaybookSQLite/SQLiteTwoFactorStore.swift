import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteTwoFactorStore: TwoFactorStore {
    let database: SQLiteDatabase

    func secret(userID: UUID) async throws -> TwoFactorSecret? {
        try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT user_id, secret, enabled, last_step, created_at FROM two_factor WHERE user_id = ?"),
                arguments: [Stored.id(userID)]
            ).map { row in
                TwoFactorSecret(
                    userID: row.uuid(0), secret: row[1], enabled: row[2], lastStep: row[3], createdAt: row.time(4))
            }
        }
    }

    func begin(_ secret: TwoFactorSecret) async throws {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO two_factor (user_id, secret, enabled, last_step, created_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, enabled = excluded.enabled,
                        last_step = excluded.last_step, created_at = excluded.created_at
                    """
            ).execute(arguments: [
                Stored.id(secret.userID), secret.secret, secret.enabled, secret.lastStep, Stored.time(secret.createdAt),
            ])
        }
    }

    func enable(userID: UUID, recoveryCodeHashes: [String]) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "UPDATE two_factor SET enabled = 1 WHERE user_id = ?").execute(arguments: [
                Stored.id(userID)
            ])
            guard db.changesCount > 0 else { return false }
            try replaceRecoveryCodes(db, userID: userID, hashes: recoveryCodeHashes)
            return true
        }
    }

    func disable(userID: UUID) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM two_factor WHERE user_id = ?").execute(arguments: [
                Stored.id(userID)
            ])
            try db.cachedStatement(sql: "DELETE FROM recovery_codes WHERE user_id = ?").execute(arguments: [
                Stored.id(userID)
            ])
        }
    }

    func useStep(userID: UUID, step: Int64) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(
                sql: "UPDATE two_factor SET last_step = ? WHERE user_id = ? AND enabled = 1 AND last_step < ?"
            ).execute(arguments: [step, Stored.id(userID), step])
            return db.changesCount > 0
        }
    }

    func replaceRecoveryCodes(userID: UUID, hashes: [String]) async throws {
        try await database.write { db in try replaceRecoveryCodes(db, userID: userID, hashes: hashes) }
    }

    private func replaceRecoveryCodes(_ db: Database, userID: UUID, hashes: [String]) throws {
        try db.cachedStatement(sql: "DELETE FROM recovery_codes WHERE user_id = ?").execute(arguments: [
            Stored.id(userID)
        ])
        for hash in hashes {
            try db.cachedStatement(sql: "INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)").execute(
                arguments: [Stored.id(userID), hash])
        }
    }

    func useRecoveryCode(userID: UUID, hash: String) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM recovery_codes WHERE user_id = ? AND code_hash = ?").execute(
                arguments: [Stored.id(userID), hash])
            return db.changesCount > 0
        }
    }

    func recoveryCodesLeft(userID: UUID) async throws -> Int {
        try database.read { db in
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM recovery_codes WHERE user_id = ?"),
                arguments: [Stored.id(userID)]) ?? 0
        }
    }

    func recoveryCodeHashes(userID: UUID) async throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db.cachedStatement(sql: "SELECT code_hash FROM recovery_codes WHERE user_id = ? ORDER BY code_hash"),
                arguments: [Stored.id(userID)])
        }
    }

    func insertChallenge(_ challenge: LoginChallenge) async throws {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO login_challenges (token_hash, user_id, kind, persistent, expires_at)
                    VALUES (?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                challenge.tokenHash, Stored.id(challenge.userID), challenge.kind.rawValue, challenge.persistent,
                Stored.time(challenge.expiresAt),
            ])
        }
    }

    func challenge(tokenHash: String) async throws -> LoginChallenge? {
        try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT token_hash, user_id, kind, persistent, expires_at FROM login_challenges
                        WHERE token_hash = ?
                        """), arguments: [tokenHash]
            ).map { row in
                LoginChallenge(
                    tokenHash: row[0], userID: row.uuid(1), kind: SessionKind(rawValue: row[2]) ?? .web,
                    persistent: row[3], expiresAt: row.time(4))
            }
        }
    }

    func deleteChallenge(tokenHash: String) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM login_challenges WHERE token_hash = ?").execute(arguments: [
                tokenHash
            ])
        }
    }

    func deleteExpiredChallenges(before: Date) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM login_challenges WHERE expires_at < ?").execute(arguments: [
                Stored.time(before)
            ])
        }
    }
}
