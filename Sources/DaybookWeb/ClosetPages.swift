import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

/// "My Closet" (seed 004 5.2.1.1, 5.2.3): a grid of photos with the category counts, a search bar
/// that filters by tags and words as you type (`app.js` swaps the grid in place; without
/// JavaScript the form submits), and each item's page, form, archive and removal.
///
/// Someone else's item and an unknown id are the same "not found" page.
struct ClosetPages: Sendable {
    let web: Web
    /// Items per page of the grid, as the API's default page: ten rows of three on a phone.
    static let pageSize = 30

    func add(to router: Router<AppRequestContext>) {
        router.get("/closet") { request, context in try await home(request, context) }
        router.get("/closet/colors") { request, context in try await colors(request, context) }
        router.get("/closet/items/new") { request, context in try await newForm(request, context) }
        router.post("/closet/items/new") { request, context in try await create(request, context) }
        router.get("/closet/items/{id}") { request, context in try await show(request, context) }
        router.get("/closet/items/{id}/edit") { request, context in try await editForm(request, context) }
        router.post("/closet/items/{id}/edit") { request, context in try await update(request, context) }
        router.get("/closet/items/{id}/delete") { request, context in try await confirmDelete(request, context) }
        router.post("/closet/items/{id}/delete") { request, context in try await delete(request, context) }
        router.post("/closet/items/{id}/archive") { request, context in try await archive(request, context) }
        router.post("/closet/items/{id}/colors") { request, context in try await acceptColors(request, context) }
        router.post("/closet/items/{id}/wear") { request, context in try await wearToday(request, context) }
    }

    // MARK: The closet

    /// The page hands over its dictionary itself: reflecting twenty fields was a twentieth of
    /// the page's CPU.
    struct HomeModel: TemplateConvertible {
        let query: String
        let category: String?
        let sort: String
        let sorts: [ClosetLink]
        /// The category chips, written by `ClosetLink.chipsHTML`.
        let categoriesHTML: String
        let activeTags: [ClosetLink]
        let hasActiveTags: Bool
        /// Tags to try, written by `ClosetLink.chipsHTML`.
        let suggestionsHTML: String
        /// The grid's cards, written by `ItemCard.gridHTML`.
        let cardsHTML: String
        let hasCards: Bool
        let heading: String
        let view: String
        let isCloset: Bool
        let total: Int
        let closetEmpty: Bool
        let moreHref: String?
        let idleHref: String
        let archivedHref: String
        let notice: String?

        var templateValue: [String: Any] {
            var values: [String: Any] = [
                "query": query, "sort": sort, "sorts": sorts.map(\.templateValue),
                "categoriesHTML": categoriesHTML, "activeTags": activeTags.map(\.templateValue),
                "hasActiveTags": hasActiveTags, "suggestionsHTML": suggestionsHTML,
                "cardsHTML": cardsHTML, "hasCards": hasCards, "heading": heading, "view": view, "isCloset": isCloset,
                "total": total, "closetEmpty": closetEmpty, "idleHref": idleHref, "archivedHref": archivedHref,
            ]
            if let category { values["category"] = category }
            if let moreHref { values["moreHref"] = moreHref }
            if let notice { values["notice"] = notice }
            return values
        }
    }

    /// A category, sort or tag link. Categories and tags to try are written by `chipsHTML`; the
    /// sorts and the chosen tags go through the template, as dictionaries they hand over.
    struct ClosetLink: TemplateConvertible {
        let label: String
        let href: String
        let current: Bool
        /// A category's items, shown in its chip.
        var count: Int? = nil

        var templateValue: [String: Any] { ["label": label, "href": href, "current": current] }

        /// Links as the closet's chip lists (categories with their counts, tags to try), written
        /// here for the reason `ItemCard.gridHTML` gives: a page has twenty of them, four Mustache
        /// lookups each, and those lookups were a tenth of the page's CPU. `style` is added to the
        /// class (`chip-small`).
        static func chipsHTML(_ links: [ClosetLink], style: String = "") -> String {
            var html = ""
            html.reserveCapacity(links.count * 120)
            for link in links {
                html += "<li><a class=\"chip chip-link"
                html += style.isEmpty ? "" : " " + style
                html += "\" href=\""
                html += HTMLEscaping.escape(link.href)
                html += link.current ? "\" aria-current=\"page\">" : "\">"
                html += HTMLEscaping.escape(link.label)
                if let count = link.count { html += " <span class=\"chip-count\">\(count)</span>" }
                html += "</a></li>"
            }
            return html
        }
    }

