import DaybookCore
import DaybookStorage
import Foundation
import GRDB

struct SQLiteDayStore: DayStore {
    let pool: DatabasePool

    func upsert(_ entry: DayEntry) async throws -> Bool {
        try await pool.write { db in
            let existed =
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM day_entries WHERE user_id = ? AND date = ?",
                    arguments: [Stored.id(entry.userID), entry.date.description]) ?? false
            try db.execute(
                sql: """
                    INSERT INTO day_entries (user_id, date, mood, activity_ids, note, thoughts, gratitude, question,
                        answer, song_title, song_artist, song_link, photo_id, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, date) DO UPDATE SET
                        mood = excluded.mood, activity_ids = excluded.activity_ids, note = excluded.note,
                        thoughts = excluded.thoughts, gratitude = excluded.gratitude, question = excluded.question,
                        answer = excluded.answer, song_title = excluded.song_title,
                        song_artist = excluded.song_artist, song_link = excluded.song_link,
                        photo_id = excluded.photo_id, updated_at = excluded.updated_at
                    """,
                arguments: [
                    Stored.id(entry.userID), entry.date.description, entry.mood.rawValue, Stored.ids(entry.activityIDs),
                    entry.note, entry.thoughts, Stored.strings(entry.gratitude), entry.question, entry.answer,
                    entry.song?.title, entry.song?.artist, entry.song?.link, Stored.optionalID(entry.photoID),
                    Stored.time(entry.createdAt), Stored.time(entry.updatedAt),
                ])
            return existed
        }
    }

    func entry(userID: UUID, date: LocalDate) async throws -> DayEntry? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM day_entries WHERE user_id = ? AND date = ?",
                arguments: [Stored.id(userID), date.description]
            ).map(Self.entry)
        }
    }

    func delete(userID: UUID, date: LocalDate) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM day_entries WHERE user_id = ? AND date = ?",
                arguments: [Stored.id(userID), date.description])
            return db.changesCount > 0
        }
    }

    func entries(userID: UUID, before: LocalDate?, limit: Int) async throws -> [DayEntry] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM day_entries WHERE user_id = ? AND date < ? ORDER BY date DESC LIMIT ?",
                arguments: [Stored.id(userID), before?.description ?? "9999-99-99", limit]
            ).map(Self.entry)
        }
    }

    func entries(userID: UUID, from: LocalDate, to: LocalDate) async throws -> [DayEntry] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM day_entries WHERE user_id = ? AND date BETWEEN ? AND ? ORDER BY date",
                arguments: [Stored.id(userID), from.description, to.description]
            ).map(Self.entry)
        }
    }

    static func entry(_ row: Row) -> DayEntry {
        let title: String? = row["song_title"]
        let artist: String? = row["song_artist"]
        let link: String? = row["song_link"]
        let song: Song? =
            (title == nil && artist == nil && link == nil)
            ? nil : Song(title: title ?? "", artist: artist ?? "", link: link ?? "")
        return DayEntry(
            userID: row.uuid("user_id"), date: row.localDate("date"), mood: Mood(rawValue: row["mood"]) ?? .meh,
            activityIDs: row.uuids("activity_ids"), note: row["note"], thoughts: row["thoughts"],
            gratitude: row.strings("gratitude"), question: row["question"], answer: row["answer"], song: song,
            photoID: row.optionalUUID("photo_id"), createdAt: row.time("created_at"), updatedAt: row.time("updated_at"))
    }
}
