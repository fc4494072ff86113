import DaybookCore
import Foundation
import Testing

@Suite("Bytes as base64url")
struct Base64URLTests {
    @Test func matchesFoundationsBase64WithTheURLAlphabetAndNoPadding() {
        #expect([UInt8]().base64URLString == "")
        #expect(Array("f".utf8).base64URLString == "Zg")
        #expect(Array("fo".utf8).base64URLString == "Zm8")
        #expect(Array("foo".utf8).base64URLString == "Zm9v")
        #expect([0xFB, 0xFF, 0xBF].base64URLString == "-_-_")
        for count in 0..<70 {
            let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max) }
            let foundation = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(bytes.base64URLString == foundation, "\(bytes)")
        }
    }
}
