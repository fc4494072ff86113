import DaybookCore
import Foundation
import Testing
import ZIPFoundation

@testable import DaybookTransfer

/// The real export files in `shared/import-samples` (their README gives each one's source), read
/// as a person's import would read them. Skipped, saying so, where that folder is absent; the files
/// are never copied into the repository.
@Suite("Real export files")
struct RealSampleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/import-samples")
    static let available = FileManager.default.fileExists(atPath: folder.path)

    static func file(_ path: String) -> URL { folder.appendingPathComponent(path) }

    func read(_ kind: ImportKind, _ path: String, zone: String = "Europe/Berlin") throws -> ImportBundle {
        try ImportReader.read(
            kind: kind, file: Self.file(path), timeZone: TimeZone(identifier: zone)!, limits: ImportLimits())
    }

    static let skipped = "shared/import-samples is absent: the real export files are not here"

    /// Each Daylio CSV: rows and days as the README counts them, every row read.
    @Test(.enabled(if: available, Comment(rawValue: skipped)), arguments: [
        ("kije_daylio_export.csv", 1_159, 231), ("zhafen_daylio_export.csv", 1_186, 376),
        ("noamelf_daylio_export.csv", 77, 76), ("kplich_daylio_export.csv", 21, 21),
        ("deutschegabanna_ok_scales.csv", 7, 4), ("deutschegabanna_ok.csv", 12, 4),
        ("deutschegabanna_escaped_characters.csv", 5, 3), ("staticf0x_test_data.csv", 32, 5),
        ("michaelcurrin_sample.csv", 3, 3), ("michaelcurrin_sample_multiple_moods.csv", 7, 5),
    ])
    func daylioCSV(name: String, rows: Int, days: Int) throws {
        let bundle = try read(.daylioCSV, "daylio-csv/\(name)")
        #expect(bundle.moments.count == rows)
        #expect(Set(bundle.moments.map(\.date)).count == days)
        #expect(bundle.problems.filter { $0.line != nil }.isEmpty, "\(bundle.problems.map(\.text))")
        #expect(bundle.moments.allSatisfy { !$0.note.contains("<br>") && !$0.note.contains("<b>") })
        // Each instant falls on its row's date in the person's zone (an hour off on a DST day did not).
        let zone = TimeZone(identifier: "Europe/Berlin")!
        #expect(bundle.moments.allSatisfy { LocalDate($0.at, in: zone) == $0.date })
    }

    @Test(.enabled(if: available, Comment(rawValue: skipped)))
    func daylioCSVDetails() throws {
        let ok = try read(.daylioCSV, "daylio-csv/deutschegabanna_ok.csv")
        // 2022-10-30 is the day summer time ends in Europe: 10:04 AM is 09:04Z, not 08:04Z.
        #expect(ok.moments.contains { $0.date.description == "2022-10-30" && $0.at.formatted(.iso8601) == "2022-10-30T09:04:00Z" })
        let polish = try read(.daylioCSV, "daylio-csv/kplich_daylio_export.csv")
        #expect(polish.moments.first?.date.description == "2017-09-07")
        #expect(polish.moments.first?.at.formatted(.iso8601) == "2017-09-07T10:10:00Z")
        #expect(polish.moodNames.contains("dobrze"))
        let scales = try read(.daylioCSV, "daylio-csv/deutschegabanna_ok_scales.csv")
        #expect(scales.moments.contains { $0.note == "Who knows.\n\nAm I [[virtual]]?" })
        #expect(scales.moments.contains { $0.note == "Never mind d." || $0.note == "Never mindd." })
        #expect(scales.problems.contains { $0.message.contains("scales") })
        let escaped = try read(.daylioCSV, "daylio-csv/deutschegabanna_escaped_characters.csv")
        #expect(escaped.moments.contains { $0.note.contains("\"with quotes\"") })
        let trailing = try read(.daylioCSV, "daylio-csv/michaelcurrin_sample.csv")
        #expect(trailing.moodNames.allSatisfy { $0 == $0.trimmingCharacters(in: .whitespaces) })
    }

    /// The backups: every entry, the person's own zone where the offset is theirs.
    @Test(.enabled(if: available, Comment(rawValue: skipped)), arguments: [
        ("guekka_official_english.daylio", 5), ("guekka_old.daylio", 365), ("guekka_new.daylio", 64),
    ])
    func daylioBackup(name: String, entries: Int) throws {
        let bundle = try read(.daylioBackup, "daylio-backup/\(name)")
        #expect(bundle.moments.count == entries)
        #expect(bundle.problems.isEmpty, "\(bundle.problems.map(\.text))")
        #expect(bundle.moments.allSatisfy { !$0.timeZone.hasPrefix("GMT+") && !$0.timeZone.hasPrefix("GMT-") })
    }

    @Test(.enabled(if: available, Comment(rawValue: skipped)))
    func daylioBackupTakesThePersonsZone() throws {
        let bundle = try read(.daylioBackup, "daylio-backup/guekka_official_english.daylio")
        #expect(bundle.moments.allSatisfy { $0.timeZone == "Europe/Berlin" })
        #expect(bundle.moments.first?.at.formatted(.iso8601) == "2023-01-24T10:36:47Z")
    }

    /// Day One: a journal named with a space is a tag; photos in the entry's own order; video and
    /// sound are named, and an entry of nothing else is not made.
    @Test(.enabled(if: available, Comment(rawValue: skipped)))
    func dayOneDevJournal() throws {
        let bundle = try read(.dayOne, "dayone/marcdonald_dev_journal.zip")
        #expect(bundle.journal.count == 4)
        #expect(bundle.journal.allSatisfy { $0.tags.contains("dev-journal") && !$0.body.isEmpty })
        let eye = try #require(bundle.journal.first { $0.location == "London Eye" })
        #expect(eye.photos == ["photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg", "photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg"])
        #expect(bundle.problems.count == 2)
        #expect(bundle.problems.contains { $0.message.contains("a video and an audio recording") && $0.message.contains("left out") })
    }

    /// The 54-entry example journal, zipped as Day One lays out an export: the JSON at the root,
    /// a stand-in file at `photos/<md5>.<type>` for each photo it names (the photos themselves are
    /// not kept in the samples; the reader only needs them to be there).
    @Test(.enabled(if: available, Comment(rawValue: skipped)))
    func dayOneExample() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dayone-\(UUID()).zip")
        let archive = try Archive(url: url, accessMode: .create)
        let json = try Data(contentsOf: Self.file("dayone/ergebnis_Example.json"))
        func add(_ path: String, _ data: Data) throws {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        try add("Example.json", json)
        let document = try JSONSerialization.jsonObject(with: json) as! [String: Any]
        var photos = Set<String>()
        for entry in document["entries"] as! [[String: Any]] {
            for photo in entry["photos"] as? [[String: Any]] ?? [] {
                if let md5 = photo["md5"] as? String { photos.insert("photos/\(md5).\(photo["type"] as? String ?? "jpeg")") }
            }
        }
        for path in photos.sorted() { try add(path, Data("stand-in".utf8)) }
        let bundle = try ImportReader.read(kind: .dayOne, file: url, timeZone: .gmt, limits: ImportLimits())
        #expect(bundle.journal.count == 54)
        #expect(bundle.journal.reduce(0) { $0 + $1.photos.count } == 132)
        #expect(bundle.journal.allSatisfy { $0.tags.contains("example") })
        #expect(bundle.journal.first?.createdAt.formatted(.iso8601) == "2004-10-13T00:38:16Z")
        #expect(bundle.journal.first?.date.description == "2004-10-12", "18:38 in Boise")
    }

    /// Journiv: places written as text, journal names with spaces and emoji as one tag, only the
    /// moods the entries use.
    @Test(.enabled(if: available, Comment(rawValue: skipped)))
    func journiv() throws {
        let bundle = try read(.journiv, "journiv/journiv_0.1.0-beta.11_export.zip")
        #expect(bundle.journal.count == 4)
        #expect(bundle.moments.count == 3)
        #expect(bundle.photoCount == 1)
        #expect(Set(bundle.moodNames) == ["Relaxed", "Angry", "Surprised"])
        #expect(bundle.journal.contains { $0.location == "Berlin, Germany" })
        #expect(bundle.journal.contains { $0.tags == ["family-👪", "personal-✨"] })
        #expect(bundle.journal.contains { $0.tags.contains("work-notes") })
        let late = try #require(bundle.journal.first { $0.title == "Late night in LA" })
        #expect(late.date.description == "2025-03-30" && late.createdAt.formatted(.iso8601) == "2025-03-31T06:45:00Z")
    }
}
