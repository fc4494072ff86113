import DaybookCore
import Foundation
import Testing
import ZIPFoundation

@testable import DaybookTransfer

/// Every reader, given a real-looking file whose values are replaced at random by extreme ones
/// (the ends of Int64, huge and tiny doubles, empty, very long and control-character strings,
/// nulls, arrays where objects were): it reads the file or refuses it with an `ImportFileError`,
/// and what it reads can be stored. Never a trap. Seeded: a failure repeats.
@Suite("Import readers at random")
struct ImportPropertyTests {
    static var extremes: [Any] { [
        Int64.max, Int64.min, 0, -1, 1 << 53, 9_223_372_036_854_775_807 as Int64, 1e308, -1e308, 5e-324, 0.5,
        "", String(repeating: "x", count: 5_000), "\u{0}junk", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z",
        "+275760-09-13T00:00:00Z", "2024-02-30", "NaN", NSNull(), [Any](), [String: Any](), true,
    ] }

    /// Replaces each leaf of `value` with an extreme one, with probability `rate`.
    static func mutate(_ value: Any, rate: Double, using random: inout SplitMix64) -> Any {
        switch value {
        case let object as [String: Any]:
            return object.mapValues { mutate($0, rate: rate, using: &random) }
        case let array as [Any]:
            return array.map { mutate($0, rate: rate, using: &random) }
        default:
            return Double.random(in: 0..<1, using: &random) < rate ? extremes.randomElement(using: &random)! : value
        }
    }

