import AsyncHTTPClient
import DaybookCore
import DaybookStorage
import Foundation
import NIOCore

/// Self-hosted push apps, each in its own protocol: Gotify (`POST /message?token=…` with JSON, a
/// push-app URL whose path ends in `/message`) and ntfy (anything else: the text as the body, the
/// title, priority and link in headers).
enum PushApp {
    case gotify
    case ntfy

    init(url: URL) {
        let path = url.path.lowercased()
        let hasToken = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.contains {
            $0.name == "token"
        } == true
        self = path.hasSuffix("/message") && hasToken ? .gotify : .ntfy
    }

    /// The request for one notification. `link` is absolute (the server's public address and the
    /// notification's path) or nil when the operator has not said where Daybook is reached.
    static func request(_ notification: InboxNotification, to endpoint: String, link: URL?) throws
        -> HTTPClientRequest
    {
        guard let url = URL(string: endpoint) else { throw URLError(.badURL) }
        var request = HTTPClientRequest(url: endpoint)
        request.method = .POST
        switch PushApp(url: url) {
        case .gotify:
            // https://gotify.net/api-docs#/message/createMessage: JSON with `message`, `title`,
            // `priority`; a tap opens `extras.client::notification.click.url`.
            var message: [String: Any] = ["title": "Daybook", "message": notification.text, "priority": 5]
            if let link { message["extras"] = ["client::notification": ["click": ["url": link.absoluteString]]] }
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])))
        case .ntfy:
            // https://docs.ntfy.sh/publish/: the body is the message; `Click` must be absolute.
            request.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            request.headers.add(name: "Title", value: "Daybook")
            request.headers.add(name: "Priority", value: notification.kind.hasPrefix("reminder") ? "default" : "high")
            request.headers.add(name: "Tags", value: "notebook")
            if let link { request.headers.add(name: "Click", value: link.absoluteString) }
            request.body = .bytes(ByteBuffer(string: notification.text))
        }
        return request
    }
}

extension PushService {
    func sendToApp(_ delivery: PushDelivery) async throws -> Outcome {
        let link = settings.publicURL.flatMap { URL(string: delivery.notification.link, relativeTo: $0)?.absoluteURL }
        let request = try PushApp.request(delivery.notification, to: delivery.subscription.endpoint, link: link)
        return Self.outcome(try await outbound.send(request), now: now())
    }
}
