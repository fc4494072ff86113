import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import Hummingbird

/// `/search`: the user's own day entries and check-ins that contain every word typed, best first,
/// with the matching words highlighted (issue 5; the engines are FTS5 and PostgreSQL `tsvector`).
struct SearchPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/search") { request, context in try await search(request, context) }
    }

    struct Model {
        let q: String
        let searched: Bool
        let results: [Result]
        let hasResults: Bool
        let moreHref: String?
        let searchError: String?

        struct Result {
            let href: String
            let kindLabel: String
            let dateText: String
            let parts: [Part]
        }

        struct Part {
            let text: String
            let highlighted: Bool
        }
    }

    func search(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        // A form sends spaces as "+"; "+" is no search word anyway.
        let q = (request.uri.queryParameters.get("q").map { String($0) } ?? "").replacingOccurrences(of: "+", with: " ")
        guard !q.isEmpty else {
            let model = Model(q: "", searched: false, results: [], hasResults: false, moreHref: nil, searchError: nil)
            return web.renderer.page("search", model, title: "Search", context: context, tab: .today)
        }
        let cursor = request.uri.queryParameters.get("after").map { String($0) }
        do {
            let page = try await web.services.search.search(userID: auth.user.id, text: q, cursor: cursor, limit: 20)
            let results = page.hits.map { hit in
                Model.Result(
                    href: hit.kind == .day ? "/days/\(hit.date)" : "/checkins",
                    kindLabel: hit.kind == .day ? "Day" : "Check-in", dateText: DateText.long(hit.date),
                    parts: SearchHighlight.segments(hit.snippet).map { Model.Part(text: $0.text, highlighted: $0.highlighted) })
            }
            let more = page.nextCursor.map { "/search?q=\(Web.queryEscape(q))&after=\($0)" }
            let model = Model(
                q: q, searched: true, results: results, hasResults: !results.isEmpty, moreHref: more, searchError: nil)
            return web.renderer.page("search", model, title: "Search", context: context, tab: .today)
        } catch let error as ValidationError {
            let model = Model(
                q: q, searched: false, results: [], hasResults: false, moreHref: nil,
                searchError: error.errors.first?.message)
            return web.renderer.page(
                "search", model, title: "Search", context: context, tab: .today, status: .unprocessableContent)
        }
    }
}
