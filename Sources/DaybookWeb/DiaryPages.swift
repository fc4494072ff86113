import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import Hummingbird

/// The thought diary and the gratitude diary (seed 003's Trends sub-screens): what the day
/// entries say, newest first, each opening its day. Reached from Insights.
struct DiaryPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/diaries/thoughts") { request, context in try await diary(request, context, gratitude: false) }
        router.get("/diaries/gratitude") { request, context in try await diary(request, context, gratitude: true) }
    }

    struct Model {
        let heading: String
        let intro: String
        let empty: String
        let items: [Item]
        let hasItems: Bool
        let olderHref: String?

        struct Item {
            let href: String
            let dateText: String
            let emoji: String
            let moodName: String
            let moodClass: String
            let lines: [String]
        }
    }

    func diary(_ request: Request, _ context: AppRequestContext, gratitude: Bool) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = FormData(urlEncoded: request.uri.query ?? "")
        let path = gratitude ? "/diaries/gratitude" : "/diaries/thoughts"
        let page: (lines: [DiaryLine], nextCursor: String?)
        do {
            page = try await web.services.insights.diary(
                user: auth.user, gratitude: gratitude, cursor: form["before"], limit: 30)
        } catch is ValidationError {
            return .redirect(to: path, type: .normal)
        }
        let heading = gratitude ? "Gratitude diary" : "Thought diary"
        let model = Model(
            heading: heading,
            intro: gratitude
                ? "What you were grateful for, day by day." : "The thoughts you wrote down with your days.",
            empty: gratitude
                ? "No gratitude lines yet. Add up to three to any day." : "No thoughts yet. Write some with any day.",
            items: page.lines.map { line in
                Model.Item(
                    href: "/days/\(line.date)", dateText: DateText.long(line.date), emoji: line.mood.emoji,
                    moodName: line.mood.name, moodClass: "mood-\(line.mood.rawValue)", lines: line.lines)
            },
            hasItems: !page.lines.isEmpty, olderHref: page.nextCursor.map { "\(path)?before=\($0)" })
        return web.renderer.page("diary", model, title: heading, context: context, tab: .insights)
    }
}
