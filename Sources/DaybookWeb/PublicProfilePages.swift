import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import Hummingbird

/// `/u/{username}` (issue 17): a person's public profile, what their profile says and their
/// public entries, newest first, paged. Private and friends-only entries are never on it (the
/// service reads public entries only); a username nobody has is a 404 page.
struct PublicProfilePages: Sendable {
    let web: Web
    static let pageSize = 20

    func add(to router: Router<AppRequestContext>) {
        router.get("/u/{username}") { request, context in try await show(request, context) }
    }

    struct Model {
        let username: String
        let displayName: String
        let initials: String
        let avatar: String?
        let bio: String?
        let isMe: Bool
        let cards: [JournalCard]
        let hasCards: Bool
        let olderHref: String?
        let newestHref: String?
    }

    func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let username = context.parameters.get("username") ?? ""
        let cursor = request.uri.queryParameters.get("before").map { String($0) }
        let profile: PublicProfile
        let page: PublicJournalPage
        do {
            (profile, page) = try await web.services.journal.profile(
                username: username, cursor: cursor, limit: Self.pageSize)
        } catch is NotFound {
            return web.notFound(
                context, message: "Nobody here has the username “\(username)”.", action: ("/explore", "Go to Explore"))
        } catch is ValidationError {
            return web.message(
                context, heading: "Not a page", message: "That link to older entries is broken.",
                action: ("/u/\(Web.queryEscape(username))", "Go to the newest entries"), tab: .journal,
                status: .badRequest)
        }
        let year = web.services.days.today(for: user).year
        let name = profile.displayName.isEmpty ? profile.username : profile.displayName
        let path = "/u/" + Web.queryEscape(profile.username)
        let model = Model(
            username: profile.username, displayName: name, initials: User.initials(of: name),
            avatar: profile.avatarMediaID.map { MediaPath.url($0, .avatar) }, bio: profile.bio.nonEmpty,
            isMe: profile.id == user.id,
            cards: page.entries.map {
                JournalCard($0.entry, author: nil, ownTags: profile.id == user.id, zone: user.zone, currentYear: year)
            },
            hasCards: !page.entries.isEmpty,
            olderHref: page.nextCursor.map { path + "?before=" + Web.queryEscape($0) },
            newestHref: (cursor?.isEmpty == false) ? path : nil)
        return web.renderer.page(
            "public_profile", model, title: "\(name) (@\(profile.username))", context: context, tab: .journal)
    }
}
