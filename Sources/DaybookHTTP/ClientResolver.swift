import DaybookServices
import HTTPTypes
import Hummingbird
import NIOCore

/// Works out the client's address and scheme. `X-Forwarded-For` and `X-Forwarded-Proto` are
/// honoured only when the connection comes from a configured trusted proxy; from anyone else they
/// are ignored, since a client can send whatever headers it likes.
public struct ClientResolver: Sendable {
    public let trustedProxies: Set<String>

    public init(trustedProxies: Set<String>) {
        self.trustedProxies = trustedProxies
    }

    public func resolve(remote: SocketAddress?, headers: HTTPFields) -> (ipAddress: String, isSecure: Bool) {
        let peer = remote?.ipAddress ?? "unknown"
        guard trustedProxies.contains(peer) else { return (peer, false) }
        let secure = headers[.xForwardedProto]?.split(separator: ",").first?
            .trimmingCharacters(in: .whitespaces).lowercased() == "https"
        // The last address is the one our proxy saw; earlier ones were written by the client.
        let forwarded = headers[.xForwardedFor]?.split(separator: ",").last?.trimmingCharacters(in: .whitespaces)
        return (forwarded.flatMap { $0.isEmpty ? nil : $0 } ?? peer, secure)
    }
}

extension HTTPField.Name {
    public static let xForwardedFor = Self("X-Forwarded-For")!
    public static let xForwardedProto = Self("X-Forwarded-Proto")!
    public static let xCSRFToken = Self("X-CSRF-Token")!
}