    func zip(_ files: [String: Data]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("random-\(UUID()).zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in files {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        return url
    }

    /// Reads `runs` mutations of `document`, packed by `pack`, as `kind`.
    func check(
        _ kind: ImportKind, _ document: [String: Any], runs: Int = 60, seed: UInt64,
        pack: ([String: Any]) throws -> URL
    ) throws {
        var random = SplitMix64(seed: seed)
        var read = 0
        for _ in 0..<runs {
            // Mostly one or two values changed (a file that still decodes and carries them in), now
            // and then many.
            let rate = [0.0, 0.02, 0.05, 0.3].randomElement(using: &random)!
            let mutated = Self.mutate(document, rate: rate, using: &random) as! [String: Any]
            let url = try pack(mutated)
            defer { try? FileManager.default.removeItem(at: url) }
            do {
                let bundle = try ImportReader.read(kind: kind, file: url, timeZone: .gmt, limits: ImportLimits())
                read += 1
                #expect(bundle.moments.allSatisfy { $0.at.isStorable })
                #expect(bundle.checkins.allSatisfy { $0.at.isStorable })
                #expect(bundle.journal.allSatisfy { $0.createdAt.isStorable && $0.updatedAt.isStorable })
            } catch is ImportFileError {
                continue
            }
        }
        #expect(read > 0, "some mutations should still be readable")
    }

    func json(_ object: Any) throws -> Data { try JSONSerialization.data(withJSONObject: object) }

    @Test func dayOne() throws {
        let document: [String: Any] = [
            "entries": (0..<5).map { index in
                [
                    "uuid": "E\(index)", "creationDate": "2024-03-0\(index + 1)T10:00:00Z",
                    "modifiedDate": "2024-03-0\(index + 1)T11:00:00.250Z", "timeZone": "Europe/Berlin",
                    "text": "Walk \(index) ![](dayone-moment://P\(index))", "tags": ["walks", "river"],
                    "location": ["placeName": "Berlin", "latitude": 52.5, "longitude": 13.4],
                    "photos": [["identifier": "P\(index)", "md5": "abc\(index)", "type": "jpeg"]],
                ] as [String: Any]
            }
        ]
        try check(.dayOne, document, seed: 1) { try zip(["Journal.json": try json($0)]) }
    }

    @Test func journiv() throws {
        let document: [String: Any] = [
            "mood_definitions": [["name": "good", "score": 3, "category": "positive"]],
            "journals": [
                [
                    "title": "Personal",
                    "entries": (0..<5).map { index in
                        [
                            "title": "Day \(index)", "content": "Text", "entry_date": "2024-03-0\(index + 1)",
                            "entry_datetime_utc": "2024-03-0\(index + 1)T10:00:00Z", "entry_timezone": "UTC",
                            "tags": ["family"], "latitude": 1.5, "longitude": 2.5,
                            "mood_log": ["mood_name": "good", "logged_date": "2024-03-0\(index + 1)"],
                        ] as [String: Any]
                    },
                ] as [String: Any]
            ],
        ]
        try check(.journiv, document, seed: 2) { try zip(["data.json": try json($0)]) }
    }

    @Test func daylioBackup() throws {
        let document: [String: Any] = [
            "customMoods": [["id": 1, "mood_group_id": 1, "predefined_name_id": 1, "custom_name": "rad"]],
            "tags": [["id": 1, "name": "walk"]],
            "dayEntries": (0..<5).map { index in
                [
                    "id": index, "minute": 5, "hour": 10, "day": index + 1, "month": 2, "year": 2024,
                    "datetime": 1_709_460_000_000 + index * 86_400_000, "timeZoneOffset": 3_600_000, "mood": 1,
                    "note": "a<br>b", "note_title": "t", "tags": [1], "assets": [Int](),
                ] as [String: Any]
            },
        ]
        try check(.daylioBackup, document, seed: 3) {
            try zip(["backup.daylio": Data(try json($0).base64EncodedString().utf8)])
        }
    }

    @Test func daybookExport() throws {
        let document: [String: Any] = [
            "format": "daybook-export", "version": 1, "exportedAt": "2024-03-01T00:00:00Z",
            "profile": [
                "username": "a", "displayName": "A", "bio": "", "timeZone": "UTC", "weekStart": 1,
                "createdAt": "2024-01-01T00:00:00Z",
            ] as [String: Any],
            "vocabulary": [["kind": "activity", "name": "walk", "emoji": "🚶", "archived": false, "position": 0]],
            "people": [["name": "Bo", "archived": false]],
            "days": [
                [
                    "date": "2024-03-01", "mood": 4, "moodName": "good", "activities": ["walk"], "note": "n",
                    "thoughts": "", "gratitude": [String](), "question": "", "answer": "",
                    "createdAt": "2024-03-01T10:00:00Z", "updatedAt": "2024-03-01T10:00:00Z",
                ] as [String: Any]
            ],
            "checkins": [
                [
                    "id": UUID().uuidString, "at": "2024-03-01T10:00:00Z", "timeZone": "UTC", "date": "2024-03-01",
                    "feeling": "calm", "people": ["Bo"], "note": "", "createdAt": "2024-03-01T10:00:00Z",
                    "updatedAt": "2024-03-01T10:00:00Z",
                ] as [String: Any]
            ],
            "journal": [
                [
                    "id": UUID().uuidString, "date": "2024-03-01", "title": "T", "body": "B", "tags": ["x"],
                    "location": "", "visibility": "private", "photos": [String](),
                    "createdAt": "2024-03-01T10:00:00Z", "updatedAt": "2024-03-01T10:00:00Z",
                ] as [String: Any]
            ],
        ]
        try check(.daybook, document, seed: 4) { try zip(["daybook.json": try json($0)]) }
    }

    /// Daylio's CSV with random bytes and extreme words in its fields.
    @Test func daylioCSV() throws {
        var random = SplitMix64(seed: 5)
        let words = [
            "2024-03-01", "9999-12-31", "0000-00-00", "11:07 PM", "99:99", "12:00 am", "9223372036854775807:00",
            "-1:-1", "rad", "", "\"", "a,b", "7 września", "a | b", String(repeating: "z", count: 3_000),
        ]
        for _ in 0..<200 {
            var rows = ["full_date,date,weekday,time,mood,activities,note_title,note"]
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                rows.append(
                    (0..<8).map { _ in
                        let word = words.randomElement(using: &random)!
                        return word.contains(",") || word.contains("\"")
                            ? "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : word
                    }.joined(separator: ","))
            }
            do {
                let bundle = try DaylioCSVReader.read(
                    Data(rows.joined(separator: "\n").utf8), timeZone: TimeZone(identifier: "Europe/Berlin")!,
                    limits: ImportLimits())
                #expect(bundle.moments.allSatisfy { $0.at.isStorable })
            } catch is ImportFileError {
                continue
            }
        }
    }
}