    func home(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        // Read as a form sends it: a space is "+", a "+" is "%2B".
        let parameters = FormData(urlEncoded: request.uri.query ?? "")
        let text = parameters["q"]
        let view = parameters["view"]
        let sort = ClosetItemQuery.Sort(rawValue: parameters["sort"]) ?? .newest
        let closet = web.services.closet
        async let categoriesResult = closet.categories(user: user)
        async let countsResult = closet.itemCounts(user: user)
        let categories = try await categoriesResult
        let counts = try await countsResult
        let categoryID = UUID(text: parameters["category"])
            .flatMap { id in categories.contains { $0.id == id } ? id : nil }
        // Which words are tags is asked only when there are words.
        let known = text.isEmpty ? [] : try await closet.knownTags(user: user)
        let search = ClosetSearch.parse(text, extraTags: parameters.all("tag"), knownTags: known)

        var query: ClosetItemQuery
        switch view {
        case "idle": query = closet.idleQuery(user: user)
        case "archived": query = ClosetItemQuery(archived: true)
        default: query = ClosetItemQuery(sort: sort)
        }
        query.categoryID = categoryID
        query.tags = search.tags
        query.words = search.words
        query.limit = Self.pageSize
        let page: ClosetItemPage
        do {
            page = try await closet.items(
                user: user, query: query, cursor: parameters["after"].nonEmpty)
        } catch is ValidationError {
            return web.message(
                context, heading: "Not a page", message: "That link to more items is broken.",
                action: ("/closet", "Go to your closet"), tab: .closet, status: .badRequest)
        }

        func href(category: UUID?? = .none, sort newSort: ClosetItemQuery.Sort? = nil, dropTag: String? = nil) -> String
        {
            var items: [String] = []
            if !view.isEmpty { items.append("view=" + view) }
            let words = search.words + search.tags.filter { $0 != dropTag }.map { "#" + $0 }
            if !words.isEmpty { items.append("q=" + Web.queryEscape(words.joined(separator: " "))) }
            let chosen: UUID? = category ?? categoryID
            if let chosen { items.append("category=" + chosen.lowercasedString) }
            let sorted = newSort ?? sort
            if sorted != .newest { items.append("sort=" + sorted.rawValue) }
            return "/closet" + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
        }
        let total = counts.values.reduce(0, +)
        let categoryLinks =
            [ClosetLink(label: "All", href: href(category: .some(nil)), current: categoryID == nil, count: total)]
            + categories.map {
                ClosetLink(
                    label: $0.name, href: href(category: .some($0.id)), current: $0.id == categoryID,
                    count: counts[$0.id] ?? 0)
            }.filter { $0.count != 0 || $0.current }
        let sortLinks = [(ClosetItemQuery.Sort.newest, "Newest"), (.name, "A–Z"), (.leastWorn, "Least worn")].map {
            ClosetLink(label: $0.1, href: href(sort: $0.0), current: $0.0 == sort)
        }
        let activeTags = search.tags.map { ClosetLink(label: "#" + $0, href: href(dropTag: $0), current: true) }
        // Tags to try: the most common among the items shown, besides those chosen.
        var tagCounts: [String: Int] = [:]
        for item in page.items { for tag in item.tags + item.colors { tagCounts[tag, default: 0] += 1 } }
        let suggestions = tagCounts.filter { !search.tags.contains($0.key) }
            .sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(10)
            .map { tag, _ in
                let base = href()
                return ClosetLink(
                    label: "#" + tag, href: base + (base.contains("?") ? "&" : "?") + "tag=" + Web.queryEscape(tag),
                    current: false)
            }
        let heading =
            switch view {
            case "idle": "Not worn for \(ClosetService.idleMonths) months"
            case "archived": "Archived"
            default: "Closet"
            }
        var moreHref: String?
        if let next = page.nextCursor { moreHref = href() + (href().contains("?") ? "&" : "?") + "after=" + next }
        let notice: String? =
            switch parameters["notice"] {
            case "deleted": "The item is removed."
            default: nil
            }
        let model = HomeModel(
            query: text, category: categoryID?.lowercasedString, sort: sort.rawValue, sorts: sortLinks,
            categoriesHTML: ClosetLink.chipsHTML(categoryLinks), activeTags: activeTags,
            hasActiveTags: !activeTags.isEmpty,
            suggestionsHTML: ClosetLink.chipsHTML(Array(suggestions), style: "chip-small"),
            cardsHTML: ItemCard.gridHTML(page.items.map(ItemCard.init)),
            hasCards: !page.items.isEmpty,
            heading: heading, view: view, isCloset: view.isEmpty, total: total,
            closetEmpty: total == 0 && view.isEmpty && text.isEmpty, moreHref: moreHref,
            idleHref: "/closet?view=idle", archivedHref: "/closet?view=archived", notice: notice)
        return web.renderer.page("closet", model, title: heading, context: context, tab: .closet)
    }

