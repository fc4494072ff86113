import AsyncHTTPClient
import DaybookCore
import Foundation
import NIOCore
import Testing

@testable import DaybookServices

/// Push apps are spoken to in their own protocols (issue 61): Gotify refused ntfy's plain text.
@Suite("Push apps")
struct PushAppTests {
    let notification = InboxNotification(
        userID: UUID(), kind: "friend_request", text: "Anna would like to be your friend.", link: "/friends",
        createdAt: Date())

    func body(_ request: HTTPClientRequest) async throws -> Data {
        guard let body = request.body else { return Data() }
        var collected = ByteBuffer()
        for try await var chunk in body { collected.writeBuffer(&chunk) }
        return Data(buffer: collected)
    }

    @Test func gotifyGetsJSONWithAClickableLink() async throws {
        let link = URL(string: "https://daybook.example.org/friends")!
        let request = try PushApp.request(
            notification, to: "https://gotify.example.org/message?token=AbC123", link: link)
        #expect(request.headers.first(name: "Content-Type") == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: try await body(request)) as? [String: Any])
        #expect(json["message"] as? String == notification.text)
        #expect(json["title"] as? String == "Daybook")
        #expect(json["priority"] as? Int == 5)
        let click = ((json["extras"] as? [String: Any])?["client::notification"] as? [String: Any])?["click"]
        #expect((click as? [String: Any])?["url"] as? String == link.absoluteString)
    }

    @Test func ntfyGetsTextWithAnAbsoluteClickAndAPriority() async throws {
        let request = try PushApp.request(
            notification, to: "https://ntfy.example.org/my-daybook", link: URL(string: "https://d.example.org/friends"))
        #expect(request.headers.first(name: "Click") == "https://d.example.org/friends")
        #expect(request.headers.first(name: "Priority") == "high")
        #expect(request.headers.first(name: "X-Daybook-Link") == nil)
        #expect(String(decoding: try await body(request), as: UTF8.self) == notification.text)
        let quiet = try PushApp.request(
            InboxNotification(userID: UUID(), kind: "reminder.daily", text: "x", link: "/today", createdAt: Date()),
            to: "https://ntfy.example.org/t", link: nil)
        #expect(quiet.headers.first(name: "Priority") == "default" && quiet.headers.first(name: "Click") == nil)
    }

    @Test func retryAfterAsSecondsOrADate() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT
        #expect(PushService.retryAfter("120", now: now) == 120)
        #expect(PushService.retryAfter("Tue, 14 Nov 2023 22:23:20 GMT", now: now) == 600)
        #expect(PushService.retryAfter("9999999999", now: now) == 86_400)
        #expect(PushService.retryAfter("soon", now: now) == nil)
        #expect(PushService.retryAfter("-5", now: now) == nil)
    }
}
