import Foundation
import Testing

@testable import DaybookCore

@Suite struct JournalRulesTests {
    let userID = UUID()
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func validate(_ input: JournalEntryInput) throws -> JournalEntry {
        try JournalRules.validate(input, id: UUID(), userID: userID, now: now, today: today)
    }

    let today = LocalDate("2026-09-21")!

    @Test func theDateIsTodayOrEarlierAndNeverLater() throws {
        #expect(try validate(JournalEntryInput(body: "x")).date == today)
        #expect(try validate(JournalEntryInput(body: "x", date: "2026-09-14")).date == LocalDate("2026-09-14"))
        #expect(try validate(JournalEntryInput(body: "x", date: " 2026-09-21 ")).date == today)
        #expect(fields(JournalEntryInput(body: "x", date: "2026-09-22")) == ["date"])
        #expect(fields(JournalEntryInput(body: "x", date: "14/09/2026")) == ["date"])
        #expect(fields(JournalEntryInput(body: "x", date: "2026-02-30")) == ["date"])
        #expect(fields(JournalEntryInput(body: "x", date: "1899-12-31")) == ["date"])
    }

    @Test func coordinatesAreBothOrNeitherAndInRange() throws {
        #expect(try validate(JournalEntryInput(body: "x")).coordinates == nil)
        #expect(
            try validate(JournalEntryInput(body: "x", latitude: "48.8584", longitude: " 2.2945")).coordinates
                == Coordinates(latitude: 48.8584, longitude: 2.2945))
        #expect(
            try validate(JournalEntryInput(body: "x", latitude: "-90", longitude: "180")).coordinates
                == Coordinates(latitude: -90, longitude: 180))
        #expect(fields(JournalEntryInput(body: "x", latitude: "48.8")) == ["longitude"])
        #expect(fields(JournalEntryInput(body: "x", longitude: "2.2")) == ["latitude"])
        #expect(fields(JournalEntryInput(body: "x", latitude: "90.5", longitude: "0")) == ["latitude"])
        #expect(fields(JournalEntryInput(body: "x", latitude: "0", longitude: "-180.1")) == ["longitude"])
        #expect(fields(JournalEntryInput(body: "x", latitude: "nan", longitude: "inf")) == ["latitude", "longitude"])
        #expect(fields(JournalEntryInput(body: "x", latitude: "north", longitude: "2")) == ["latitude"])
    }

    @Test func replacingATagKeepsOrderAndEachOnce() {
        #expect(JournalRules.replacing("b", with: "x", in: ["a", "b", "c"]) == ["a", "x", "c"])
        #expect(JournalRules.replacing("b", with: "a", in: ["a", "b", "c"]) == ["a", "c"])
        #expect(JournalRules.replacing("b", with: "c", in: ["b", "a", "c"]) == ["c", "a"])
        #expect(JournalRules.replacing("b", with: nil, in: ["a", "b"]) == ["a"])
    }

    func fields(_ input: JournalEntryInput) -> Set<String> {
        do {
            _ = try validate(input)
            return []
        } catch let error as ValidationError {
            return Set(error.errors.map(\.field))
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test func cleansTextAndTags() throws {
        let photo = UUID()
        let entry = try validate(
            JournalEntryInput(
                title: "  Lake  ", body: "\nSwam twice.\n", tags: ["#Summer, swim", "summer ##Lake"],
                location: " Vaasa ", photoIDs: [photo, photo], visibility: .public))
        #expect(entry.title == "Lake")
        #expect(entry.body == "Swam twice.")
        #expect(entry.tags == ["summer", "swim", "lake"])
        #expect(entry.location == "Vaasa")
        #expect(entry.photoIDs == [photo])
        #expect(entry.isPublic)
        #expect(entry.heading == "Lake")
        #expect(try validate(JournalEntryInput(body: "First line\nsecond")).heading == "First line")
    }

    @Test func aPhotoAloneIsAnEntry() throws {
        #expect(try validate(JournalEntryInput(photoIDs: [UUID()])).body.isEmpty)
    }

    @Test func everyBadFieldIsNamed() {
        #expect(fields(JournalEntryInput(body: " \n ")) == ["body"])
        #expect(
            fields(
                JournalEntryInput(
                    title: String(repeating: "t", count: 201), body: String(repeating: "b", count: 50_001),
                    tags: (0..<21).map { "tag\($0)" }, location: String(repeating: "l", count: 201),
                    photoIDs: (0..<21).map { _ in UUID() }))
                == ["title", "body", "tags", "location", "photoIds"])
        #expect(fields(JournalEntryInput(title: "Two\nlines", body: "x")) == ["title"])
        #expect(fields(JournalEntryInput(body: "x", tags: [String(repeating: "a", count: 41)])) == ["tags"])
        #expect(fields(JournalEntryInput(body: "x", tags: ["a/b"])) == ["tags"])
    }

    @Test func controlCharactersAreRefusedButLineBreaksAndTabsKept() throws {
        #expect(fields(JournalEntryInput(body: "a\u{0}b")) == ["body"])
        #expect(fields(JournalEntryInput(body: "x", location: "Bell\u{7}")) == ["location"])
        #expect(try validate(JournalEntryInput(body: "a\tb\r\nc")).body == "a\tb\r\nc")
        // Emoji sequences with joiners are writing, not control characters.
        #expect(try validate(JournalEntryInput(body: "👩‍👩‍👧")).body == "👩‍👩‍👧")
    }

    /// Tags of ASCII are cut and lower-cased in bytes; the `Character` walk they replace is the
    /// reference, on random values of ASCII (with every control and blank) and of other scripts.
    @Test func tagsAreCutAsCharactersWouldCutThem() {
        func reference(_ raw: [String]) -> [String] {
            raw.flatMap { $0.split(whereSeparator: { $0 == "," || $0.isWhitespace }) }
                .map { tag in
                    var text = Substring(tag)
                    while text.first == "#" { text.removeFirst() }
                    return text.lowercased()
                }
                .filter { !$0.isEmpty }
                .uniqued()
        }
        var random = SystemRandomNumberGenerator()
        let ascii = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        let pieces = ascii + ["#", "#", ",", "Ä", "ß", "İ", "\u{00A0}", "\u{2028}", "\u{0085}", "🙂", "\r\n"]
        for round in 0..<3_000 {
            let alphabet = round % 2 == 0 ? ascii + ["#", "#", ","] : pieces
            let raw = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            }
            #expect(JournalRules.normalizeTags(raw) == reference(raw), "\(raw)")
        }
    }

    @Test func tagsFromALink() {
        #expect(JournalRules.tag("#Travel") == "travel")
        #expect(JournalRules.tag("two words") == nil)
        #expect(JournalRules.tag("") == nil)
        #expect(JournalRules.tag(String(repeating: "a", count: 41)) == nil)
    }
}