    /// The colours of a just-uploaded photo, for the form's script: `{"colors": ["navy", …]}`.
    func colors(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else {
            return PhotoPages.json(["message": "Log in again."], status: .unauthorized)
        }
        guard let id = request.uri.queryParameters.get("photo").flatMap({ UUID(text: $0) }),
            let colors = try? await web.services.closet.suggestedColors(user: user, photoID: id)
        else { return PhotoPages.json(["message": "No such photo."], status: .notFound) }
        return PhotoPages.json(["colors": colors.joined(separator: ",")], status: .ok)
    }

    // MARK: One item

    struct ItemModel {
        let item: ItemDetailView
        let notice: String?
        let reasons: [ItemFormModel.Option]
    }

    func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = itemID(context), let detail = try? await web.services.closet.itemDetail(user: user, id: id)
        else {
            return notFound(context)
        }
        var suggestions: [String] = []
        if let photo = detail.item.photoID, detail.item.colors.isEmpty {
            suggestions = (try? await web.services.closet.suggestedColors(user: user, photoID: photo)) ?? []
        }
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "created": "Added to your closet."
            case "saved": "Saved."
            case "archived": "Archived: it is out of your closet, with its history kept."
            case "restored": "Back in your closet."
            case "worn": "Marked as worn today."
            case "colors": "Colours added."
            default: nil
            }
        let model = ItemModel(
            item: ItemDetailView(detail, suggestions: suggestions), notice: notice,
            reasons: ArchiveReason.allCases.map { .init(value: $0.rawValue, label: $0.label, selected: false) })
        return web.renderer.page("closet_item", model, title: detail.item.name, context: context, tab: .closet)
    }

    func newForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        var input = ClosetItemInput()
        if let category = request.uri.queryParameters.get("category") {
            input.categoryID = UUID(text: category)
        }
        return try await render(
            context, user: user, heading: "Add an item", action: "/closet/items/new", input: input,
            submitLabel: "Add to closet", cancelHref: "/closet")
    }

    func create(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let input = ItemFormModel.input(from: try await FormData.from(request))
        do {
            let item = try await web.services.closet.createItem(user: user, input: input)
            return Web.redirect("/closet/items/\(item.id.lowercasedString)?notice=created")
        } catch let error as ValidationError {
            return try await render(
                context, user: user, heading: "Add an item", action: "/closet/items/new", input: input,
                errors: FormErrors(error, aliases: ItemFormModel.aliases), submitLabel: "Add to closet",
                cancelHref: "/closet")
        }
    }

    func editForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = itemID(context), let item = try? await web.services.closet.item(user: user, id: id) else {
            return notFound(context)
        }
        let path = "/closet/items/\(id.lowercasedString)"
        var suggestions: [String] = []
        if let photo = item.photoID {
            suggestions = (try? await web.services.closet.suggestedColors(user: user, photoID: photo)) ?? []
        }
        return try await render(
            context, user: user, heading: "Edit item", action: path + "/edit", input: ClosetItemInput(item),
            suggestions: suggestions, submitLabel: "Save", cancelHref: path)
    }

    func update(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = itemID(context) else { return notFound(context) }
        let input = ItemFormModel.input(from: try await FormData.from(request))
        let path = "/closet/items/\(id.lowercasedString)"
        do {
            _ = try await web.services.closet.updateItem(user: user, id: id, input: input)
            return Web.redirect(path + "?notice=saved")
        } catch is NotFound {
            return notFound(context)
        } catch let error as ValidationError {
            return try await render(
                context, user: user, heading: "Edit item", action: path + "/edit", input: input,
                errors: FormErrors(error, aliases: ItemFormModel.aliases), submitLabel: "Save", cancelHref: path)
        }
    }

    private func render(
        _ context: AppRequestContext, user: User, heading: String, action: String, input: ClosetItemInput,
        suggestions: [String] = [], errors: FormErrors = FormErrors(), submitLabel: String, cancelHref: String
    ) async throws -> Response {
        let form = ItemFormModel(
            action: action, input: input, categories: try await web.services.closet.categories(user: user),
            today: web.services.days.today(for: user), suggestedColors: suggestions, errors: errors,
            submitLabel: submitLabel, cancelHref: cancelHref)
        struct Model {
            let heading: String
            let form: ItemFormModel
        }
        return web.renderer.page(
            "closet_item_edit", Model(heading: heading, form: form), title: heading, context: context, tab: .closet,
            status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    // MARK: Archive, colours, wear, delete

    func archive(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = itemID(context) else { return notFound(context) }
        let reason = ArchiveReason(rawValue: try await FormData.from(request)["reason"])
        do {
            _ = try await web.services.closet.archiveItem(user: user, id: id, reason: reason)
        } catch is NotFound {
            return notFound(context)
        }
        return Web.redirect("/closet/items/\(id.lowercasedString)?notice=\(reason == nil ? "restored" : "archived")")
    }

    func acceptColors(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = itemID(context), let item = try? await web.services.closet.item(user: user, id: id) else {
            return notFound(context)
        }
        var input = ClosetItemInput(item)
        input.colors += try await FormData.from(request).all("colors")
        _ = try? await web.services.closet.updateItem(user: user, id: id, input: input)
        return Web.redirect("/closet/items/\(id.lowercasedString)?notice=colors")
    }

    func wearToday(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = itemID(context), (try? await web.services.closet.item(user: user, id: id)) != nil else {
            return notFound(context)
        }
        _ = try await web.services.outfits.wearToday(user: user, itemIDs: [id])
        return Web.redirect("/closet/items/\(id.lowercasedString)?notice=worn")
    }

    func confirmDelete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = itemID(context), let item = try? await web.services.closet.item(user: user, id: id) else {
            return notFound(context)
        }
        struct Model {
            let name: String
            let href: String
            let thumb: String?
            let wornText: String
        }
        let path = "/closet/items/\(id.lowercasedString)"
        return web.renderer.page(
            "closet_item_delete",
            Model(
                name: item.name, href: path, thumb: item.photoID.map { MediaPath.url($0, .small) },
                wornText: WearText.long(item.wear)),
            title: "Remove \(item.name)?", context: context, tab: .closet)
    }

    func delete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = itemID(context) else { return notFound(context) }
        do {
            try await web.services.closet.deleteItem(user: user, id: id)
        } catch is NotFound {
            return web.notFound(context, message: "There is no such item of yours to remove.")
        }
        return Web.redirect("/closet?notice=deleted")
    }

    // MARK: Helpers

    private func itemID(_ context: AppRequestContext) -> UUID? {
        context.parameters.get("id").flatMap({ UUID(text: $0) })
    }

    private func notFound(_ context: AppRequestContext) -> Response {
        web.notFound(
            context, message: "There is no such item, or it isn't yours to see.",
            action: ("/closet", "Go to your closet"))
    }
}

