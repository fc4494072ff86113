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

@Suite("The bearer token of a request")
struct BearerTokenTests {
    func token(_ authorization: String?) -> String? {
        var headers = HTTPFields()
        if let authorization { headers[.authorization] = authorization }
        return AuthenticationMiddleware.bearerToken(headers)
    }

    @Test func theSchemeIsReadInAnyCaseAndTheTokenTrimmed() {
        #expect(token("Bearer abc-DEF_123") == "abc-DEF_123")
        #expect(token("bearer abc") == "abc")
        #expect(token("BEARER abc") == "abc")
        #expect(token("Bearer   abc \t") == "abc")
        #expect(token("Bearer \t abc") == "abc")
    }

    @Test func anythingElseIsNoBearerToken() {
        #expect(token(nil) == nil)
        #expect(token("Basic YWxhZGRpbjpvcGVuc2VzYW1l") == nil)
        #expect(token("Bearer") == nil)
        #expect(token("Bearer\tabc") == nil)
        #expect(token("Bearerabc") == nil)
        #expect(token("Beare abc") == nil)
        #expect(token("Bëarer abc") == nil)
        #expect(token("Bearer@abc") == nil)
    }
}

extension BearerTokenTests {
    @Test func twoAuthorizationFieldsAreAnUnusableToken() {
        var headers = HTTPFields()
        headers.append(HTTPField(name: .authorization, value: "Bearer one"))
        headers.append(HTTPField(name: .authorization, value: "Bearer two"))
        #expect(AuthenticationMiddleware.bearerToken(headers) == "")
    }

    /// A field read as it was sent, the first of its name, names in any case; `headers[name]` joins.
    @Test func aFieldsFirstValue() {
        var headers: HTTPFields = [.userAgent: "Phone/1", .contentLength: "12"]
        headers.append(HTTPField(name: HTTPField.Name("user-agent")!, value: "Other/2"))
        #expect(headers.firstValue(.userAgent) == "Phone/1")
        #expect(headers[.userAgent] == "Phone/1, Other/2")
        #expect(headers.firstValue(.contentLength) == "12")
        #expect(headers.firstValue(.contentType) == nil)
    }
}
