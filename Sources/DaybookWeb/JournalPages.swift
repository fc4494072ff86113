import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

/// The journal (seed 001 FR1–FR11): the user's feed with tag filters, an entry with its photos
/// scrolled sideways, the form to write or edit one with several photos, delete, and everyone's
/// public entries at `/explore`.
///
/// Photos are uploaded one by one by `app.js` through `/photos/upload` as soon as they are chosen;
/// the form posts their ids, in order, as hidden `photoIds` fields. Someone else's private entry
/// and an unknown id are the same "not found" page.
struct JournalPages: Sendable {
    let web: Web
    static let pageSize = 20

    func add(to router: Router<AppRequestContext>) {
        router.get("/journal") { request, context in try await feed(request, context) }
        router.get("/journal/new") { request, context in try await newForm(request, context) }
        router.post("/journal/new") { request, context in try await web.once(request, context, create) }
        router.get("/journal/{id}") { request, context in try await show(request, context) }
        router.get("/journal/{id}/edit") { request, context in try await editForm(request, context) }
        router.post("/journal/{id}/edit") { request, context in try await update(request, context) }
        router.post("/journal/{id}/delete") { request, context in try await delete(request, context) }
        router.get("/explore") { request, context in try await explore(request, context) }
        router.get("/journal/friends") { request, context in try await friendsFeed(request, context) }
    }

    // MARK: Feeds

    struct FeedModel {
        let cards: [JournalCard]
        let hasCards: Bool
        /// Which feed: the user's own, their friends', or everyone's public one.
        let own: Bool
        var friendsFeed = false
        var explore = false
        let filterTags: [FilterTag]
        let hasFilterTags: Bool
        let activeTag: String?
        let olderHref: String?
        let newestHref: String?
        let notice: String?

        struct FilterTag {
            let name: String
            let href: String
            let current: Bool
        }
    }

    func feed(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let user = auth.user
        let cursor = request.uri.queryParameters.get("before").map { String($0) }
        let rawTag = request.uri.queryParameters.get("tag").map { String($0) }?.nonEmpty
        let tag = rawTag.flatMap(JournalRules.tag)
        if rawTag != nil, tag == nil {
            return web.message(
                context, heading: "Not a tag", message: "That link names no tag.",
                action: ("/journal", "See all your entries"), tab: .journal, status: .badRequest)
        }
        async let pageResult = web.services.journal.page(
            userID: user.id, tag: tag, cursor: cursor, limit: Self.pageSize)
        async let tagsResult = web.services.journal.tags(userID: user.id)
        let page: JournalPage
        do {
            page = try await pageResult
        } catch is ValidationError {
            return web.message(
                context, heading: "Not a page", message: "That link to older entries is broken.",
                action: ("/journal", "Go to your newest entries"), tab: .journal, status: .badRequest)
        }
        let tags = try await tagsResult
        let year = web.services.days.today(for: user).year
        let cards = page.entries.map {
            JournalCard($0, author: nil, ownTags: true, zone: user.zone, currentYear: year)
        }
        // The most used tags, and the chosen one even if it is rarely used.
        var shown = Array(tags.prefix(24).map(\.tag))
        if let tag, !shown.contains(tag) { shown.append(tag) }
        let filterTags = shown.map {
            FeedModel.FilterTag(name: $0, href: "/journal?tag=" + Web.queryEscape($0), current: $0 == tag)
        }
        let tagQuery = tag.map { "tag=" + Web.queryEscape($0) + "&" } ?? ""
        let notice: String? = request.uri.queryParameters.get("notice") == "deleted" ? "The entry is deleted." : nil
        let model = FeedModel(
            cards: cards, hasCards: !cards.isEmpty, own: true, filterTags: filterTags,
            hasFilterTags: !filterTags.isEmpty, activeTag: tag,
            olderHref: page.nextCursor.map { "/journal?" + tagQuery + "before=" + Web.queryEscape($0) },
            newestHref: (cursor?.isEmpty == false)
                ? "/journal" + (tag.map { "?tag=" + Web.queryEscape($0) } ?? "") : nil,
            notice: notice)
        return web.renderer.page(
            "journal", model, title: tag.map { "#\($0) · Journal" } ?? "Journal", context: context, tab: .journal)
    }

    func explore(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await othersFeed(request, context, path: "/explore", title: "Explore", friends: false) { user, cursor in
            try await web.services.journal.publicPage(cursor: cursor, limit: Self.pageSize)
        }
    }

    /// The friends' feed: entries friends wrote for friends or for everyone.
    func friendsFeed(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await othersFeed(request, context, path: "/journal/friends", title: "Friends' journals", friends: true) {
            user, cursor in
            try await web.services.journal.friendsPage(viewer: user, cursor: cursor, limit: Self.pageSize)
        }
    }

