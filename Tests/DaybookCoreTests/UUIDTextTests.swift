import DaybookCore
import Foundation
import Testing

@Suite("Ids as text")
struct UUIDTextTests {
    @Test func formatsAndParsesLikeFoundation() {
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(id.lowercasedString == id.uuidString.lowercased())
            #expect(UUID(text: id.lowercasedString) == id)
            #expect(UUID(text: id.uuidString) == id)
        }
        // Out of a longer text, without copying it first.
        let id = UUID()
        let list = "[\"\(id.lowercasedString)\"]"
        #expect(UUID(text: list.dropFirst(2).dropLast(2)) == id)
        let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        #expect(zero.lowercasedString == "00000000-0000-0000-0000-000000000000")
    }

    @Test func refusesWhatFoundationRefuses() {
        for text in [
            "", "not-an-id", "3f2c1e0a6b7d4c8e9f101a2b3c4d5e6f", "3f2c1e0a-6b7d-4c8e-9f10-1a2b3c4d5e6",
            "3f2c1e0a-6b7d-4c8e-9f10-1a2b3c4d5e6fa",
            "3f2c1e0a-6b7d-4c8e-9f10_1a2b3c4d5e6f", "3g2c1e0a-6b7d-4c8e-9f10-1a2b3c4d5e6f",
            "3f2c1e0a-6b7d-4c8e-9f10-1a2b3c4d5é",
        ] {
            #expect(UUID(text: text) == nil, "\(text)")
            #expect(UUID(uuidString: text) == nil, "\(text)")
        }
    }
}
