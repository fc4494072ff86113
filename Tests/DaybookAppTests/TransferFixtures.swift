import DaybookMedia
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import ZIPFoundation

/// Files in the formats Daybook imports, made here (no third party's data in the repository).
enum TransferFixtures {
    /// A zip of the given files, written to a temporary file and read back.
    static func zip(_ files: [(String, Data)]) throws -> Data {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID()).zip")
        defer { try? FileManager.default.removeItem(at: url) }
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in files {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        return try Data(contentsOf: url)
    }

    /// Everything in a zip, by path.
    static func unzip(_ data: Data) throws -> [String: Data] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("unzip-\(UUID()).zip")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let archive = try Archive(url: url, accessMode: .read)
        var files: [String: Data] = [:]
        for entry in archive {
            var bytes = Data()
            _ = try archive.extract(entry) { bytes.append($0) }
            files[entry.path] = bytes
        }
        return files
    }

    static func json(_ object: Any) -> Data {
        try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    static let photo = try! SampleImage.make(width: 640, height: 480, format: .jpeg)

    /// A Daylio backup: two custom moods (one renamed), tags, an entry with a photo.
    static func daylioBackup() throws -> Data {
        let document: [String: Any] = [
            "version": 15,
            "customMoods": [
                ["id": 1, "custom_name": "", "mood_group_id": 1, "predefined_name_id": 1],
                ["id": 7, "custom_name": "meh-ish", "mood_group_id": 3, "predefined_name_id": -1],
            ],
            "tags": [["id": 3, "name": "Gym"], ["id": 4, "name": "work"]],
            "dayEntries": [
                [
                    "id": 11, "minute": 30, "hour": 20, "day": 5, "month": 0, "year": 2023,
                    "datetime": 1_672_950_600_000, "timeZoneOffset": 3_600_000, "mood": 1,
                    "note": "Long <b>day</b><br>at the gym", "note_title": "Strong", "tags": [3, 4], "assets": [21],
                ],
                [
                    "id": 12, "minute": 0, "hour": 9, "day": 5, "month": 0, "year": 2023,
                    "datetime": 1_672_905_600_000, "timeZoneOffset": 3_600_000, "mood": 7, "note": "",
                    "tags": [4], "assets": [],
                ],
            ],
            "assets": [["id": 21, "checksum": "abc123", "type": 1]],
        ]
        return try zip([
            ("backup.daylio", json(document).base64EncodedData()),
            ("assets/photos/2023/1/abc123", photo),
        ])
    }

    /// A Day One export: one journal, an entry with a photo, tags and a place.
    static func dayOne() throws -> Data {
        let document: [String: Any] = [
            "metadata": ["version": "1.0"],
            "entries": [
                [
                    "uuid": "E1", "creationDate": "2022-07-01T22:30:00Z", "modifiedDate": "2022-07-02T08:00:00Z",
                    "timeZone": "Europe/Berlin",
                    "text": "# Lake day\n\nSwam across\\. ![](dayone-moment://P1)\n\nCold but good\\!",
                    "tags": ["Summer", "swim"],
                    "location": ["placeName": "Wannsee", "latitude": 52.43, "longitude": 13.17],
                    "photos": [["identifier": "P1", "md5": "d41d8cd9", "type": "jpeg"]],
                ],
                ["uuid": "E2", "creationDate": "2022-07-03T10:00:00Z", "timeZone": "UTC", "text": "Quiet."],
            ],
        ]
        return try zip([("Travel.json", json(document)), ("photos/d41d8cd9.jpeg", photo)])
    }

    /// A Journiv export: a journal with an entry and its mood log.
    static func journiv() throws -> Data {
        let document: [String: Any] = [
            "export_version": "1.0", "export_date": "2024-03-02T10:00:00Z", "app_version": "0.1",
            "user_email": "me@example.org",
            "mood_definitions": [
                ["name": "happy", "category": "positive"], ["name": "low", "category": "negative"],
            ],
            "journals": [
                [
                    "title": "Personal",
                    "entries": [
                        [
                            "title": "A good Saturday", "content": "Walked by the river.",
                            "entry_date": "2024-03-02", "entry_datetime_utc": "2024-03-02T09:15:00",
                            "entry_timezone": "UTC", "tags": ["walks"],
                            "mood_log": [
                                "mood_name": "happy", "logged_date": "2024-03-02",
                                "logged_datetime_utc": "2024-03-02T09:15:00", "logged_timezone": "UTC",
                                "note": "sunny",
                            ],
                            "media": [
                                ["filename": "river.jpg", "file_path": "media/river.jpg", "media_type": "image"]
                            ],
                            "created_at": "2024-03-02T09:15:00",
                        ]
                    ],
                ]
            ],
        ]
        return try zip([("data.json", json(document)), ("media/river.jpg", photo)])
    }
}

/// A `multipart/form-data` body with the parts `kind` and `file`.
func importBody(kind: String?, file: Data?, filename: String = "export.zip") -> (ByteBuffer, String) {
    let boundary = "daybook-import-\(UUID().uuidString)"
    var body = Data()
    if let kind {
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\n\(kind)\r\n".utf8))
    }
    if let file {
        body.append(Data("--\(boundary)\r\n".utf8))
        body.append(Data("Content-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\n".utf8))
        body.append(Data("Content-Type: application/octet-stream\r\n\r\n".utf8))
        body.append(file)
        body.append(Data("\r\n".utf8))
    }
    body.append(Data("--\(boundary)--\r\n".utf8))
    return (ByteBuffer(data: body), "multipart/form-data; boundary=\(boundary)")
}

extension API {
    /// `POST /imports` with the file; the preview (or the problem).
    func importFile(_ data: Data?, kind: String?, filename: String = "export.zip") async throws -> APIResponse {
        let (body, type) = importBody(kind: kind, file: data, filename: filename)
        var headers: HTTPFields = [.contentType: type]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: "/api/v1/imports", method: .post, headers: headers, body: body) {
            APIResponse(status: $0.status, headers: $0.headers, text: String(buffer: $0.body))
        }
    }

    /// Polls an export or import until it is no longer running.
    func finished(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> APIResponse {
        for _ in 0..<300 {
            let job = try await get(path)
            if job["status"] as? String != "running" { return job }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("\(path) still running", sourceLocation: sourceLocation)
        return try await get(path)
    }

    /// Imports a file and runs it with the mapping; the finished job.
    func imported(_ data: Data, kind: String, mapping: [String: Int] = [:]) async throws -> APIResponse {
        let preview = try await importFile(data, kind: kind)
        #expect(preview.status == .created, "\(preview.text)")
        let id = try #require(preview["id"] as? String)
        let run = try await post("/imports/\(id)/run", ["moodMapping": mapping])
        #expect(run.status == .accepted, "\(run.text)")
        let job = try await finished("/imports/\(id)")
        #expect(job["status"] as? String == "done", "\(job.text)")
        return job
    }

    /// Exports everything; the zip's files.
    func exported() async throws -> [String: Data] {
        let started = try await post("/exports", [String: Any]())
        #expect(started.status == .accepted, "\(started.text)")
        let id = try #require(started["id"] as? String)
        let job = try await finished("/exports/\(id)")
        #expect(job["status"] as? String == "done", "\(job.text)")
        let download = try await get("/exports/\(id)/download")
        #expect(download.status == .ok)
        #expect(download.headers[.contentType] == "application/zip")
        return try TransferFixtures.unzip(Data(download.bytes))
    }
}

enum ZIPFoundationArchive {
    static func create(_ url: URL) throws -> Archive { try Archive(url: url, accessMode: .create) }
}