    /// A feed of other people's entries with their authors (everyone's public ones, or friends'),
    /// paged by `before`.
    private func othersFeed(
        _ request: Request, _ context: AppRequestContext, path: String, title: String, friends: Bool,
        load: (User, String?) async throws -> PublicJournalPage
    ) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let cursor = request.uri.queryParameters.get("before").map { String($0) }
        let page: PublicJournalPage
        do {
            page = try await load(user, cursor)
        } catch is ValidationError {
            return web.message(
                context, heading: "Not a page", message: "That link to older entries is broken.",
                action: (path, "Go to the newest entries"), tab: .journal, status: .badRequest)
        }
        let year = web.services.days.today(for: user).year
        let cards = page.entries.map { shown in
            JournalCard(
                shown.entry, author: shown.author, ownTags: shown.author.id == user.id,
                zone: user.zone, currentYear: year)
        }
        var model = FeedModel(
            cards: cards, hasCards: !cards.isEmpty, own: false, filterTags: [], hasFilterTags: false, activeTag: nil,
            olderHref: page.nextCursor.map { "\(path)?before=" + Web.queryEscape($0) },
            newestHref: (cursor?.isEmpty == false) ? path : nil, notice: nil)
        model.friendsFeed = friends
        model.explore = !friends
        return web.renderer.page("journal", model, title: title, context: context, tab: .journal)
    }

    // MARK: One entry

    struct EntryModel {
        let entry: JournalEntryView
        let notice: String?
        /// The draft `app.js` may forget now that it is saved (after a create or an edit).
        let savedDraft: String?
        let backHref: String
        let backLabel: String
    }

    func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else { return notFound(context) }
        let readable: ReadableJournalEntry
        do {
            readable = try await web.services.journal.entry(id: id, viewer: auth.user)
        } catch is NotFound {
            return notFound(context)
        }
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "saved": "Saved."
            case "created": "Your entry is saved."
            default: nil
            }
        let view = JournalEntryView(readable, zone: auth.user.zone)
        let savedDraft: String? =
            switch request.uri.queryParameters.get("notice") {
            case "created" where readable.viewerIsOwner: JournalFormModel.draftKey(action: "/journal/new")
            case "saved" where readable.viewerIsOwner:
                JournalFormModel.draftKey(action: "/journal/\(id.lowercasedString)/edit")
            default: nil
            }
        let model = EntryModel(
            entry: view, notice: readable.viewerIsOwner ? notice : nil, savedDraft: savedDraft,
            backHref: readable.viewerIsOwner ? "/journal" : readable.entry.isPublic ? "/explore" : "/journal/friends",
            backLabel: readable.viewerIsOwner ? "Journal" : readable.entry.isPublic ? "Explore" : "Friends")
        return web.renderer.page("journal_entry", model, title: view.heading, context: context, tab: .journal)
    }

    private func notFound(_ context: AppRequestContext) -> Response {
        web.notFound(
            context, message: "There is no such entry, or it isn't yours to see.",
            action: ("/journal", "Go to your journal"))
    }

    // MARK: Write and edit

    struct EditModel {
        let heading: String
        let form: JournalFormModel
        let backHref: String
    }

    func newForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        // From a day's page: an entry about that day (`?date=`); a date that is not one is ignored.
        var input = JournalEntryInput()
        let about = request.uri.queryParameters.get("date").flatMap { LocalDate(String($0)) }
        if let about { input.date = about.description }
        return render(
            context, heading: about.map { "New entry about \(DateText.long($0))" } ?? "New entry",
            form: JournalFormModel(
                action: "/journal/new", input: input, today: web.services.days.today(for: auth.user),
                submitLabel: "Save entry", cancelHref: about.map { "/days/\($0)" } ?? "/journal"),
            status: .ok)
    }

    func create(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let input = JournalFormModel.input(from: try await FormData.from(request))
        do {
            let entry = try await web.services.journal.create(user: auth.user, input: input)
            return Web.redirect("/journal/\(entry.id.lowercasedString)?notice=created")
        } catch let error as ValidationError {
            let form = JournalFormModel(
                action: "/journal/new", input: input, today: web.services.days.today(for: auth.user),
                errors: FormErrors(error, aliases: JournalFormModel.aliases), submitLabel: "Save entry",
                cancelHref: "/journal")
            return render(context, heading: "New entry", form: form, status: .unprocessableContent)
        }
    }

    func editForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }),
            let readable = try? await web.services.journal.entry(id: id, viewer: auth.user), readable.viewerIsOwner
        else { return notFound(context) }
        let path = "/journal/\(id.lowercasedString)"
        let form = JournalFormModel(
            action: path + "/edit", input: JournalEntryInput(readable.entry),
            today: web.services.days.today(for: auth.user), submitLabel: "Save", cancelHref: path)
        return render(context, heading: "Edit entry", form: form, status: .ok)
    }

    func update(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else { return notFound(context) }
        let input = JournalFormModel.input(from: try await FormData.from(request))
        let path = "/journal/\(id.lowercasedString)"
        do {
            _ = try await web.services.journal.update(user: auth.user, id: id, input: input)
            return Web.redirect(path + "?notice=saved")
        } catch is NotFound {
            return notFound(context)
        } catch let error as ValidationError {
            let form = JournalFormModel(
                action: path + "/edit", input: input, today: web.services.days.today(for: auth.user),
                errors: FormErrors(error, aliases: JournalFormModel.aliases), submitLabel: "Save", cancelHref: path)
            return render(context, heading: "Edit entry", form: form, status: .unprocessableContent)
        }
    }

    private func render(
        _ context: AppRequestContext, heading: String, form: JournalFormModel, status: HTTPResponse.Status
    ) -> Response {
        let model = EditModel(heading: heading, form: form, backHref: form.cancelHref)
        return web.renderer.page("journal_edit", model, title: heading, context: context, tab: .journal, status: status)
    }

    // MARK: Delete

    func delete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else { return notFound(context) }
        do {
            try await web.services.journal.delete(user: auth.user, id: id)
        } catch is NotFound {
            return web.notFound(context, message: "There is no such entry of yours to delete.")
        }
        return Web.redirect("/journal?notice=deleted")
    }
}
