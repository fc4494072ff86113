import DaybookMedia
import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("API: the journal")
struct APIJournalTests {
    /// Three different pictures, so that no two photos share a file.
    static let first = try! SampleImage.make(width: 1600, height: 1200, format: .jpeg)
    static let second = try! SampleImage.make(width: 640, height: 480, format: .png)
    static let third = try! SampleImage.make(width: 900, height: 700, format: .jpeg)

    @Test(arguments: TestDatabase.available)
    func photosInOrderReorderedRemovedAndDeleted(database: TestDatabase) async throws {
        try await withMediaApp(database) { client, _, media in
            let api = try await API(client).register("writer")
            let one = try #require(try await api.upload(Self.first)["id"] as? String)
            let two = try #require(try await api.upload(Self.second)["id"] as? String)
            #expect(blobCount(media) == 6)

            let created = try await api.post(
                "/journal",
                [
                    "title": "  Helsinki ", "body": "Walked by the sea.\nThen tea.",
                    "tags": ["#Travel, food", "travel"],
                    "location": "Helsinki", "photoIds": [two, one],
                ])
            #expect(created.status == .created, "\(created.text)")
            let id = try #require(created["id"] as? String)
            #expect(created["title"] as? String == "Helsinki")
            #expect(created["body"] as? String == "Walked by the sea.\nThen tea.")
            #expect(created["tags"] as? [String] == ["travel", "food"])
            #expect(created["location"] as? String == "Helsinki")
            #expect(created["isPublic"] as? Bool == false)
            #expect(created["author"] == nil)
            #expect(created["photoIds"] as? [String] == [two, one])
            let photos = try #require(created["photos"] as? [[String: Any]])
            #expect(photos.map { $0["id"] as? String } == [two, one])
            #expect(photos.first?["smallUrl"] as? String == "/media/\(two)/small")
            #expect(photos.first?["largeUrl"] as? String == "/media/\(two)/large")
            let createdAt = try #require(created["createdAt"] as? String)
            #expect(created["updatedAt"] as? String == createdAt)

            let read = try await api.get("/journal/\(id)")
            #expect(
                read.status == .ok && NSDictionary(dictionary: read.json) == NSDictionary(dictionary: created.json),
                "\(read.text)")
            for photo in [one, two] { #expect(try await api.file("/media/\(photo)/small").status == .ok) }

            // Reordered, with a third photo added.
            let three = try #require(try await api.upload(Self.third)["id"] as? String)
            let reordered = try await api.put(
                "/journal/\(id)", ["body": "Walked by the sea.", "photoIds": [one, three, two], "tags": ["travel"]])
            #expect(reordered.status == .ok, "\(reordered.text)")
            #expect(reordered["photoIds"] as? [String] == [one, three, two])
            #expect((reordered["photos"] as? [[String: Any]])?.map { $0["id"] as? String } == [one, three, two])
            // Replaced as a whole: the title and location went; the creation time stays.
            #expect(reordered["title"] as? String == "" && reordered["location"] as? String == "")
            #expect(reordered["createdAt"] as? String == createdAt)
            #expect((reordered["updatedAt"] as? String ?? "") > createdAt)
            #expect(blobCount(media) == 9)

            // One removed: nothing uses it any more, so it and its files are gone.
            let removed = try await api.put(
                "/journal/\(id)", ["body": "Walked by the sea.", "photoIds": [three, one]])
            #expect(removed["photoIds"] as? [String] == [three, one], "\(removed.text)")
            #expect(try await api.file("/media/\(two)/small").status == .notFound)
            try await api.get("/media/\(two)").expectProblem(.notFound, "not_found")
            #expect(blobCount(media) == 6)
            #expect(try await api.get("/journal/\(id)")["photoIds"] as? [String] == [three, one])

            // Deleting the entry deletes its photos.
            #expect(try await api.delete("/journal/\(id)").status == .noContent)
            try await api.get("/journal/\(id)").expectProblem(.notFound, "not_found")
            try await api.delete("/journal/\(id)").expectProblem(.notFound, "not_found")
            for photo in [one, three] { #expect(try await api.file("/media/\(photo)/small").status == .notFound) }
            #expect(blobCount(media) == 0)
            #expect(try await api.get("/journal").items.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func badInputNamesEachField(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anna = try await API(client).register("anna")
            let bob = try await API(client).register("bob")
            let bobs = try #require(try await bob.upload(Self.second)["id"] as? String)

            let empty = try await anna.post("/journal", ["title": " ", "body": " \n "])
            empty.expectProblem(.unprocessableContent, "validation_failed")
            #expect(empty.errorFields == ["body"] && empty.errorCode("body") == "required", "\(empty.text)")

            let tags = (1...21).map { "tag\($0)" }
            let tooMany = try await anna.post("/journal", ["body": "x", "tags": tags])
            tooMany.expectProblem(.unprocessableContent, "validation_failed")
            #expect(tooMany.errorCode("tags") == "too_many", "\(tooMany.text)")
            let both = try await anna.post("/journal", ["body": " ", "tags": tags])
            #expect(Set(both.errorFields) == ["body", "tags"], "\(both.text)")
            #expect(
                try await anna.post(
                    "/journal", ["body": "x", "tags": ["one two,three", String(repeating: "t", count: 41)]]
                )
                .errorCode("tags") == "too_long")

            let someoneElses = try await anna.post("/journal", ["body": "x", "photoIds": [bobs]])
            someoneElses.expectProblem(.unprocessableContent, "validation_failed")
            #expect(someoneElses.errorFields == ["photoIds"] && someoneElses.errorCode("photoIds") == "unknown")

            // Everything at once, a malformed id included.
            let all = try await anna.post(
                "/journal",
                [
                    "title": String(repeating: "t", count: 201), "tags": tags,
                    "location": String(repeating: "l", count: 201),
                    "photoIds": ["not-an-id", bobs],
                ])
            all.expectProblem(.unprocessableContent, "validation_failed")
            #expect(all.errorCode("title") == "too_long", "\(all.text)")
            #expect(all.errorCode("tags") == "too_many")
            #expect(all.errorCode("location") == "too_long")
            #expect(all.errorCode("photoIds[0]") == "invalid")
            #expect(all.errorCode("photoIds") == "unknown")
            #expect(all.errorCode("body") == nil, "a malformed photo id is still a photo")

            // What does not decode is the usual 400.
            try await anna.call(.post, "/journal", raw: "{\"body\": ").expectProblem(.badRequest, "malformed_request")
            let wrongType = try await anna.post("/journal", ["body": "x", "tags": "travel"])
            wrongType.expectProblem(.badRequest, "malformed_request")
            #expect(wrongType.errorCode("tags") == "wrong_type", "\(wrongType.text)")
            #expect(try await anna.post("/journal", ["text": "x"]).errorCode("text") == "unknown_field")
            #expect(
                try await anna.post("/journal", ["body": "x", "title": NSNull()]).errorCode("title") == "wrong_type")
            #expect(
                try await anna.post("/journal", ["body": "x", "isPublic": "yes"]).errorCode("isPublic") == "wrong_type")

