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
        writer.beginNewRow()
        for name in header { try writer.write(field: name, quoted: true) }
    }

    public func row(_ fields: [String]) throws {
        writer.beginNewRow()
        for field in fields {
            // Quoted always: notes hold commas, quotes and line breaks.
            try writer.write(field: Self.inert(field), quoted: true)
        }
    }

    /// A field a spreadsheet will not run as a formula (OWASP's CSV injection advice): text that
    /// starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, which
    /// spreadsheets show as text. Numbers (`-9.1393`, a latitude) are left as they are.
    public static func inert(_ field: String) -> String {
        guard let first = field.utf8.first, [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D].contains(first) else { return field }
        if Double(field) != nil, field.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2E || $0 == 0x2B })
        {
            return field
        }
        return "'" + field
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

    public static let closet = [
        "name", "category", "tags", "colors", "brand", "size", "season", "purchase_date", "price", "notes",
        "archived", "photo", "created_at",
    ]

    public static func fields(_ item: ExportedClosetItem) -> [String] {
        [
            item.name, item.category, item.tags.joined(separator: " | "), item.colors.joined(separator: " | "),
            item.brand, item.size, item.season, item.purchaseDate?.description ?? "",
            item.priceCents.map(ClosetRules.priceText) ?? "", item.notes, item.archivedReason?.rawValue ?? "",
            item.photo ?? "", ExportDates.text(item.createdAt),
        ]
    }

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
