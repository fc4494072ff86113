import CSV
import DaybookCore
import Foundation

/// One spreadsheet-friendly CSV file of an export, a row per record, written as records come.
public final class ExportCSVFile {
    let writer: CSVWriter
    let stream: OutputStream

    public init(url: URL, header: [String]) throws {
        guard let stream = OutputStream(toFileAtPath: url.path, append: false) else {
            throw CocoaError(.fileWriteUnknown)
        }
        self.stream = stream
        stream.open()
        // A byte-order mark, so that spreadsheets open the file as UTF-8.
        _ = [UInt8(0xEF), 0xBB, 0xBF].withUnsafeBufferPointer { stream.write($0.baseAddress!, maxLength: 3) }
        writer = try CSVWriter(stream: stream, newline: .crlf)
        try writer.write(row: header)
    }

    public func row(_ fields: [String]) throws {
        writer.beginNewRow()
        for field in fields {
            // Quoted always: notes hold commas, quotes and line breaks.
            try writer.write(field: field, quoted: true)
        }
    }

    public func finish() {
        writer.stream.close()
    }

    public static let days = [
        "date", "mood", "mood_name", "activities", "note", "thoughts", "gratitude", "question", "answer",
        "song_title", "song_artist", "song_link", "photo",
    ]
    public static let checkins = ["date", "time", "at", "time_zone", "feeling", "activity", "people", "note"]
    public static let journal = [
        "date", "title", "body", "tags", "location", "latitude", "longitude", "visibility", "photos", "created_at",
    ]

    public static func fields(_ day: ExportedDay) -> [String] {
        [
            day.date.description, String(day.mood), day.moodName, day.activities.joined(separator: " | "), day.note,
            day.thoughts, day.gratitude.joined(separator: " | "), day.question, day.answer, day.song?.title ?? "",
            day.song?.artist ?? "", day.song?.link ?? "", day.photo ?? "",
        ]
    }

    public static func fields(_ checkin: ExportedCheckin) -> [String] {
        let zone = TimeZone(identifier: checkin.timeZone) ?? .gmt
        let minutes = Int(checkin.at.timeIntervalSince(checkin.date.start(in: zone)) / 60)
        let time = String(format: "%02d:%02d", max(0, minutes) / 60 % 24, max(0, minutes) % 60)
        return [
            checkin.date.description, time, ExportDates.text(checkin.at), checkin.timeZone, checkin.feeling,
            checkin.activity ?? "", checkin.people.joined(separator: " | "), checkin.note,
        ]
    }

    public static func fields(_ entry: ExportedJournalEntry) -> [String] {
        [
            entry.date.description, entry.title, entry.body, entry.tags.joined(separator: " | "), entry.location,
            entry.latitude.map { String($0) } ?? "", entry.longitude.map { String($0) } ?? "",
            entry.visibility.rawValue, entry.photos.joined(separator: " | "), ExportDates.text(entry.createdAt),
        ]
    }
}
