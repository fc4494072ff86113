import DaybookApp
import DaybookMedia
import DaybookServices
import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A `multipart/form-data` body with one part named `file`, the way a browser or the generated
/// client sends it. The file name and part type are deliberately whatever the caller says: the
/// server must judge by the bytes.
func multipart(_ data: Data, filename: String = "photo.jpg", type: String = "image/jpeg") -> (ByteBuffer, String) {
    let boundary = "daybook-test-\(UUID().uuidString)"
    var body = Data()
    body.append(Data("--\(boundary)\r\n".utf8))
    body.append(Data("Content-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\n".utf8))
    body.append(Data("Content-Type: \(type)\r\n\r\n".utf8))
    body.append(data)
    body.append(Data("\r\n--\(boundary)--\r\n".utf8))
    return (ByteBuffer(data: body), "multipart/form-data; boundary=\(boundary)")
}

extension API {
    func upload(
        _ data: Data, kind: String? = nil, filename: String = "photo.jpg", headers extra: HTTPFields = [:]
    ) async throws -> APIResponse {
        let (body, type) = multipart(data, filename: filename)
        var headers = extra
        headers[.contentType] = type
        if let token { headers[.authorization] = "Bearer \(token)" }
        let query = kind.map { "?kind=\($0)" } ?? ""
        return try await client.execute(uri: "/api/v1/media" + query, method: .post, headers: headers, body: body) {
            APIResponse(status: $0.status, headers: $0.headers, text: String(buffer: $0.body))
        }
    }

    /// A file under `/media/…`, with the bearer token (as an app would) unless `anonymous`.
    func file(_ path: String, anonymous: Bool = false, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = extra
        if let token, !anonymous { headers[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: path, method: .get, headers: headers, body: nil) { $0 }
    }
}

/// How many files the blob store holds under the data directory.
func blobCount(_ directory: String) -> Int {
    let enumerator = FileManager.default.enumerator(atPath: directory)
    var count = 0
    while let path = enumerator?.nextObject() as? String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(
            atPath: (directory as NSString).appendingPathComponent(path), isDirectory: &isDirectory),
            !isDirectory.boolValue, !path.hasSuffix(".tmp")
        {
            count += 1
        }
    }
    return count
}

/// `withApp`, also telling `body` where the photo files go (`<data directory>/media`).
func withMediaApp(
    _ database: TestDatabase,
    _ body: @Sendable @escaping (any TestClientProtocol, any DaybookStore, String) async throws -> Void
) async throws {
    let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-media-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
    try await withApp(database, configure: { $0.dataDirectory = dataDirectory }) { client, store in
        try await body(client, store, (dataDirectory as NSString).appendingPathComponent("media"))
    }
}

@Suite("API: photos")
struct APIMediaTests {
    static let jpeg = try! SampleImage.make(width: 1600, height: 1200, format: .jpeg)

