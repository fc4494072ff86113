import DaybookTestSupport
import Foundation
@_spi(Generated) import OpenAPIRuntime
import Synchronization
import Testing

@testable import DaybookAPI

/// `RequestJSONReader` takes a body only in its plain form, and then reads what the runtime's
/// `JSONDecoder` reads; anything else it leaves to the decoder. The runtime's own method is the
/// reference.
@Suite("Request JSON")
struct RequestJSONTests {
    typealias Schemas = Components.Schemas
    let converter = Converter(configuration: APIRoutes.configuration)

    /// What the reader makes of `body`: nil when it gives up.
    func plain<T: PlainJSONBody>(_ type: T.Type, _ body: String) -> T? {
        Data(body.utf8).withUnsafeBytes {
            RequestJSONReader.read(T.self, from: $0, dates: converter.configuration.dateTranscoder)
        }
    }

    func runtime<T: PlainJSONBody & Sendable>(_ type: T.Type, _ body: String) async -> T? {
        try? await converter.OpenAPIRuntime::getRequiredRequestBodyAsJSON(
            T.self, from: HTTPBody(Data(body.utf8)), transforming: { $0 })
    }

    static let plainBodies = [
        #"{"feelingId":"f1","activityId":"a1","personIds":["p1","p2"],"note":"by the sea"}"#,
        #" { "feelingId" : "f1" , "personIds" : [ ] , "note" : "" } "#,
        #"{"feelingId":"f1","at":"2024-03-09T12:00:00.123456Z"}"#,
        #"{"feelingId":"f1","at":"2024-03-09T12:00:00Z","note":"line\nbreak \"quoted\" \\ \/ \t tab \u00e9 \u263A \ud83d\ude00 café 日記"}"#,
        "{\"feelingId\":\"f1\",\n\t\"note\":\"raw é 😀\"}\r\n",
    ]

    @Test(arguments: plainBodies)
    func plainCheckinsReadAsTheDecoderReadsThem(body: String) async throws {
        let ours = try #require(plain(Schemas.CheckinInput.self, body))
        #expect(ours == (await runtime(Schemas.CheckinInput.self, body)))
    }

    @Test func plainDaysAndJournalEntriesReadAsTheDecoderReadsThem() async throws {
        let days = [
            #"{"mood":3,"activityIds":["a"],"note":"n","thoughts":"t","gratitude":["g1","g2"],"answer":"x"}"#,
            #"{"mood":-1}"#, #"{"mood":0,"gratitude":[]}"#, #"{"mood":12345678901}"#,
        ]
        for body in days {
            let ours = try #require(plain(Schemas.DayEntryInput.self, body), "\(body)")
            #expect(ours == (await runtime(Schemas.DayEntryInput.self, body)), "\(body)")
        }
        let entries = [
            #"{"title":"T","body":"B","tags":["bench","travel"],"isPublic":false}"#,
            #"{"location":"Paris","date":"2026-01-02","photoIds":["x"],"isPublic":true,"visibility":"friends"}"#,
            "{}",
        ]
        for body in entries {
            let ours = try #require(plain(Schemas.JournalEntryInput.self, body), "\(body)")
            #expect(ours == (await runtime(Schemas.JournalEntryInput.self, body)), "\(body)")
        }
    }

    /// Each of these is left to the decoder: it decodes some (a `null`, a nested object, a
    /// fraction) and refuses the others with the field named.
    @Test(arguments: [
        #"{"feelingId":null}"#, #"{"feelingId":"f","note":null}"#, #"{"feelingId":"f","extra":1}"#,
        #"{"feelingId":"f","feelingId":"g"}"#, #"{"note":"no feeling"}"#, #"{"feelingId":5}"#,
        #"{"feelingId":"f","personIds":"p"}"#, #"{"feelingId":"f","personIds":[1]}"#, #"{"feelingId":"f"} x"#,
        #"{"feelingId":"f",}"#, #"{"feelingId":"f""#, #"["feelingId"]"#, "", "  ", #"{"feelingId":"\ud83d"}"#,
        #"{"feelingId":"\ude00"}"#, #"{"feelingId":"\x"}"#, "{\"feelingId\":\"tab\there\"}", #"{"feelingId":"f","at":"yesterday"}"#,
        #"{"feelingId":"f","at":"2024-03-09"}"#,
    ])
    func oddCheckinsAreLeftToTheDecoder(body: String) {
        #expect(plain(Schemas.CheckinInput.self, body) == nil)
    }

    @Test(arguments: [
        #"{"mood":3.0}"#, #"{"mood":03}"#, #"{"mood":3e0}"#, #"{"mood":"3"}"#, #"{"mood":-}"#, #"{"mood":3,"song":{}}"#,
        #"{"mood":3,"photoId":null}"#, #"{"mood":3,"photoId":"p"}"#, #"{"mood":1234567890123456789012}"#,
    ])
    func oddDaysAreLeftToTheDecoder(body: String) {
        #expect(plain(Schemas.DayEntryInput.self, body) == nil)
    }

    @Test(arguments: [
        #"{"latitude":48.8,"longitude":2.2}"#, #"{"isPublic":1}"#, #"{"isPublic":tru}"#, #"{"visibility":"everyone"}"#,
    ])
    func oddJournalEntriesAreLeftToTheDecoder(body: String) {
        #expect(plain(Schemas.JournalEntryInput.self, body) == nil)
    }

    /// Random plain bodies with escapes and characters from every plane: the reader takes each, and
    /// reads what the decoder reads.
    @Test func randomPlainBodiesReadAsTheDecoderReadsThem() async throws {
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", " ", "é", "日", "😀", "\\n", "\\\"", "\\\\", "\\/", "\\u0041", "\\u00e9", "\\ud83d\\ude00",
                      "\\t", "\\u0000", "\\b\\f\\r", "\u{7F}"]
        func text() -> String { (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement()! }.joined() }
        for _ in 0..<300 {
            let people = (0..<Int.random(in: 0...3, using: &random)).map { _ in "\"\(text())\"" }.joined(separator: ",")
            let body = #"{"note":"\#(text())","feelingId":"\#(text())","personIds":[\#(people)]}"#
            let ours = try #require(plain(Schemas.CheckinInput.self, body), "\(body)")
            #expect(ours == (await runtime(Schemas.CheckinInput.self, body)), "\(body)")
        }
    }

    /// The generated server takes this way for a check-in (the overload is the one chosen).
    @Test func aCheckinPostedToTheAPIIsReadPlainly() async throws {
        try await withApp(.sqlite) { client, _ in
            let api = try await API(client).register("plainjson")
            let calm = try await api.wordID("feelings", "calm")
            let before = PlainJSONBodies.read.load(ordering: .relaxed)
            let created = try await api.post("/checkins", ["feelingId": calm, "note": "plain"])
            #expect(created.status == .created)
            #expect(PlainJSONBodies.read.load(ordering: .relaxed) > before)
        }
    }
}
