import DaybookCore
import Foundation
import Testing

@Suite("Bytes as hex")
struct HexStringTests {
    @Test func writesTwoLowerCaseDigitsPerByte() {
        #expect([UInt8]().hexString == "")
        #expect([0x00, 0x09, 0x0A, 0x0F, 0x10, 0xAB, 0xFF].hexString == "00090a0f10abff")
        for _ in 0..<100 {
            let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max) }
            #expect(bytes.hexString == bytes.map { String(format: "%02x", $0) }.joined())
        }
    }
}
