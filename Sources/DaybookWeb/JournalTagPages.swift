import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird

/// `/journal/tags` (issue 17): the user's tags with their counts; rename one, merge one into
/// another, delete one (the entries keep their text). Each form names its tag in a field, so any
/// tag (spaces and slashes cannot be in one, but anything else can) posts to the same address.
struct JournalTagPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/journal/tags") { request, context in try await list(request, context) }
        router.post("/journal/tags/rename") { request, context in try await rename(request, context) }
        router.post("/journal/tags/merge") { request, context in try await merge(request, context) }
        router.post("/journal/tags/delete") { request, context in try await delete(request, context) }
    }

    struct Model {
        let tags: [Row]
        let hasTags: Bool
        let notice: String?

        struct Row {
            let tag: String
            let countText: String
            let href: String
            /// The other tags, to merge into.
            let others: [String]
            let hasOthers: Bool
            /// What was typed and what was wrong, when this tag's form was sent back.
            let newName: String
            let renameError: String?
            let mergeError: String?
            let open: Bool
        }
    }

    /// What went wrong with one tag's form.
    struct Problem {
        let tag: String
        var newName = ""
        var renameError: String?
        var mergeError: String?
    }

    func list(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "renamed": "The tag is renamed on every entry."
            case "merged": "The tags are merged."
            case "deleted": "The tag is gone; the entries are still there."
            default: nil
            }
        return try await render(auth.user, context, notice: notice, problem: nil, status: .ok)
    }

    func rename(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        do {
            try await web.services.journal.renameTag(user: auth.user, tag: form["tag"], to: form["name"])
            return Web.redirect("/journal/tags?notice=renamed")
        } catch is NotFound {
            return gone(auth.user, context)
        } catch let error as ValidationError {
            let problem = Problem(tag: form["tag"], newName: form["name"], renameError: error.errors.first?.message)
            return try await render(auth.user, context, notice: nil, problem: problem, status: .unprocessableContent)
        }
    }

    func merge(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        do {
            try await web.services.journal.mergeTag(user: auth.user, tag: form["tag"], into: form["into"])
            return Web.redirect("/journal/tags?notice=merged")
        } catch is NotFound {
            return gone(auth.user, context)
        } catch let error as ValidationError {
            let problem = Problem(tag: form["tag"], mergeError: error.errors.first?.message)
            return try await render(auth.user, context, notice: nil, problem: problem, status: .unprocessableContent)
        }
    }

    func delete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        do {
            try await web.services.journal.deleteTag(user: auth.user, tag: form["tag"])
            return Web.redirect("/journal/tags?notice=deleted")
        } catch is NotFound {
            return gone(auth.user, context)
        }
    }

    private func gone(_ user: User, _ context: AppRequestContext) -> Response {
        web.notFound(
            context, message: "None of your entries has that tag (any more).",
            action: ("/journal/tags", "See your tags"))
    }

    private func render(
        _ user: User, _ context: AppRequestContext, notice: String?, problem: Problem?, status: HTTPResponse.Status
    ) async throws -> Response {
        let tags = try await web.services.journal.tags(userID: user.id)
        let rows = tags.map { tag, count in
            let mine = problem.flatMap { JournalRules.tag($0.tag) == tag ? $0 : nil }
            return Model.Row(
                tag: tag, countText: count == 1 ? "1 entry" : "\(count) entries",
                href: "/journal?tag=" + Web.queryEscape(tag), others: tags.map(\.tag).filter { $0 != tag },
                hasOthers: tags.count > 1, newName: mine?.newName ?? tag, renameError: mine?.renameError,
                mergeError: mine?.mergeError, open: mine != nil)
        }
        let model = Model(tags: rows, hasTags: !rows.isEmpty, notice: notice)
        return web.renderer.page(
            "journal_tags", model, title: "Tags · Journal", context: context, tab: .journal, status: status)
    }
}
