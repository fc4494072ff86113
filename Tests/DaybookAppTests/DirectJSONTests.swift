import Foundation
import Testing

@testable import DaybookAPI

/// The hand-written answers (`DirectJSON.swift`) read back exactly as `JSONEncoder` writes the
/// generated types: every field set, every optional nil, text that needs escaping.
@Suite("Answers written field by field")
struct DirectJSONTests {
    typealias Schemas = Components.Schemas

    func foundation(_ value: some Encodable) throws -> NSObject? {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try MicrosecondDateTranscoder().encode(date))
        }
        return try JSONSerialization.jsonObject(with: encoder.encode(value)) as? NSObject
    }

    func ours(_ value: some Encodable) throws -> NSObject? {
        try JSONSerialization.jsonObject(with: Data(ResponseJSONEncoder().encode(value))) as? NSObject
    }

    let tricky = "quote \" backslash \\ line\nbreak tab\t control \u{1} é 😀 </script>"
    let instant = Date(timeIntervalSince1970: 1_710_000_000.123456)

    func word(_ name: String, archived: Bool = false) -> Schemas.VocabularyItem {
        Schemas.VocabularyItem(
            id: UUID().uuidString.lowercased(), kind: .activity, name: name, emoji: "🏃", archived: archived,
            position: 7)
    }

    @Test func checkinsWithAndWithoutTheirOptionalParts() throws {
        let full = Schemas.Checkin(
            id: "c1", at: instant, localDate: "2024-03-09", timeZone: "Europe/Helsinki",
            feeling: word(tricky), activity: word("Run", archived: true),
            people: [
                Schemas.Person(id: "p1", name: tricky, archived: false), .init(id: "p2", name: "Bo", archived: true),
            ],
            note: tricky, createdAt: instant, updatedAt: instant.addingTimeInterval(1))
        var bare = full
        bare.activity = nil
        bare.people = []
        bare.note = ""
        for checkin in [full, bare] {
            #expect(try ours(checkin) == foundation(checkin))
        }
        let page = Schemas.CheckinPage(items: [full, bare], nextCursor: "next")
        #expect(try ours(page) == foundation(page))
        #expect(
            try ours(Schemas.CheckinPage(items: [], nextCursor: nil))
                == foundation(Schemas.CheckinPage(items: [], nextCursor: nil)))
    }

    @Test func dayTeasers() throws {
        let full = Schemas.DayTeaser(
            date: "2024-03-09", mood: 5, moodName: .rad, moodEmoji: "😄", moodColor: "#2e7d32", noteFirstLine: tricky,
            activityEmojis: ["🏃", "\"", ""])
        var bare = full
        bare.activityEmojis = []
        bare.noteFirstLine = ""
        let page = Schemas.DayTeaserPage(items: [full, bare], nextCursor: nil)
        #expect(try ours(page) == foundation(page))
        #expect(try ours(full) == foundation(full))
    }

    @Test func journalEntriesWithAndWithoutTheirOptionalParts() throws {
        let full = Schemas.JournalEntry(
            id: "j1", title: tricky, body: tricky, tags: ["a", tricky], location: tricky, latitude: 60.1699,
            longitude: -24.5, date: "2024-03-09", isPublic: true, visibility: ._public,
            photos: [.init(id: "m1", smallUrl: "/media/m1/small", largeUrl: "/media/m1/large")], photoIds: ["m1"],
            createdAt: instant, updatedAt: instant,
            author: .init(id: "u1", username: "ann", displayName: tricky, avatarUrl: "/media/a/avatar"))
        var bare = full
        bare.latitude = nil
        bare.longitude = nil
        bare.tags = []
        bare.photos = []
        bare.photoIds = []
        bare.author = nil
        var noAvatar = full
        noAvatar.author?.avatarUrl = nil
        noAvatar.latitude = 3
        let page = Schemas.JournalPage(items: [full, bare, noAvatar], nextCursor: "c")
        #expect(try ours(page) == foundation(page))
    }

    @Test func searchHitsWithAndWithoutTheirIDs() throws {
        let snippet: [Schemas.SearchSnippetPart] = [
            .init(text: tricky, highlighted: false), .init(text: "walk", highlighted: true),
        ]
        let page = Schemas.SearchPage(
            items: [
                .init(kind: .checkin, date: "2024-03-09", id: "c1", checkinId: "c1", title: "", snippet: snippet),
                .init(kind: .day, date: "2024-03-10", title: "", snippet: []),
                .init(kind: .journal, date: "2024-03-11", id: "j1", title: tricky, snippet: snippet),
            ], nextCursor: "20")
        #expect(try ours(page) == foundation(page))
        #expect(try ours(Schemas.SearchPage(items: [], nextCursor: nil)) == foundation(Schemas.SearchPage(items: [])))
    }

    @Test func dayEntriesWithAndWithoutTheirOptionalParts() throws {
        let full = Schemas.DayEntry(
            date: "2024-03-09", mood: 1, moodName: .awful, moodEmoji: "😣", moodColor: "#c62828",
            activities: [word(tricky), word("Run", archived: true)], note: tricky, thoughts: tricky,
            gratitude: [tricky, ""], question: tricky, answer: tricky,
            song: .init(title: tricky, artist: tricky, link: "https://example.org/song"), photoId: "m1",
            createdAt: instant, updatedAt: instant, replaced: true)
        var bare = full
        bare.activities = []
        bare.gratitude = []
        bare.song = nil
        bare.photoId = nil
        bare.replaced = nil
        var linkless = full
        linkless.song?.link = nil
        linkless.replaced = false
        for entry in [full, bare, linkless] {
            #expect(try ours(entry) == foundation(entry))
        }
    }

    @Test func wordsAndPeopleOnTheirOwn() throws {
        let words = [word(tricky), word("b", archived: true)]
        #expect(try ours(words) == foundation(words))
        let person = Schemas.Person(id: "p", name: tricky, archived: true)
        #expect(try ours(person) == foundation(person))
    }
}