/// An item's page.
struct ItemDetailView {
    let id: String
    let href: String
    let name: String
    let photo: String?
    let photoLarge: String?
    let category: String
    let tags: [TagLink]
    let colors: [TagLink]
    let facts: [Fact]
    let hasTags: Bool
    let hasColors: Bool
    let hasFacts: Bool
    let notes: String?
    let wearText: String
    let costPerWear: String?
    let mood: MoodWhenWornView
    let outfits: [ClosetPages.ClosetLink]
    let hasOutfits: Bool
    let archived: String?
    let suggestions: [String]
    let hasSuggestions: Bool

    struct TagLink {
        let label: String
        let href: String
        let swatch: String?
    }

    struct Fact {
        let label: String
        let value: String
    }

    init(_ detail: ClosetItemDetail, suggestions: [String]) {
        let item = detail.item
        id = item.id.lowercasedString
        href = "/closet/items/\(id)"
        name = item.name
        photo = item.photoID.map { MediaPath.url($0, .small) }
        photoLarge = item.photoID.map { MediaPath.url($0, .large) }
        category = detail.category?.name ?? "No category"
        tags = item.tags.map { TagLink(label: "#" + $0, href: "/closet?tag=" + Web.queryEscape($0), swatch: nil) }
        colors = item.colors.map {
            TagLink(
                label: $0.replacingOccurrences(of: "-", with: " "), href: "/closet?tag=" + Web.queryEscape($0),
                swatch: ClosetKeywords.colors.contains($0) ? "swatch-\($0)" : "swatch-other")
        }
        var facts: [Fact] = []
        if !item.brand.isEmpty { facts.append(Fact(label: "Brand", value: item.brand)) }
        if !item.size.isEmpty { facts.append(Fact(label: "Size", value: item.size)) }
        if !item.season.isEmpty { facts.append(Fact(label: "Season", value: item.season.capitalized)) }
        if let date = item.purchaseDate { facts.append(Fact(label: "Bought", value: DateText.medium(date))) }
        if let price = item.priceCents { facts.append(Fact(label: "Price", value: WearText.price(price))) }
        self.facts = facts
        hasTags = !tags.isEmpty
        hasColors = !colors.isEmpty
        hasFacts = !facts.isEmpty
        notes = item.notes.nonEmpty
        wearText = WearText.long(item.wear)
        costPerWear = item.costPerWearCents.map { WearText.price($0) + " per wear" }
        mood = MoodWhenWornView(detail.mood, wornDays: item.wear.count, what: "it")
        outfits = detail.outfits.map {
            ClosetPages.ClosetLink(label: $0.name, href: "/closet/outfits/\($0.id.lowercasedString)", current: false)
        }
        hasOutfits = !outfits.isEmpty
        archived = item.archivedReason?.label
        self.suggestions = suggestions
        hasSuggestions = !suggestions.isEmpty
    }
}
