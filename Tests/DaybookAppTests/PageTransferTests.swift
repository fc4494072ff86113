import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 18's pages: the upload route answers bad input beside the field it concerns, and another
/// user's export or import is not found on any page.
@Suite("Pages: export and import")
struct PageTransferTests {
    typealias Browser = PageOutboxTests.Browser

    /// `POST /profile/import/upload?…` with the file's bytes as the body, as the page's script sends it.
    func upload(_ browser: Browser, query: String, _ bytes: Data) async throws -> (HTTPResponse.Status, [String: Any]) {
        let headers: HTTPFields = [
            .cookie: browser.cookie, HTTPField.Name("X-CSRF-Token")!: browser.csrf,
            .contentType: "application/octet-stream",
        ]
        return try await browser.client.execute(
            uri: "/profile/import/upload?" + query, method: .post, headers: headers, body: ByteBuffer(data: bytes)
        ) { ($0.status, (try? $0.json()) ?? [:]) }
    }

    @Test(arguments: TestDatabase.available)
    func badUploadsNameTheirFieldAndOthersSeeNothing(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            _ = try await API(client).register("owner")
            _ = try await API(client).register("other")
            let owner = try await Browser.signIn(client, "owner")
            let other = try await Browser.signIn(client, "other")
            let csv = Data(
                "full_date,date,weekday,time,mood,activities,note_title,note\n2023-01-01,x,y,10:00,rad,,,hi\n".utf8)

            let noKind = try await upload(owner, query: "kind=lotus&name=a.csv", csv)
            #expect(noKind.0 == .unprocessableContent && noKind.1["field"] as? String == "kind")
            let empty = try await upload(owner, query: "kind=daylio-csv&name=a.csv", Data())
            #expect(empty.0 == .badRequest && empty.1["field"] as? String == "file")
            let notZip = try await upload(owner, query: "kind=dayone&name=a.zip", Data("nope".utf8))
            #expect(notZip.0 == .unprocessableContent && notZip.1["field"] as? String == "file")
            #expect((notZip.1["message"] as? String)?.contains("not a zip") == true)

            let made = try await upload(owner, query: "kind=daylio-csv&name=a.csv", csv)
            #expect(made.0 == .created, "\(made.1)")
            let location = try #require(made.1["location"] as? String)
            let id = String(location.split(separator: "/").last!)
            #expect(try await owner.get(location).status == .ok)
            #expect(try await other.get(location).status == .notFound)
            #expect(try await other.post(location + "/run", [("mood0", "5")]).status == .notFound)
            #expect(try await other.get("/profile/transfers/\(id)/status").status == .notFound)

            let started = try await owner.post("/profile/export", [])
            #expect(started.status == .seeOther)
            let exports = try await owner.get("/profile/export")
            // Running, the page polls its status; done, it links the download: either names the id.
            let exportID = try #require(
                exports.text.firstMatch(of: /\/profile\/(?:transfers|export)\/([0-9a-f-]{36})/).map { String($0.1) })
            #expect(try await other.get("/profile/export/\(exportID)/download").status == .notFound)
            #expect(try await other.get("/profile/transfers/\(exportID)/status").status == .notFound)
            #expect(try await owner.get("/profile/transfers/\(exportID)/status").status == .ok)
        }
    }
}
