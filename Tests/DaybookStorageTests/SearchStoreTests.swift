import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

/// Search gives the same results on both databases (FTS5 and `tsvector`): each test runs on each
/// and expects exactly the same hits.
@Suite("SearchStore conformance")
struct SearchStoreTests {
    func day(
        _ userID: UUID, _ text: String, note: String = "", thoughts: String = "", gratitude: [String] = [],
        answer: String = "", song: Song? = nil
    ) -> DayEntry {
        DayEntry(
            userID: userID, date: date(text), mood: .good, note: note, thoughts: thoughts, gratitude: gratitude,
            question: "What made you smile?", answer: answer, song: song, createdAt: baseTime, updatedAt: baseTime)
    }

    func checkin(_ userID: UUID, on text: String, note: String, at seconds: Double = 0) -> Checkin {
        Checkin(
            userID: userID, at: time(seconds), localDate: date(text), timeZone: "UTC", feelingID: UUID(), note: note,
            createdAt: time(seconds), updatedAt: time(seconds))
    }

    func find(_ store: any DaybookStore, _ user: User, _ text: String, limit: Int = 50, offset: Int = 0)
        async throws -> [String]
    {
        try await store.search.search(
            userID: user.id, query: try #require(try SearchQuery.parse(text)), limit: limit, offset: offset
        )
        .map { $0.kind == .day ? "day \($0.date)" : "checkin \($0.date) \($0.id!.uuidString.prefix(4))" }
    }

    @Test(arguments: TestDatabase.available)
    func findsEveryPartOfADayAndCheckinNotes(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bob = try await addUser(store, "bob")
            _ = try await store.days.upsert(day(anna.id, "2025-06-01", note: "A long walk in the park"))
            _ = try await store.days.upsert(day(anna.id, "2025-06-02", thoughts: "Thinking about the garden"))
            _ = try await store.days.upsert(day(anna.id, "2025-06-03", gratitude: ["fresh bread", "the garden roses"]))
            _ = try await store.days.upsert(day(anna.id, "2025-06-04", answer: "My sister's joke"))
            _ = try await store.days.upsert(
                day(anna.id, "2025-06-05", song: Song(title: "Garden Party", artist: "Rick Nelson", link: "")))
            let walk = checkin(anna.id, on: "2025-06-06", note: "Walking to the station")
            try await store.checkins.insert(walk)
            // Bob's words are his own.
            _ = try await store.days.upsert(day(bob.id, "2025-06-01", note: "garden walk park sister"))

            #expect(
                Set(try await find(store, anna, "garden")) == ["day 2025-06-05", "day 2025-06-03", "day 2025-06-02"])
            #expect(try await find(store, anna, "sister") == ["day 2025-06-04"])
            #expect(try await find(store, anna, "nelson") == ["day 2025-06-05"])
            // Prefixes: "walk" finds "walk" and "Walking"; all words are needed.
            #expect(
                Set(try await find(store, anna, "WALK")) == [
                    "day 2025-06-01", "checkin 2025-06-06 \(walk.id.uuidString.prefix(4))",
                ])
            #expect(try await find(store, anna, "walk park") == ["day 2025-06-01"])
            #expect(try await find(store, anna, "walk bread").isEmpty)
            #expect(try await find(store, anna, "zebra").isEmpty)
            // No stemming on either side: "walks" is not "walk".
            #expect(try await find(store, anna, "walks").isEmpty)
            #expect(try await find(store, bob, "sister") == ["day 2025-06-01"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func theIndexFollowsEveryChange(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            _ = try await store.days.upsert(day(anna.id, "2025-06-01", note: "rainy morning"))
            #expect(try await find(store, anna, "rainy") == ["day 2025-06-01"])
            _ = try await store.days.upsert(day(anna.id, "2025-06-01", note: "sunny morning"))
            #expect(try await find(store, anna, "rainy").isEmpty)
            #expect(try await find(store, anna, "sunny") == ["day 2025-06-01"])
            try await store.days.delete(userID: anna.id, date: date("2025-06-01"))
            #expect(try await find(store, anna, "sunny").isEmpty)

            var note = checkin(anna.id, on: "2025-06-02", note: "coffee with Maria")
            try await store.checkins.insert(note)
            note.note = "tea with Maria"
            note.localDate = date("2025-06-03")
            try await store.checkins.update(note)
            #expect(try await find(store, anna, "coffee").isEmpty)
            let hits = try await store.search.search(
                userID: anna.id, query: try #require(try SearchQuery.parse("tea")), limit: 10, offset: 0)
            #expect(hits.map(\.date) == [date("2025-06-03")] && hits.first?.id == note.id)
            try await store.checkins.delete(id: note.id, userID: anna.id)
            #expect(try await find(store, anna, "maria").isEmpty)

            // The account's deletion takes its words with it.
            _ = try await store.days.upsert(day(anna.id, "2025-06-04", note: "farewell"))
            try await store.checkins.insert(checkin(anna.id, on: "2025-06-04", note: "farewell party"))
            try await store.users.delete(id: anna.id)
            let again = try await addUser(store, "anna2")
            #expect(try await find(store, again, "farewell").isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func rankedWithHighlightedSnippetsAndPaged(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            // The entry that is all about cats ranks first on both databases.
            _ = try await store.days.upsert(day(anna.id, "2025-06-01", note: "cats cats cats, the cats again"))
            _ = try await store.days.upsert(
                day(
                    anna.id, "2025-06-02",
                    note:
                        "A very long day of errands and meetings, and in the evening the neighbour's cats came by for a while before it rained"
                ))
            for index in 0..<5 {
                try await store.checkins.insert(
                    checkin(anna.id, on: "2025-05-2\(index)", note: "fed the cats, number \(index)", at: Double(index)))
            }
            let hits = try await store.search.search(
                userID: anna.id, query: try #require(try SearchQuery.parse("cats")), limit: 50, offset: 0)
            #expect(hits.count == 7)
            #expect(hits.first?.date == date("2025-06-01"))
            #expect(zip(hits, hits.dropFirst()).allSatisfy { $0.rank >= $1.rank })
            for hit in hits {
                let marked = SearchHighlight.segments(hit.snippet).filter(\.highlighted).map { $0.text.lowercased() }
                #expect(!marked.isEmpty && marked.allSatisfy { $0 == "cats" }, "\(hit.snippet)")
            }
            let long = try #require(hits.first { $0.date == date("2025-06-02") })
            #expect(long.snippet.count < 140, "a snippet, not the whole text: \(long.snippet)")
            // Pages: the same order, split.
            let first = try await find(store, anna, "cats", limit: 4)
            let second = try await find(store, anna, "cats", limit: 4, offset: 4)
            let all = try await find(store, anna, "cats")
            #expect(first + second == all)
            #expect(second.count == 3)
        }
    }
}
