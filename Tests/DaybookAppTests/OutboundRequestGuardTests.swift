import DaybookServices
import Foundation
import Testing

/// Finding 4 of the attack: push URLs on loopback were accepted, and redirects followed. Every
/// outbound request now passes `OutboundRequestGuard`.
@Suite("Outbound requests")
struct OutboundRequestGuardTests {
    @Test func addressKinds() {
        let v4: [([UInt8], IPAddressKind)] = [
            ([127, 0, 0, 1], .loopback), ([127, 255, 1, 2], .loopback), ([10, 1, 2, 3], .private),
            ([172, 16, 0, 1], .private), ([172, 31, 255, 255], .private), ([172, 32, 0, 1], .public),
            ([192, 168, 1, 1], .private), ([100, 64, 0, 1], .private), ([169, 254, 169, 254], .linkLocal),
            ([0, 0, 0, 0], .reserved), ([224, 0, 0, 1], .reserved), ([255, 255, 255, 255], .reserved),
            ([192, 0, 2, 1], .reserved), ([8, 8, 8, 8], .public), ([1, 1, 1, 1], .public),
        ]
        for (bytes, kind) in v4 { #expect(IPAddressKind(ipv4: bytes) == kind, "\(bytes)") }
        func v6(_ groups: [UInt16]) -> [UInt8] { groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        let cases: [([UInt16], IPAddressKind)] = [
            ([0, 0, 0, 0, 0, 0, 0, 1], .loopback), ([0, 0, 0, 0, 0, 0, 0, 0], .reserved),
            ([0, 0, 0, 0, 0, 0xFFFF, 0x7F00, 1], .loopback), ([0, 0, 0, 0, 0, 0xFFFF, 0x0808, 0x0808], .public),
            ([0xFD00, 0xEC2, 0, 0, 0, 0, 0, 0x254], .private), ([0xFE80, 0, 0, 0, 0, 0, 0, 1], .linkLocal),
            ([0xFF02, 0, 0, 0, 0, 0, 0, 1], .reserved), ([0x2001, 0xDB8, 0, 0, 0, 0, 0, 1], .reserved),
            ([0x64, 0xFF9B, 0, 0, 0, 0, 0xA9FE, 0xA9FE], .linkLocal), ([0x2606, 0x4700, 0, 0, 0, 0, 0, 0x1111], .public),
        ]
        for (groups, kind) in cases { #expect(IPAddressKind(ipv6: v6(groups)) == kind, "\(groups)") }
    }

    /// The spellings of loopback the attack used, resolved as the system resolves them.
    @Test(arguments: [
        "https://127.0.0.1/x", "https://localhost/x", "https://[::1]/x", "https://127.1/x", "https://2130706433/x",
        "https://0x7f000001/x", "https://169.254.169.254/latest/meta-data", "https://10.0.0.1/", "https://[::ffff:127.0.0.1]/",
        "https://0.0.0.0/", "https://192.168.1.1:8443/",
    ])
    func loopbackAndPrivateAddressesAreRefused(url: String) async {
        let guarded = OutboundRequestGuard()
        await #expect(throws: OutboundRequestGuard.Refused.self) { try await guarded.check(url) }
    }

    @Test func schemesAndShapes() async throws {
        let guarded = OutboundRequestGuard()
        for url in ["http://8.8.8.8/", "ftp://8.8.8.8/", "https:///x", "not a url", "https://user:pw@8.8.8.8/"] {
            await #expect(throws: OutboundRequestGuard.Refused.self, "\(url)") { try await guarded.check(url) }
        }
        // A public address needs no network to resolve.
        try await guarded.check("https://8.8.8.8/topic")
        try await guarded.check("https://[2606:4700::1111]/topic")
    }

    /// Reserved names are never sent to the resolver: tests' `push.example` has no address (taken
    /// at registration, not sent to), `*.localhost` is loopback.
    @Test func reservedNamesAreNotLookedUp() async throws {
        let guarded = OutboundRequestGuard()
        try await guarded.check("https://push.example/x", registering: true)
        try await guarded.check("https://ntfy.example.org/mine", registering: true)
        await #expect(throws: OutboundRequestGuard.Unresolved.self) { try await guarded.check("https://push.example/x") }
        await #expect(throws: OutboundRequestGuard.Refused.self) {
            try await guarded.check("https://app.localhost/x", registering: true)
        }
    }

    /// An operator's own push server on their network: allowed only when they say so.
    @Test func theOperatorMayAllowPrivateServers() async throws {
        let guarded = OutboundRequestGuard(settings: .init(allowHTTP: true, allowPrivate: true))
        try await guarded.check("http://127.0.0.1:9/x")
        try await guarded.check("https://localhost/x")
    }
}
