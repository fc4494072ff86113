import DaybookCore
import Foundation
import Testing

@Suite("Time-ordered ids")
struct UUIDTimeOrderedTests {
    @Test func areVersionSevenWithTheirMillisecondFirst() {
        let date = Date(timeIntervalSince1970: 1_764_244_800.123_456)
        let id = UUID.timeOrdered(at: date)
        let text = id.lowercasedString
        // 1,764,244,800,123 ms = 0x019AC52F427B; version nibble 7; variant bits 10.
        #expect(text.hasPrefix("019ac52f-427b-7"))
        let variant = text[text.index(text.startIndex, offsetBy: 19)]
        #expect("89ab".contains(variant))
        #expect(UUID(text: text) == id)
    }

    @Test func sortAsTextInTheOrderTheyWereMade() {
        let start = Date(timeIntervalSince1970: 1_764_244_800)
        // A microsecond apart (finer than a millisecond, coarser than the fraction's 1/4096 ms),
        // then far apart.
        let dates =
            (0..<2_000).map { start.addingTimeInterval(Double($0) * 0.000_25) }
            + [start.addingTimeInterval(86_400), start.addingTimeInterval(86_400 * 3_650)]
        let ids = dates.map { UUID.timeOrdered(at: $0).lowercasedString }
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
    }

    @Test func twoIdsOfOneInstantDiffer() {
        let now = Date()
        #expect(UUID.timeOrdered(at: now) != UUID.timeOrdered(at: now))
    }
}
