import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

/// Friends (seed 004 5.2.1.4): add a friend by typing their username and pressing a button; answer
/// requests; remove, block and unblock. One small form per action, so all of it works without
/// JavaScript.
struct FriendPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/friends") { request, context in try await list(request, context) }
        router.post("/friends") { request, context in try await sendRequest(request, context) }
        router.post("/friend-requests/{id}/accept") { request, context in try await accept(request, context) }
        router.post("/friend-requests/{id}/decline") { request, context in try await decline(request, context) }
        router.post("/friend-requests/{id}/cancel") { request, context in try await cancel(request, context) }
        router.post("/friends/{username}/remove") { request, context in try await remove(request, context) }
        router.post("/friends/{username}/block") { request, context in try await block(request, context) }
        router.post("/friends/{username}/unblock") { request, context in try await unblock(request, context) }
    }

    struct Person {
        /// The pending request's id, in the lists of requests.
        let requestID: String?
        let name: String
        let username: String
        let initials: String
        let avatar: String?
        let since: String

        init(_ entry: FriendEntry, zone: TimeZone) {
            requestID = entry.requestID?.lowercasedString
            name = entry.user.displayName.isEmpty ? entry.user.username : entry.user.displayName
            username = entry.user.username
            initials = User.initials(of: name)
            avatar = entry.user.avatarMediaID.map { MediaPath.url($0, .avatar) }
            since = DateText.medium(LocalDate(entry.since, in: zone))
        }
    }

    struct Model {
        let friends: [Person]
        let incoming: [Person]
        let outgoing: [Person]
        let blocked: [Person]
        let hasFriends: Bool
        let hasIncoming: Bool
        let hasOutgoing: Bool
        let hasBlocked: Bool
        let username: String
        let error: String?
        let notice: String?
    }

    func list(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "requested": "Request sent. They will see it and answer."
            case "friends": "You are friends now."
            case "accepted": "You are friends now."
            case "declined": "Declined. They are not told."
            case "cancelled": "Request taken back."
            case "removed": "No longer friends."
            case "blocked": "Blocked. They cannot see anything new of yours or ask again."
            case "unblocked": "Unblocked."
            default: nil
            }
        return try await render(context, user: user, notice: notice)
    }

    func sendRequest(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let username = try await FormData.from(request)["username"]
        do {
            let (outcome, _) = try await web.services.friends.sendRequest(from: user, username: username)
            if case .friends = outcome { return Web.redirect("/friends?notice=friends") }
            return Web.redirect("/friends?notice=requested")
        } catch let error as ValidationError {
            return try await render(
                context, user: user, username: username, error: error.errors.first?.message,
                status: .unprocessableContent)
        }
    }

    func accept(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await onRequest(request, context, notice: "accepted") { user, id in
            try await web.services.friends.accept(user: user, requestID: id)
        }
    }

    func decline(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await onRequest(request, context, notice: "declined") { user, id in
            try await web.services.friends.decline(user: user, requestID: id)
        }
    }

    func cancel(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await onRequest(request, context, notice: "cancelled") { user, id in
            try await web.services.friends.cancel(user: user, requestID: id)
        }
    }

    func remove(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await onPerson(request, context, notice: "removed") { user, username in
            try await web.services.friends.unfriend(user: user, username: username)
        }
    }

    func block(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await onPerson(request, context, notice: "blocked") { user, username in
            _ = try await web.services.friends.block(user: user, username: username)
        }
    }

    func unblock(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await onPerson(request, context, notice: "unblocked") { user, username in
            try await web.services.friends.unblock(user: user, username: username)
        }
    }

    /// Runs an action on the request in the path; any other id is "not found".
    private func onRequest(
        _ request: Request, _ context: AppRequestContext, notice: String,
        _ action: (User, UUID) async throws -> Void
    ) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else {
            return web.notFound(context, action: ("/friends", "Friends"))
        }
        do {
            try await action(user, id)
        } catch is NotFound {
            return web.notFound(context, message: "That request is no longer waiting.", action: ("/friends", "Friends"))
        }
        return Web.redirect("/friends?notice=\(notice)")
    }

    /// Runs an action on the person in the path; anyone not in the user's lists is "not found".
    private func onPerson(
        _ request: Request, _ context: AppRequestContext, notice: String,
        _ action: (User, String) async throws -> Void
    ) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let username = context.parameters.get("username") ?? ""
        do {
            try await action(user, username)
        } catch is NotFound, is ValidationError {
            return web.notFound(context, message: "That person is not in your lists.", action: ("/friends", "Friends"))
        }
        return Web.redirect("/friends?notice=\(notice)")
    }

    private func render(
        _ context: AppRequestContext, user: User, username: String = "", error: String? = nil, notice: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let lists = try await web.services.friends.lists(user: user)
        let people = { (entries: [FriendEntry]) in entries.map { Person($0, zone: user.zone) } }
        let model = Model(
            friends: people(lists.friends), incoming: people(lists.incoming), outgoing: people(lists.outgoing),
            blocked: people(lists.blocked), hasFriends: !lists.friends.isEmpty, hasIncoming: !lists.incoming.isEmpty,
            hasOutgoing: !lists.outgoing.isEmpty, hasBlocked: !lists.blocked.isEmpty, username: username, error: error,
            notice: notice)
        return web.renderer.page("friends", model, title: "Friends", context: context, tab: .profile, status: status)
    }
}