            // A PUT says the same, once the entry is known to be the caller's.
            let id = try #require(try await anna.post("/journal", ["body": "Fine."])["id"] as? String)
            let put = try await anna.put("/journal/\(id)", ["body": "", "photoIds": [bobs]])
            #expect(put.errorCode("photoIds") == "unknown", "\(put.text)")
            #expect(try await anna.get("/journal/\(id)")["body"] as? String == "Fine.")

            // Parameters.
            for (path, parameter) in [
                ("/journal/not-an-id", "entryId"), ("/journal?limit=abc", "limit"),
                ("/journal/public?limit=1.5", "limit"),
            ] {
                let response = try await anna.get(path)
                response.expectProblem(.badRequest, "malformed_request")
                #expect(response.errorFields == [parameter], "\(path): \(response.text)")
            }
            for (path, parameter, code) in [
                ("/journal?limit=0", "limit", "out_of_range"), ("/journal/public?limit=101", "limit", "out_of_range"),
                ("/journal?cursor=garbage", "cursor", "invalid"),
                ("/journal/public?cursor=garbage", "cursor", "invalid"),
                ("/journal?tag=a%2Fb", "tag", "invalid"),
            ] {
                let response = try await anna.get(path)
                response.expectProblem(.unprocessableContent, "validation_failed")
                #expect(response.errorCode(parameter) == code, "\(path): \(response.text)")
            }
            #expect(try await anna.get("/journal").items.map { $0["id"] as? String } == [id])
        }
    }

    @Test(arguments: TestDatabase.available)
    func privateIsTheOwnersAndPublicIsEveryonesToRead(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anna = try await API(client).register("anna")
            let bob = try await API(client).register("bob")
            let photo = try #require(try await anna.upload(Self.first)["id"] as? String)
            let body: [String: Any] = ["title": "Sea", "body": "The sea.", "tags": ["sea"], "photoIds": [photo]]
            let id = try #require(try await anna.post("/journal", body)["id"] as? String)

            // Private: Bob learns nothing, not even that it exists.
            try await bob.get("/journal/\(id)").expectProblem(.notFound, "not_found")
            try await bob.put("/journal/\(id)", ["body": "Mine now."]).expectProblem(.notFound, "not_found")
            try await bob.delete("/journal/\(id)").expectProblem(.notFound, "not_found")
            try await bob.get("/journal/\(UUID())").expectProblem(.notFound, "not_found")
            for size in ["small", "large", "original"] {
                #expect(try await bob.file("/media/\(photo)/\(size)").status == .notFound, "\(size)")
                #expect(try await anna.file("/media/\(photo)/\(size)", anonymous: true).status == .notFound, "\(size)")
            }
            #expect(try await bob.get("/journal/public").items.isEmpty)
            #expect(try await bob.get("/journal").items.isEmpty)
            #expect(try await bob.get("/journal/tags").items.isEmpty)

            // Public, with a profile picture.
            let avatar = try #require(try await anna.upload(Self.third, kind: "avatar")["id"] as? String)
            #expect(try await anna.patch("/me", ["avatarMediaId": avatar, "displayName": "Anna A."]).status == .ok)
            var shared = body
            shared["isPublic"] = true
            let made = try await anna.put("/journal/\(id)", shared)
            #expect(made.status == .ok && made["isPublic"] as? Bool == true, "\(made.text)")
            #expect(made["author"] == nil)

            for viewer in [bob, anna.with(token: nil)] {
                let small = try await viewer.file("/media/\(photo)/small", anonymous: viewer.token == nil)
                #expect(small.status == .ok)
                // Shared caches keep it minutes, not a year: the entry may become private again.
                #expect(small.headers[.cacheControl] == "public, max-age=300, must-revalidate", "\(small.headers)")
                #expect(try await viewer.file("/media/\(photo)/large", anonymous: viewer.token == nil).status == .ok)
                #expect(
                    try await viewer.file("/media/\(photo)/original", anonymous: viewer.token == nil).status
                        == .notFound)
            }
            #expect(try await anna.file("/media/\(photo)/original").status == .ok)

            let feed = try await bob.get("/journal/public")
            #expect(feed.status == .ok)
            let item = try #require(feed.items.first)
            #expect(feed.items.count == 1 && item["id"] as? String == id)
            let author = try #require(item["author"] as? [String: Any])
            #expect(author["username"] as? String == "anna")
            #expect(author["displayName"] as? String == "Anna A.")
            #expect(author["avatarUrl"] as? String == "/media/\(avatar)/avatar")
            let annaID = try #require(try await anna.get("/me")["id"] as? String)
            #expect(author["id"] as? String == annaID)
            #expect(item["photoIds"] as? [String] == [photo])
            // Anna sees her own entry in the feed too, signed.
            #expect(
                (try await anna.get("/journal/public").items.first?["author"] as? [String: Any])?["id"] as? String
                    == annaID)

            let seen = try await bob.get("/journal/\(id)")
            #expect(seen.status == .ok && seen["body"] as? String == "The sea.", "\(seen.text)")
            #expect((seen["author"] as? [String: Any])?["username"] as? String == "anna")
            #expect(try await anna.get("/journal/\(id)")["author"] == nil)

            // Readable is not writable.
            try await bob.put("/journal/\(id)", ["body": "Mine now."]).expectProblem(.notFound, "not_found")
            try await bob.delete("/journal/\(id)").expectProblem(.notFound, "not_found")
            #expect(try await anna.get("/journal/\(id)")["body"] as? String == "The sea.")
            #expect(try await bob.get("/journal").items.isEmpty)
            // Bob cannot borrow the photo for an entry of his own.
            #expect(try await bob.post("/journal", ["photoIds": [photo]]).errorCode("photoIds") == "unknown")

            // The API wants a login for the public feed too.
            try await bob.with(token: nil).get("/journal/public").expectProblem(.unauthorized, "unauthorized")
            try await bob.with(token: nil).get("/journal/\(id)").expectProblem(.unauthorized, "unauthorized")

            // Private again: gone for Bob, photos included.
            #expect(try await anna.put("/journal/\(id)", body).status == .ok)
            try await bob.get("/journal/\(id)").expectProblem(.notFound, "not_found")
            #expect(try await bob.file("/media/\(photo)/small").status == .notFound)
            #expect(try await bob.get("/journal/public").items.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func fixedPathsAreNotIDs(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("paths")
            #expect(try await api.get("/journal/public").status == .ok)
            #expect(try await api.get("/journal/tags").status == .ok)
            for (method, path, allowed) in [
                (HTTPRequest.Method.delete, "/journal/public", "GET, HEAD"), (.put, "/journal/tags", "GET, HEAD"),
                (.patch, "/journal/\(UUID())", "GET, PUT, DELETE, HEAD"), (.delete, "/journal", "GET, POST, HEAD"),
            ] {
                let response = try await api.call(method, path, json: ["body": "x"])
                response.expectProblem(.methodNotAllowed, "method_not_allowed")
                #expect(response.headers[.allow] == allowed, "\(method) \(path)")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func tagsFilterAndPages(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let anna = try await API(client).register("anna")
            let bob = try await API(client).register("bob")
            var ids: [String] = []
            for (index, tags) in [["walk", "sea"], ["food"], ["walk"], ["Walk", "#food"], ["sea"]].enumerated() {
                let created = try await anna.post(
                    "/journal", ["body": "Entry \(index)", "tags": tags, "isPublic": index.isMultiple(of: 2)])
                ids.append(try #require(created["id"] as? String, "\(created.text)"))
            }
            _ = try await bob.post("/journal", ["body": "Bob's", "tags": ["walk"], "isPublic": true])
            let newestFirst = Array(ids.reversed())

            let tags = try await anna.get("/journal/tags")
            #expect(tags.status == .ok)
            #expect(tags.items.map { $0["tag"] as? String } == ["walk", "food", "sea"], "\(tags.text)")
            #expect(tags.items.map { $0["count"] as? Int } == [3, 2, 2])

            let walks = try await anna.get("/journal?tag=walk")
            #expect(walks.items.map { $0["id"] as? String } == [ids[3], ids[2], ids[0]], "\(walks.text)")
            #expect(walks["nextCursor"] == nil)
            #expect(try await anna.get("/journal?tag=%23WALK").items.count == 3)
            #expect(try await anna.get("/journal?tag=").items.count == 5)
            #expect(try await anna.get("/journal?tag=nothing").items.isEmpty)

            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query =
                    "/journal?limit=2"
                    + (cursor.map { "&cursor=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }
                        ?? "")
                let page = try await anna.get(query)
                #expect(page.status == .ok, "\(page.text)")
                #expect(page.items.count <= 2)
                seen += page.items.compactMap { $0["id"] as? String }
                cursor = page["nextCursor"] as? String
                pages += 1
            } while cursor != nil && pages < 10
            #expect(seen == newestFirst)
            #expect(pages == 3)

            let page = try await anna.get("/journal?tag=walk&limit=2")
            let next = try #require(page["nextCursor"] as? String)
            let rest = try await anna.get(
                "/journal?tag=walk&limit=2&cursor=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
            )
            #expect((page.items + rest.items).map { $0["id"] as? String } == [ids[3], ids[2], ids[0]])

            // The public feed: everyone's public entries, newest first, paged the same way.
            let feed = try await anna.get("/journal/public?limit=2")
            #expect(feed.items.count == 2)
            #expect((feed.items.first?["author"] as? [String: Any])?["username"] as? String == "bob")
            #expect(feed.items.last?["id"] as? String == ids[4])
            let feedCursor = try #require(feed["nextCursor"] as? String)
            let older = try await anna.get(
                "/journal/public?limit=2&cursor=\(feedCursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
            )
            #expect(older.items.map { $0["id"] as? String } == [ids[2], ids[0]], "\(older.text)")
            #expect(older["nextCursor"] == nil)
        }
    }

    /// Every journal operation with bodies of every wrong shape: never a 500.
    @Test func noInputReachesA500() async throws {
        try await withApp(.sqlite) { client, _ in
            let api = try await API(client).register("fuzzer")
            let id = try #require(try await api.post("/journal", ["body": "Kept."])["id"] as? String)
            let paths: [(HTTPRequest.Method, String)] = [
                (.get, "/journal"), (.post, "/journal"), (.get, "/journal/public"), (.get, "/journal/tags"),
                (.get, "/journal/\(id)"), (.put, "/journal/\(id)"), (.put, "/journal/\(UUID())"),
                (.get, "/journal?tag=%00&limit=-1&cursor=%FF"),
            ]
            let bodies: [String] = [
                "", "{}", "[]", "null", "{\"tags\": [null]}", "{\"tags\": [\"\u{0}\", \"a/b\", \"#\"]}",
                "{\"photoIds\": [\"\", 1, {}]}", "{\"photoIds\": \"x\"}",
                "{\"title\": \"a\\nb\", \"body\": \"\u{202E}\"}",
                "{\"isPublic\": 1}", String(repeating: "[", count: 10_000),
                "{\"body\": \"x\", \"photoIds\": [" + (0..<30).map { _ in "\"\(UUID())\"" }.joined(separator: ",")
                    + "]}",
            ]
            for (method, path) in paths {
                for body in bodies {
                    let response = try await api.call(method, path, raw: body)
                    #expect(response.status.code < 500, "\(method) \(path) \(body.prefix(80)): \(response.text)")
                    if response.status.code >= 400 { #expect(response.isProblem, "\(method) \(path)") }
                }
            }
            #expect(try await api.get("/journal/\(id)")["body"] as? String == "Kept.")
        }
    }
}
