import DaybookHTTP
import Hummingbird

/// Insights comes with its own issue; until then its tab leads to a page that says so, inside
/// the normal layout.
struct PlaceholderPages: Sendable {
    let web: Web

    struct Model {
        let heading: String
        let text: String
        let emoji: String
        let links: [Link]
        struct Link {
            let href: String
            let label: String
        }
    }

    func add(to router: Router<AppRequestContext>) {
        let pages: [(Tab, Model)] = [
            (.insights, Model(
                heading: "Insights", text: "Charts of your moods, streaks and what goes with a good day are coming soon.",
                emoji: "📈", links: [.init(href: "/calendar", label: "See your month"), .init(href: "/checkins", label: "Check-in log")])),
        ]
        for (tab, model) in pages {
            router.get(RouterPath(tab.href)) { request, context -> Response in
                guard context.auth != nil else { return Web.toLogin(request) }
                return web.renderer.page("coming_soon", model, title: model.heading, context: context, tab: tab)
            }
        }
    }
}
