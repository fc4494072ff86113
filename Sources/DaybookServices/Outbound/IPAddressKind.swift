/// What an IP address is for, as far as a request Daybook sends on a person's behalf is concerned:
/// only `public` addresses may be reached from a URL a person typed (a push app, a webhook).
/// Everything else would let a person make the server talk to itself, its neighbours on a private
/// network or a cloud's metadata service (server-side request forgery).
public enum IPAddressKind: Sendable, Equatable {
    case `public`
    case loopback
    /// RFC 1918, shared (100.64/10) and unique-local (fc00::/7) ranges.
    case `private`
    /// 169.254/16 (where clouds answer metadata requests) and fe80::/10.
    case linkLocal
    /// Unspecified, multicast, broadcast, documentation, benchmarking and reserved ranges.
    case reserved

    /// An IPv4 address, most significant byte first.
    public init(ipv4 a: [UInt8]) {
        precondition(a.count == 4)
        switch (a[0], a[1]) {
        case (127, _): self = .loopback
        case (10, _), (172, 16...31), (192, 168), (100, 64...127): self = .private
        case (169, 254): self = .linkLocal
        case (0, _), (224...255, _), (198, 18...19): self = .reserved
        case (192, 0) where a[2] == 0 || a[2] == 2: self = .reserved
        case (198, 51) where a[2] == 100: self = .reserved
        case (203, 0) where a[2] == 113: self = .reserved
        default: self = .public
        }
    }

    /// An IPv6 address, 16 bytes, most significant first. Addresses that carry an IPv4 one
    /// (mapped, NAT64, compatible) are judged by it.
    public init(ipv6 a: [UInt8]) {
        precondition(a.count == 16)
        let v4 = Array(a[12..<16])
        if a[0..<15].allSatisfy({ $0 == 0 }) {
            self = a[15] == 1 ? .loopback : .reserved  // ::1, ::
        } else if a[0..<10].allSatisfy({ $0 == 0 }), a[10] == 0xFF, a[11] == 0xFF {
            self = IPAddressKind(ipv4: v4)  // ::ffff:a.b.c.d
        } else if a[0..<12].allSatisfy({ $0 == 0 }) {
            self = IPAddressKind(ipv4: v4)  // ::a.b.c.d (deprecated, compatible)
        } else if a[0] == 0x00, a[1] == 0x64, a[2] == 0xFF, a[3] == 0x9B, a[4..<12].allSatisfy({ $0 == 0 }) {
            self = IPAddressKind(ipv4: v4)  // 64:ff9b::/96
        } else if a[0] & 0xFE == 0xFC {
            self = .private  // fc00::/7
        } else if a[0] == 0xFE, a[1] & 0xC0 == 0x80 || a[1] & 0xC0 == 0xC0 {
            self = .linkLocal  // fe80::/10, and the old site-local fec0::/10
        } else if a[0] == 0xFF {
            self = .reserved  // multicast
        } else if a[0] == 0x20, a[1] == 0x01, a[2] == 0x0D, a[3] == 0xB8 {
            self = .reserved  // 2001:db8::/32, documentation
        } else if a[0] == 0x01, a[1] == 0x00, a[2..<8].allSatisfy({ $0 == 0 }) {
            self = .reserved  // 100::/64, discard
        } else {
            self = .public
        }
    }
}
