import AsyncHTTPClient
import DaybookCore
import Foundation
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// The one way Daybook sends a request to a URL a person gave it (Web Push endpoints, push apps,
/// webhooks): the URL is checked when it is registered and again before every send, because a
/// name's addresses can change between the two.
///
/// A URL passes when its scheme is `https` (`http` only where the operator allows it) and every
/// address its host resolves to is public (`IPAddressKind`): `127.1`, `2130706433`, `[::1]`, a
/// name that resolves to 10.0.0.5 or to 169.254.169.254 are all refused. The request itself
/// follows no redirect (a 3xx is the answer, never a second request to wherever it points) and
/// has bounded timeouts. An operator whose push server is on their own network sets
/// `allowPrivate`; tests, which only ever send to loopback, do too.
///
/// What remains: the HTTP client resolves the name once more when it connects, so a name that
/// changes its answer within those milliseconds (DNS rebinding) is not caught; the client offers
/// no hook to hand it the checked address.
public struct OutboundRequestGuard: Sendable {
    public struct Settings: Sendable {
        /// Plain `http` URLs (a push server on the operator's own network).
        public var allowHTTP = false
        /// Loopback, private and link-local addresses (the same).
        public var allowPrivate = false

        public init(allowHTTP: Bool = false, allowPrivate: Bool = false) {
            self.allowHTTP = allowHTTP
            self.allowPrivate = allowPrivate
        }
    }

    /// Why a URL may not be sent to, for the person who gave it.
    public struct Refused: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    public let settings: Settings

    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// A name that does not resolve now (the resolver is down, or the name is new): not refused,
    /// since nothing can be reached through it, but not sent to either; a delivery tries again.
    public struct Unresolved: Error, Sendable, Equatable {
        public var host: String
    }

    /// Checks a URL: throws `Refused` with the reason, or `Unresolved` when its name has no
    /// address now. At registration (`registering`), a name without an address is let through:
    /// every send checks it again before anything goes out.
    @discardableResult
    public func check(_ text: String, registering: Bool = false) async throws -> URL {
        guard text.utf8.count <= 1000, let url = URL(string: text), let host = url.host, !host.isEmpty else {
            throw Refused(reason: "This is not a URL with a host.")
        }
        switch url.scheme?.lowercased() {
        case "https": break
        case "http" where settings.allowHTTP: break
        default: throw Refused(reason: "Only https URLs can be used here.")
        }
        if url.user != nil || url.password != nil {
            throw Refused(reason: "A URL with a user name or password in it cannot be used here.")
        }
        guard let kinds = await addressKinds(of: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))),
            !kinds.isEmpty
        else {
            if registering { return url }
            throw Unresolved(host: String(host.prefix(100)))
        }
        if !settings.allowPrivate, kinds.contains(where: { $0 != .public }) {
            throw Refused(
                reason:
                    "“\(host.prefix(100))” is an address on this server or a private network, which Daybook does not send to."
            )
        }
        return url
    }

    /// The names RFC 2606 and RFC 6761 keep out of the public DNS are never looked up there:
    /// `localhost` and `*.localhost` are loopback; `.test`, `.invalid`, `.example` and the
    /// `example.com/.net/.org` domains have no address (and asking the resolver for them would
    /// only send a query off the machine).
    private func addressKinds(of host: String) async -> [IPAddressKind]? {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        func within(_ domain: String) -> Bool { name == domain || name.hasSuffix("." + domain) }
        if within("localhost") { return [.loopback] }
        if ["test", "invalid", "example", "example.com", "example.net", "example.org"].contains(where: within) {
            return nil
        }
        return await Self.systemResolve(host)
    }

    /// Checks the request's URL again, then sends it without following redirects, within
    /// `timeout` in all.
    public func send(_ request: HTTPClientRequest, timeout: TimeAmount = .seconds(15)) async throws
        -> HTTPClientResponse
    {
        try await check(request.url)
        return try await outboundClient.execute(request, timeout: timeout)
    }

    /// Every address `host` resolves to (getaddrinfo, which also reads `127.1` and `2130706433`
    /// as the addresses they spell), off Swift's cooperative pool: resolving can wait on the
    /// network.
    static func systemResolve(_ host: String) async -> [IPAddressKind]? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: addresses(of: host))
            }
        }
    }

    private static func addresses(of host: String) -> [IPAddressKind]? {
        #if canImport(Glibc)
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
            defer { freeaddrinfo(first) }
            var kinds: [IPAddressKind] = []
            var next: UnsafeMutablePointer<addrinfo>? = first
            while let info = next {
                if let address = info.pointee.ai_addr {
                    switch Int32(info.pointee.ai_family) {
                    case AF_INET:
                        address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                            // In network order, most significant byte first, as the kinds read it.
                            kinds.append(IPAddressKind(ipv4: withUnsafeBytes(of: v4.pointee.sin_addr) { Array($0) }))
                        }
                    case AF_INET6:
                        address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                            let bytes = withUnsafeBytes(of: v6.pointee.sin6_addr) { Array($0) }
                            kinds.append(IPAddressKind(ipv6: bytes))
                        }
                    default:
                        kinds.append(.reserved)
                    }
                }
                next = info.pointee.ai_next
            }
            return kinds
        #else
            return nil
        #endif
    }
}

/// The client every outbound request goes through: no redirects, bounded connect and read
/// timeouts. A process-wide value, like `HTTPClient.shared`, so it is never shut down.
private let outboundClient: HTTPClient = {
    let configuration = HTTPClient.Configuration(
        redirectConfiguration: .disallow,
        timeout: HTTPClient.Configuration.Timeout(connect: .seconds(5), read: .seconds(10)))
    return HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
}()
