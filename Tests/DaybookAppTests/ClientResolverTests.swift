import DaybookHTTP
import HTTPTypes
import NIOCore
import Testing

@Suite("Client address and scheme behind proxies")
struct ClientResolverTests {
    let proxy = try! SocketAddress(ipAddress: "10.0.0.5", port: 4000)
    let stranger = try! SocketAddress(ipAddress: "203.0.113.9", port: 4000)
    let headers: HTTPFields = [.xForwardedFor: "198.51.100.1, 192.0.2.44", .xForwardedProto: "https"]

    @Test func forwardedHeadersFromATrustedProxyAreBelieved() {
        let resolver = ClientResolver(trustedProxies: ["10.0.0.5"])
        let (address, secure) = resolver.resolve(remote: proxy, headers: headers)
        #expect(address == "192.0.2.44")
        #expect(secure)
    }

    @Test func forwardedHeadersFromAnyoneElseAreIgnored() {
        let resolver = ClientResolver(trustedProxies: ["10.0.0.5"])
        let (address, secure) = resolver.resolve(remote: stranger, headers: headers)
        #expect(address == "203.0.113.9")
        #expect(!secure)
    }

    @Test func noTrustedProxiesMeansNoForwarding() {
        let (address, secure) = ClientResolver(trustedProxies: []).resolve(remote: proxy, headers: headers)
        #expect(address == "10.0.0.5")
        #expect(!secure)
    }
}
