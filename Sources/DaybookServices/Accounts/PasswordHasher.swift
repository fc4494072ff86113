import HummingbirdBcrypt
import NIOPosix

/// bcrypt, run on NIO's thread pool so a hash (a quarter of a second at cost 12) never blocks an
/// event loop.
public struct PasswordHasher: Sendable {
    /// 12 in production. Tests lower it (through `DAYBOOK_BCRYPT_COST`) to stay fast.
    public let cost: Int

    public init(cost: Int = 12) {
        self.cost = min(max(cost, 4), 31)
    }

    public func hash(_ password: String) async throws -> String {
        let cost = UInt8(self.cost)
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// A real hash of a random password, verified against when a login names no account, so that
    /// unknown and known accounts take the same time to refuse.
    public func decoyHash() async throws -> String {
        try await hash(SessionToken.generate())
    }
}
