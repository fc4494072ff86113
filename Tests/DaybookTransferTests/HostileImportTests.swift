import DaybookCore
import Foundation
import Testing
import ZIPFoundation

@testable import DaybookTransfer

/// Files made to stop or starve the server (issue 60's findings 2 and 3): each is refused or read
/// with its bad entries left out, never a trap, and never minutes of a core.
@Suite("Hostile import files")
struct HostileImportTests {
    let limits = ImportLimits()

    /// A zip holding `files`, in a temporary folder.
    func zip(_ files: [String: Data]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID()).zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        return url
    }

    /// A Daylio backup whose one entry has these fields (besides a mood and an id).
    func daylioBackup(_ entries: [[String: Any]]) throws -> URL {
        let document: [String: Any] = [
            "customMoods": [["id": 1, "mood_group_id": 1, "predefined_name_id": 1]], "tags": [],
            "dayEntries": entries.enumerated().map { index, fields in
                ["id": index, "mood": 1, "year": 2024, "month": 2, "day": 3, "hour": 10, "minute": 0].merging(
                    fields, uniquingKeysWith: { $1 })
            },
        ]
        let json = try JSONSerialization.data(withJSONObject: document)
        return try zip(["backup.daylio": Data(json.base64EncodedString().utf8)])
    }

    @Test(arguments: [
        ["month": Int64.max], ["month": Int64.min], ["month": 12], ["month": -1], ["hour": Int64.max], ["minute": Int64.max],
        ["hour": Int64.min], ["datetime": Int64.max], ["datetime": Int64.min], ["datetime": Int64.max, "hour": Int64.max],
        ["year": Int64.max], ["day": Int64.min], ["timeZoneOffset": Int64.max], ["timeZoneOffset": Int64.min],
    ] as [[String: Int64]])
    func aDaylioBackupAtTheEndsOfItsNumbers(fields: [String: Int64]) throws {
        let url = try daylioBackup([fields, [:]])
        let bundle = try ImportReader.read(kind: .daylioBackup, file: url, timeZone: .gmt, limits: limits)
        #expect(bundle.moments.count >= 1, "the good entry is kept")
        #expect(bundle.moments.allSatisfy { $0.at.isStorable })
        #expect(bundle.moments.count + bundle.problems.count == 2 || fields.keys.contains("timeZoneOffset"))
    }

    /// Random numbers, extreme ones among them, in every field a backup entry has.
    @Test func daylioBackupsAtRandom() throws {
        var random = SplitMix64(seed: 61)
        let extremes: [Int64] = [.max, .min, 0, -1, 1, 11, 12, 23, 24, 59, 60, 9999, 10_000, 1 << 53, -(1 << 53)]
        for _ in 0..<20 {
            var entries: [[String: Any]] = []
            for _ in 0..<20 {
                var entry: [String: Any] = [:]
                for key in ["year", "month", "day", "hour", "minute", "datetime", "timeZoneOffset"]
                where Bool.random(using: &random) {
                    entry[key] =
                        Bool.random(using: &random)
                        ? extremes.randomElement(using: &random)! : Int64.random(in: .min ... .max, using: &random)
                }
                entries.append(entry)
            }
            let url = try daylioBackup(entries)
            do {
                let bundle = try ImportReader.read(kind: .daylioBackup, file: url, timeZone: .gmt, limits: limits)
                #expect(bundle.moments.allSatisfy { $0.at.isStorable && $0.date >= LocalDate.earliest })
            } catch let error as ImportFileError {
                #expect(error.message.contains("Nothing in the file"))
            }
        }
    }

    /// Finding 3: a 1.6 MB Day One zip of 600,000 tiny entries took ~170 s of CPU before its 422.
    /// The limit is counted as entries are decoded: the first one too many ends the reading.
    @Test func tooManyDayOneEntriesAreRefusedAsTheyAreRead() throws {
        let entry = #"{"uuid":"A","creationDate":"2024-01-01T10:00:00Z","text":"x"}"#
        let count = 600_000
        var text = #"{"entries":["#
        text.reserveCapacity(count * (entry.utf8.count + 1) + 20)
        for index in 0..<count {
            if index > 0 { text += "," }
            text += entry
        }
        text += "]}"
        let url = try zip(["Journal.json": Data(text.utf8)])
        var strict = limits
        strict.records = 100_000
        let started = Date()
        #expect(throws: ImportFileError.tooManyRecords(limit: 100_000)) {
            try ImportReader.read(kind: .dayOne, file: url, timeZone: .gmt, limits: strict)
        }
        // A debug build on a busy machine; the old reader took minutes.
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// Reading stops at the deadline the service sets (its time budget).
    @Test func readingStopsAtTheDeadline() throws {
        let entries = (0..<1_000).map { #"{"uuid":"\#($0)","creationDate":"2024-01-01T10:00:00Z","text":"x"}"# }
        let url = try zip(["Journal.json": Data(#"{"entries":[\#(entries.joined(separator: ","))]}"#.utf8)])
        var late = limits
        late.deadline = Date().addingTimeInterval(-1)
        #expect(throws: ImportFileError.tooSlow) {
            try ImportReader.read(kind: .dayOne, file: url, timeZone: .gmt, limits: late)
        }
        let bundle = try ImportReader.read(kind: .dayOne, file: url, timeZone: .gmt, limits: limits)
        #expect(bundle.journal.count == 1_000)
    }

    /// Dates a file gives past what can be stored are problems, not instants.
    @Test func dayOneDatesOutOfRange() throws {
        let json = #"""
            {"entries":[
              {"uuid":"1","creationDate":"+275760-09-13T00:00:00Z","text":"far"},
              {"uuid":"2","creationDate":"0000-01-01T00:00:00Z","text":"zero"},
              {"uuid":"3","creationDate":"2024-01-01T10:00:00.123Z","modifiedDate":"99999-01-01T00:00:00Z","text":"ok"}
            ]}
            """#
        let url = try zip(["Journal.json": Data(json.utf8)])
        let bundle = try ImportReader.read(kind: .dayOne, file: url, timeZone: .gmt, limits: limits)
        #expect(bundle.journal.map(\.body) == ["ok"])
        #expect(bundle.journal.allSatisfy { $0.createdAt.isStorable && $0.updatedAt.isStorable })
        #expect(bundle.problems.count == 2)
    }

    /// Issue 61's first defect, in the CSV reader: 11:07 PM on the spring-forward day in Berlin.
    @Test func daylioCSVTimesOnDaylightSavingDays() throws {
        let csv = """
            full_date,date,weekday,time,mood,activities,note_title,note
            2018-03-25,March 25,Sunday,11:07 PM,good,,,
            2022-10-30,October 30,Sunday,10:04 AM,good,,,
            """
        let bundle = try DaylioCSVReader.read(
            Data(csv.utf8), timeZone: TimeZone(identifier: "Europe/Berlin")!, limits: limits)
        #expect(bundle.moments.map { $0.at.formatted(.iso8601) } == ["2018-03-25T21:07:00Z", "2022-10-30T09:04:00Z"])
    }
}
