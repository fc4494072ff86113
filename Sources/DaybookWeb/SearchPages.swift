import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import Hummingbird

/// `/search`: everything the user wrote (days, check-ins, journal entries, closet items) that
/// contains every word typed, narrowed by filters or found by filters alone, best first, with the
/// matching words highlighted (issues 5 and 17; the engines are FTS5 and PostgreSQL `tsvector`).
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
        let errors: [String: String]
        let searchSummary: String?
        /// The filters as the form shows them.
        let kinds: [Option]
        let moods: [Option]
        let photoOptions: [Option]
        let tag: String
        let from: String
        let to: String
        let tagSuggestions: [String]
        let filtersOpen: Bool
        let filterCount: Int

        struct Option {
            let value: String
            let label: String
            let selected: Bool
        }

        struct Result {
            let href: String
            let kindLabel: String
            let kindClass: String
            let dateText: String
            let resultTitle: String?
            let parts: [Part]
        }

        struct Part {
            let text: String
            let highlighted: Bool
        }
    }

    func search(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = FormData(urlEncoded: request.uri.query ?? "")
        let q = form["q"]
        let raw = (
            kind: form["kind"], tag: form["tag"], mood: form["mood"], from: form["from"], to: form["to"],
            photos: form["hasPhotos"]
        )
        let tags = try await web.services.journal.tags(userID: auth.user.id).map(\.tag)
        func model(_ results: [Model.Result]?, more: String?, errors: FormErrors) -> Model {
            let filterCount = [raw.kind, raw.tag, raw.mood, raw.from, raw.to, raw.photos].filter { !$0.isEmpty }.count
            return Model(
                q: q, searched: results != nil, results: results ?? [], hasResults: results?.isEmpty == false,
                moreHref: more, errors: errors.dictionary, searchSummary: errors.summary,
                kinds: [
                    ("", "Everything"), ("day", "Days"), ("checkin", "Check-ins"), ("journal", "Journal"),
                    ("item", "Closet"),
                ].map { Model.Option(value: $0.0, label: $0.1, selected: raw.kind == $0.0) },
                moods: [Model.Option(value: "", label: "Any mood", selected: raw.mood.isEmpty)]
                    + Mood.allCases.reversed().map {
                        Model.Option(
                            value: String($0.rawValue), label: "\($0.emoji) \($0.name.capitalized)",
                            selected: raw.mood == String($0.rawValue))
                    },
                photoOptions: [("", "With or without photos"), ("true", "With photos"), ("false", "Without photos")]
                    .map { Model.Option(value: $0.0, label: $0.1, selected: raw.photos == $0.0) },
                tag: raw.tag, from: raw.from, to: raw.to, tagSuggestions: tags, filtersOpen: filterCount > 0,
                filterCount: filterCount)
        }
        guard !(q.isEmpty && [raw.kind, raw.tag, raw.mood, raw.from, raw.to, raw.photos].allSatisfy(\.isEmpty)) else {
            return web.renderer.page(
                "search", model(nil, more: nil, errors: FormErrors()), title: "Search", context: context, tab: .today)
        }
        do {
            let filters = try SearchFilters.parse(
                kind: raw.kind, tag: raw.tag, mood: raw.mood, from: raw.from, to: raw.to, hasPhotos: raw.photos)
            let page = try await web.services.search.search(
                userID: auth.user.id, text: q, filters: filters, cursor: form["after"].nonEmpty, limit: 20)
            let results = page.hits.map(Self.result)
            var next = form.pairs.filter { $0.name != "after" && !$0.value.isEmpty }
            let more = page.nextCursor.map { cursor -> String in
                next.append(("after", cursor))
                return "/search?" + next.map { "\($0.name)=\(Web.queryEscape($0.value))" }.joined(separator: "&")
            }
            return web.renderer.page(
                "search", model(results, more: more, errors: FormErrors()),
                title: q.isEmpty ? "Search" : "\(q) · Search",
                context: context, tab: .today)
        } catch let error as ValidationError {
            return web.renderer.page(
                "search", model(nil, more: nil, errors: FormErrors(error, aliases: ["cursor": "q"])), title: "Search",
                context: context, tab: .today, status: .unprocessableContent)
        }
    }

    /// Where a hit opens, and how it is labelled.
    static func result(_ hit: SearchHit) -> Model.Result {
        let id = hit.id?.lowercasedString ?? ""
        let (href, label): (String, String) =
            switch hit.kind {
            case .day: ("/days/\(hit.date)", "Day")
            case .checkin: ("/checkins?date=\(hit.date)", "Check-in")
            case .journal: ("/journal/\(id)", "Journal")
            case .item: ("/closet/items/\(id)", "Closet")
            }
        var segments = SearchHighlight.segments(hit.snippet)
        if hit.kind == .journal {
            // The body is Markdown: show its words, not its marks; the title is shown above already.
            segments = segments.map { ($0.highlighted ? $0.text : MarkdownPlainText.snippet($0.text), $0.highlighted) }
            if let first = segments.first, !first.highlighted, !hit.title.isEmpty, first.text.hasPrefix(hit.title + " ")
            {
                segments[0].text = String(first.text.dropFirst(hit.title.count + 1))
            }
        }
        return Model.Result(
            href: href, kindLabel: label, kindClass: hit.kind.rawValue,
            dateText: hit.kind == .item ? "added \(DateText.medium(hit.date))" : DateText.long(hit.date),
            resultTitle: hit.title.nonEmpty,
            parts: segments.map { Model.Part(text: $0.text, highlighted: $0.highlighted) })
    }
}
