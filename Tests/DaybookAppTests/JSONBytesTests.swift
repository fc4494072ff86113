import Foundation
import NIOCore
import Testing

@testable import DaybookAPI

/// `JSONBytes` writes what `JSONEncoder` would, byte for byte where it matters to a reader:
/// every value reads back the same through `JSONDecoder`.
@Suite struct JSONBytesTests {
    struct Trend: Codable, Equatable {
        var from: String
        var to: String
        var moods: [Int?]
        var movingAverages: [Double?]
    }

    @Test func trendReadsBackAsWritten() throws {
        let trend = Components.Schemas.InsightTrend(
            from: "2024-02-28", to: "2024-03-02", moods: [1, nil, 5, 3],
            movingAverages: [1, nil, 3.29, 0.01])
        let bytes = InsightTrendMiddleware.json(trend)
        let text = String(buffer: bytes)
        #expect(
            text == #"{"from":"2024-02-28","to":"2024-03-02","moods":[1,null,5,3],"movingAverages":[1,null,3.29,0.01]}"#
        )
        let read = try JSONDecoder().decode(Trend.self, from: Data(text.utf8))
        #expect(read == Trend(from: trend.from, to: trend.to, moods: trend.moods, movingAverages: trend.movingAverages))
    }

    @Test func stringsAreEscaped() throws {
        let awkward = "quote \" backslash \\ newline \n tab \t bell \u{07} emoji 🌧 slash /"
        var json = JSONBytes(capacity: 8)
        json.string(awkward)
        let read = try JSONDecoder().decode(String.self, from: Data(String(buffer: json.buffer).utf8))
        #expect(read == awkward)
    }

    @Test func numbersReadBackAndNonFiniteIsNull() throws {
        let values: [Double?] = [0, -0.5, 1e-7, 123_456.789, 1e300, -42, nil, .infinity, .nan]
        var json = JSONBytes(capacity: 8)
        json.array(values) { $0.number($1) }
        let read = try JSONDecoder().decode([Double?].self, from: Data(String(buffer: json.buffer).utf8))
        #expect(Array(read.prefix(7)) == Array(values.prefix(7)))
        #expect(read[7] == nil && read[8] == nil)
        var integers = JSONBytes(capacity: 8)
        integers.array([Int.min, -1, 0, Int.max, nil]) { $0.number($1) }
        #expect(String(buffer: integers.buffer) == "[\(Int.min),-1,0,\(Int.max),null]")
    }
}