    @Test(arguments: TestDatabase.available)
    func eachAcceptedTypeIsStoredAndServed(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("photos")
            for format in [ImageFormat.jpeg, .png, .webp, .heic] {
                let bytes = try SampleImage.make(width: 900, height: 600, format: format)
                // The name and the part's type lie: only the bytes count.
                let created = try await api.upload(bytes, filename: "picture.txt")
                #expect(created.status == .created, "\(format): \(created.text)")
                let id = try #require(created["id"] as? String)
                #expect(created["kind"] as? String == "photo")
                let original = try #require(created["original"] as? [String: Any])
                #expect(original["width"] as? Int == 900 && original["height"] as? Int == 600)
                #expect(original["contentType"] as? String == format.mimeType)
                let small = try #require(created["small"] as? [String: Any])
                #expect(small["width"] as? Int == 320 && small["height"] as? Int == 213, "\(small)")
                let large = try #require(created["large"] as? [String: Any])
                #expect(large["width"] as? Int == 900, "never enlarged")
                #expect(created["avatar"] == nil)

                let metadata = try await api.get("/media/\(id)")
                #expect(metadata.status == .ok && metadata["id"] as? String == id)

                let served = try await api.file("/media/\(id)/small")
                #expect(served.status == .ok)
                #expect(served.headers[.cacheControl] == "private, max-age=31536000, immutable")
                let etag = try #require(served.headers[.eTag])
                #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
                #expect(served.headers[.contentType] == small["contentType"] as? String)
                // A file is no page: no CSRF cookie is handed out with it (an app asks for many).
                #expect(served.setCookies.isEmpty, "\(served.setCookies)")
                let again = try await api.file("/media/\(id)/small", headers: [.ifNoneMatch: etag])
                #expect(again.status == .notModified && again.body.readableBytes == 0)
                #expect(try await api.file("/media/\(id)/original").status == .ok)
            }
            #expect(try await api.get("/media").items.count == 4)
        }
    }

    @Test(arguments: TestDatabase.available)
    func photosAreUprightAndCarryNoMetadata(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("exif")
            // Stored 800×400, EXIF says "rotate 90° clockwise": upright it is 400×800.
            let rotated = try SampleImage.make(width: 800, height: 400, format: .jpeg, exifOrientation: 6, gps: true)
            #expect(rotated.range(of: Data("GPS".utf8)) != nil || rotated.range(of: Data("Exif".utf8)) != nil)
            let created = try await api.upload(rotated)
            #expect(created.status == .created, "\(created.text)")
            let id = try #require(created["id"] as? String)
            let large = try #require(created["large"] as? [String: Any])
            #expect(large["width"] as? Int == 400 && large["height"] as? Int == 800)
            for size in ["small", "large"] {
                let served = try await api.file("/media/\(id)/\(size)")
                let bytes = Data(buffer: served.body)
                // GPS lives inside the EXIF block (a JPEG's "Exif" segment, a WebP's "EXIF" chunk); no
                // search for the three bytes "GPS", which compressed pixels hold by chance now and then.
                #expect(bytes.range(of: Data("Exif".utf8)) == nil, "\(size) has EXIF")
                #expect(bytes.range(of: Data("EXIF".utf8)) == nil, "\(size) has an EXIF chunk")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func badUploadsAreRefusedAndLeaveNothing(database: TestDatabase) async throws {
        try await withMediaApp(database) { client, store, media in
            let api = try await API(client).register("refused")

            let text = try await api.upload(Data("hello, this is not a photo\n".utf8), filename: "photo.jpg")
            text.expectProblem(.unsupportedMediaType, "unsupported_media_type")
            #expect(text.errorCode("file") == "unsupported_type")

            let truncated = try await api.upload(Self.jpeg.prefix(Self.jpeg.count / 2))
            truncated.expectProblem(.unprocessableContent, "validation_failed")
            #expect(truncated.errorCode("file") == "undecodable", "\(truncated.text)")

            let huge = try SampleImage.make(width: 10_000, height: 6_000, format: .png, texture: .black, bands: 1)
            let tooManyPixels = try await api.upload(huge)
            tooManyPixels.expectProblem(.unprocessableContent, "validation_failed")
            #expect(tooManyPixels.errorCode("file") == "too_many_pixels")

            var oversize = Self.jpeg
            oversize.append(Data(count: 25 * 1024 * 1024 - oversize.count + 1))
            try await api.upload(oversize).expectProblem(.contentTooLarge, "payload_too_large")

            // A body that is not multipart at all, and a multipart body without a file.
            let json = try await api.call(.post, "/media", raw: "{}")
            json.expectProblem(.unsupportedMediaType, "unsupported_media_type")
            #expect(json.text.contains("multipart/form-data"), "the type the contract names: \(json.text)")

            #expect(try await api.get("/media").items.isEmpty)
            #expect(blobCount(media) == 0)
            #expect(try await store.media.list(userID: UUID(), kind: nil, after: nil, limit: 10).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func onlyTheOwnerSeesAPhoto(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anna = try await API(client).register("anna")
            let bob = try await API(client).register("bob")
            let id = try #require(try await anna.upload(Self.jpeg)["id"] as? String)
            for size in ["small", "large", "original", "avatar"] {
                #expect(try await bob.file("/media/\(id)/\(size)").status == .notFound, "\(size)")
                #expect(try await anna.file("/media/\(id)/\(size)", anonymous: true).status == .notFound, "\(size)")
            }
            #expect(try await anna.file("/media/\(id)/huge").status == .notFound)
            #expect(try await anna.file("/media/not-an-id/small").status == .notFound)
            try await bob.get("/media/\(id)").expectProblem(.notFound, "not_found")
            try await bob.delete("/media/\(id)").expectProblem(.notFound, "not_found")
            #expect(try await bob.get("/media").items.isEmpty)
            // Bob cannot hang Anna's photo on his day or his profile.
            let day = try await bob.put("/days/2024-03-03", ["mood": 3, "photoId": id])
            day.expectProblem(.unprocessableContent, "validation_failed")
            #expect(day.errorCode("photoId") == "unknown")
            let profile = try await bob.patch("/me", ["avatarMediaId": id])
            #expect(profile.errorCode("avatarMediaId") == "unknown", "\(profile.text)")
            #expect(try await anna.file("/media/\(id)/small").status == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deletingTheLastUseDeletesTheFiles(database: TestDatabase) async throws {
        try await withMediaApp(database) { client, _, media in
            let api = try await API(client).register("deleter")

            // A photo of the day goes with its day.
            let photo = try #require(try await api.upload(Self.jpeg)["id"] as? String)
            #expect(blobCount(media) == 3)
            let day = try await api.put("/days/2024-03-03", ["mood": 4, "photoId": photo])
            #expect(day["photoId"] as? String == photo, "\(day.text)")
            #expect(try await api.delete("/days/2024-03-03").status == .noContent)
            try await api.get("/media/\(photo)").expectProblem(.notFound, "not_found")
            #expect(blobCount(media) == 0)

            // Replaced by another photo, the first one goes.
            let first = try #require(try await api.upload(Self.jpeg)["id"] as? String)
            let second = try #require(
                try await api.upload(try SampleImage.make(width: 640, height: 480, format: .png))["id"] as? String)
            #expect(try await api.put("/days/2024-03-04", ["mood": 4, "photoId": first]).status == .created)
            #expect(try await api.put("/days/2024-03-04", ["mood": 4, "photoId": second]).status == .ok)
            try await api.get("/media/\(first)").expectProblem(.notFound, "not_found")
            #expect(blobCount(media) == 3)

            // Deleting the photo takes it off its day.
            #expect(try await api.delete("/media/\(second)").status == .noContent)
            let entry = try await api.get("/days/2024-03-04")
            #expect(entry.status == .ok && entry["photoId"] == nil)
            #expect(blobCount(media) == 0)

            // A profile picture: the square crop, set and taken away through the profile.
            let avatar = try await api.upload(Self.jpeg, kind: "avatar")
            let avatarID = try #require(avatar["id"] as? String)
            let square = try #require(avatar["avatar"] as? [String: Any])
            #expect(square["width"] as? Int == 256 && square["height"] as? Int == 256)
            let me = try await api.patch("/me", ["avatarMediaId": avatarID])
            #expect(me["avatarMediaId"] as? String == avatarID, "\(me.text)")
            #expect(try await api.get("/me")["avatarMediaId"] as? String == avatarID)
            #expect(try await api.file("/media/\(avatarID)/avatar").status == .ok)
            let cleared = try await api.call(.patch, "/me", raw: #"{"avatarMediaId": null}"#)
            #expect(cleared.status == .ok && cleared["avatarMediaId"] == nil, "\(cleared.text)")
            try await api.get("/media/\(avatarID)").expectProblem(.notFound, "not_found")
            #expect(blobCount(media) == 0)

            // The account's deletion removes every file.
            _ = try await api.upload(Self.jpeg)
            #expect(blobCount(media) == 3)
            #expect(try await api.delete("/me", json: ["password": "correct horse battery"]).status == .noContent)
            #expect(blobCount(media) == 0)
        }
    }
}
