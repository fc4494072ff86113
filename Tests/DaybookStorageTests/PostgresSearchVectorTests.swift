import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

/// On PostgreSQL the statements that write a day entry, check-in, journal entry or closet item
/// write its search vector too (migration 27; the column no longer computes itself). Every way of
/// writing one is made here, and each kept vector must be the one its row's text gives: a write
/// that forgot the vector leaves the old words (or none) and fails this.
@Suite("PostgreSQL search vectors")
struct PostgresSearchVectorTests {
    /// Each table with the text its vector is made of.
    static let texts = [
        ("day_entries", "daybook_day_text(note, thoughts, gratitude, answer, song_title, song_artist)"),
        ("checkins", "note"),
        ("journal_entries", "daybook_journal_text(title, body, tags, location)"),
        ("closet_items", "daybook_item_text(name, brand, notes, tags)"),
    ]

    @Test(.enabled(if: TestDatabase.available.contains(.postgres)))
    func everyWriteKeepsItsRowsVector() async throws {
        try await PostgresTestDatabase.withFreshStore { store, url in
            let anna = try await addUser(store, "anna")
            var day = DayEntry(
                userID: anna.id, date: date("2025-06-01"), mood: .good, note: "rainy morning",
                gratitude: ["tea"], createdAt: baseTime, updatedAt: baseTime)
            _ = try await store.days.upsert(day)
            day.note = "sunny afternoon"
            day.thoughts = "long walk"
            day.song = Song(title: "Harbour lights", artist: "Kaija")
            _ = try await store.days.upsert(day)

            var checkin = Checkin(
                userID: anna.id, at: time(0), localDate: date("2025-06-01"), timeZone: "UTC", feelingID: UUID(),
                note: "coffee with Maria", createdAt: time(0), updatedAt: time(0))
            try await store.checkins.insert(checkin)
            checkin.note = "tea with Maria"
            _ = try await store.checkins.update(checkin)

            var entry = JournalEntry(
                userID: anna.id, title: "By the lake", body: "A picnic", tags: ["travel"], location: "Vaasa",
                date: date("2025-06-01"), createdAt: time(10), updatedAt: time(10))
            _ = try await store.journal.save(entry, insert: true)
            entry.body = "A picnic with friends"
            _ = try await store.journal.save(entry, insert: false)
            _ = try await store.journal.replaceTag(userID: anna.id, tag: "travel", with: "holiday", at: time(20))

            try await store.closet.addDefaultCategories(userID: anna.id, names: ["Hats"])
            let category = try await store.closet.categories(userID: anna.id)[0].id
            var hat = ClosetItem(
                userID: anna.id, name: "Straw hat", categoryID: category, tags: ["summer"], brand: "Sunny",
                notes: "wide brim", createdAt: time(0), updatedAt: time(0))
            _ = try await store.closet.saveItem(hat, insert: true)
            hat.name = "Straw boater"
            hat.tags = ["summer", "beach"]
            _ = try await store.closet.saveItem(hat, insert: false)

            for (table, text) in Self.texts {
                let counts = try await PostgresTestDatabase.textRows(
                    url,
                    """
                    SELECT count(*)::text,
                        count(*) FILTER (WHERE search IS DISTINCT FROM to_tsvector('simple'::regconfig, \(text)))::text
                    FROM \(table)
                    """)
                #expect(counts == [["1", "0"]], "\(table): rows, and rows whose vector is not their text's")
            }
            let words = try await PostgresTestDatabase.textRows(
                url, "SELECT search::text FROM journal_entries UNION ALL SELECT search::text FROM closet_items")
            #expect(words.map { $0[0] ?? "" }.allSatisfy { $0.contains("'holiday'") || $0.contains("'boater'") })
        }
    }
}
