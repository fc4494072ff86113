import DaybookTestSupport
import Foundation
import OpenAPIRuntime
import Testing

@testable import DaybookAPI

/// `ResponseJSONEncoder` writes what `JSONEncoder` (the runtime's, with the API's dates) would:
/// every value reads back the same. And the generated server uses it.
@Suite("Response JSON")
struct ResponseJSONTests {
    enum Colour: String, Codable { case navy, teal }

    struct Part: Codable, Equatable {
        var name: String
        var count: Int64
    }

    /// Every shape the generated types use, and the ones they could.
    struct Everything: Encodable {
        var text = "quote \" backslash \\ newline \n tab \t bell \u{07} emoji 🌧 slash / end"
        var integer = -42
        var big = Int64.max
        var small: UInt8 = 7
        var whole = 3.0
        var fraction = 3.29
        var tiny = 1e-7
        var huge = 1.5e300
        var float: Float = 0.1
        var flag = true
        var missing: String? = nil
        var present: String? = "here"
        var date = Date(timeIntervalSince1970: 1_709_999_999.123_456)
        var colour = Colour.teal
        var moods: [Int?] = [1, nil, 5]
        var averages: [Double?] = [nil, 2.5, 4]
        var parts = [Part(name: "a", count: 1), Part(name: "b", count: 2)]
        var empty: [String] = []
        var map = ["one": 1, "two": 2]
        var free = OpenAPIObjectContainer()
        var bytes = Data([0, 1, 2, 250])
        var url = URL(string: "https://example.org/a?b=c")!

        enum CodingKeys: String, CodingKey {
            case text, integer, big, small, whole, fraction, tiny, huge, float, flag, missing, present, date, colour
            case moods, averages, parts, empty, map, free, bytes, url
        }
    }

    /// Two parts written to one encoder (`allOf`), a nested object and array, a super encoder.
    struct Composed: Encodable {
        func encode(to encoder: any Encoder) throws {
            try Part(name: "first", count: 1).encode(to: encoder)
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode("second", forKey: AnyKey("extra"))
            var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("nested"))
            try nested.encode(true, forKey: AnyKey("deep"))
            var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
            try list.encode(1)
            try list.encode("two")
            try Part(name: "sup", count: 3).encode(to: container.superEncoder(forKey: AnyKey("parent")))
            try container.encode(Nothing(), forKey: AnyKey("nothing"))
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func foundation(_ value: some Encodable) throws -> Any {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try MicrosecondDateTranscoder().encode(date))
        }
        return try JSONSerialization.jsonObject(with: encoder.encode(value), options: .fragmentsAllowed)
    }

    func ours(_ value: some Encodable) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(ResponseJSONEncoder().encode(value)), options: .fragmentsAllowed)
    }

    @Test func everyShapeReadsBackAsJSONEncoderWritesIt() throws {
        var everything = Everything()
        let free: [String: any Sendable] = [
            "s": "x", "n": 1, "d": 2.5, "b": false, "list": [1, "a"] as [any Sendable],
            "object": ["k": "v"] as [String: any Sendable],
        ]
        everything.free = try OpenAPIObjectContainer(unvalidatedValue: free)
        let expected = try foundation(everything) as? NSDictionary
        let written = try ours(everything) as? NSDictionary
        #expect(written != nil && written == expected)
        #expect((written?["date"] as? String) == "2024-03-09T15:59:59.123456Z")
        #expect((written?["whole"] as? NSNumber)?.stringValue == "3")

        #expect(try ours(Composed()) as? NSDictionary == foundation(Composed()) as? NSDictionary)
        #expect(try ours([Nothing()]) as? NSArray == foundation([Nothing()]) as? NSArray)
        #expect(try ours("top-level string") as? String == "top-level string")
    }

    @Test func keysComeInTheOrderTheTypeGivesThem() throws {
        let text = String(decoding: try ResponseJSONEncoder().encode(Part(name: "a", count: 1)), as: UTF8.self)
        #expect(text == #"{"name":"a","count":1}"#)
    }

    @Test func infinityAndNaNAreRefusedAsJSONEncoderRefusesThem() {
        #expect(throws: EncodingError.self) { try ResponseJSONEncoder().encode([1, Double.infinity]) }
        #expect(throws: EncodingError.self) { try ResponseJSONEncoder().encode(["x": Double.nan]) }
    }

    /// The generated server writes with it: a closet item's keys come in the schema's order,
    /// which `JSONEncoder` (keys in a dictionary's order) would not keep.
    @Test func theGeneratedServerWritesWithIt() async throws {
        try await withApp(.sqlite) { client, _ in
            let api = try await API(client).register("ordered_keys")
            let category = try #require(try await api.get("/closet/categories").items.first)
            let made = try await api.post(
                "/closet/items", ["name": "Shirt", "categoryId": category["id"] as Any, "brand": "Acme"])
            #expect(made.status == .created, "\(made.text)")
            // Top-level keys in the order written: `{"id":…,"name":…,"categoryId":…`.
            let keys = made.text.split(separator: ",").compactMap {
                $0.split(separator: ":").first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "{\"")) }
            }
            #expect(Array(keys.prefix(3)) == ["id", "name", "categoryId"])
        }
    }
}
