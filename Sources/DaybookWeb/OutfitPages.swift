import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

/// Outfits (seed 004 5.2.1.3): a list of them, each a named, ordered set of items with an optional
/// photo of its own; built by ticking items grouped by category.
struct OutfitPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/closet/outfits") { request, context in try await list(request, context) }
        router.get("/closet/outfits/new") { request, context in try await newForm(request, context) }
        router.post("/closet/outfits/new") { request, context in try await create(request, context) }
        router.get("/closet/outfits/{id}") { request, context in try await show(request, context) }
        router.get("/closet/outfits/{id}/edit") { request, context in try await editForm(request, context) }
        router.post("/closet/outfits/{id}/edit") { request, context in try await update(request, context) }
        router.get("/closet/outfits/{id}/delete") { request, context in try await confirmDelete(request, context) }
        router.post("/closet/outfits/{id}/delete") { request, context in try await delete(request, context) }
        router.post("/closet/outfits/{id}/wear") { request, context in try await wearToday(request, context) }
    }

    // MARK: List

    func list(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let outfits = try await web.services.outfits.list(user: user, limit: 500)
        let items = try await itemsByID(user, outfits.flatMap(\.itemIDs))
        struct Model {
            let cards: [OutfitCard]
            let hasCards: Bool
            let notice: String?
        }
        let notice: String? = request.uri.queryParameters.get("notice") == "deleted" ? "The outfit is deleted." : nil
        let cards = outfits.map { OutfitCard($0, items: items) }
        return web.renderer.page(
            "outfits", Model(cards: cards, hasCards: !cards.isEmpty, notice: notice), title: "Outfits",
            context: context, tab: .closet)
    }

    // MARK: One outfit

    func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = outfitID(context), let detail = try? await web.services.outfits.detail(user: user, id: id)
        else { return notFound(context) }
        struct Model {
            let id: String
            let href: String
            let name: String
            let photo: String?
            let items: [ItemCard]
            let wearText: String
            let mood: MoodWhenWornView
            let planHref: String
            let notice: String?
        }
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "created": "Outfit saved."
            case "saved": "Saved."
            case "worn": "Marked as worn today."
            default: nil
            }
        let path = "/closet/outfits/\(id.lowercasedString)"
        let tomorrow = web.services.days.today(for: user).adding(days: 1)
        let model = Model(
            id: id.lowercasedString, href: path, name: detail.outfit.name,
            photo: detail.outfit.photoID.map { MediaPath.url($0, .large) }, items: detail.items.map(ItemCard.init),
            wearText: WearText.long(detail.outfit.wear),
            mood: MoodWhenWornView(detail.mood, wornDays: detail.outfit.wear.count, what: "this outfit"),
            planHref: "/closet/calendar/\(tomorrow)?outfit=\(id.lowercasedString)", notice: notice)
        return web.renderer.page("outfit", model, title: detail.outfit.name, context: context, tab: .closet)
    }

    func newForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        var input = OutfitInput()
        input.itemIDs = request.uri.queryParameters.getAll("item").compactMap { UUID(text: $0) }
        return try await render(
            context, user: user, heading: "New outfit", action: "/closet/outfits/new", input: input,
            submitLabel: "Save outfit", cancelHref: "/closet/outfits")
    }

    func create(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let input = Self.input(from: try await FormData.from(request))
        do {
            let outfit = try await web.services.outfits.create(user: user, input: input)
            return Web.redirect("/closet/outfits/\(outfit.id.lowercasedString)?notice=created")
        } catch let error as ValidationError {
            return try await render(
                context, user: user, heading: "New outfit", action: "/closet/outfits/new", input: input,
                errors: FormErrors(error, aliases: Self.aliases), submitLabel: "Save outfit",
                cancelHref: "/closet/outfits")
        }
    }

    func editForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = outfitID(context), let outfit = try? await web.services.outfits.outfit(user: user, id: id)
        else { return notFound(context) }
        let path = "/closet/outfits/\(id.lowercasedString)"
        return try await render(
            context, user: user, heading: "Edit outfit", action: path + "/edit", input: OutfitInput(outfit),
            submitLabel: "Save", cancelHref: path)
    }

    func update(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = outfitID(context) else { return notFound(context) }
        let input = Self.input(from: try await FormData.from(request))
        let path = "/closet/outfits/\(id.lowercasedString)"
        do {
            _ = try await web.services.outfits.update(user: user, id: id, input: input)
            return Web.redirect(path + "?notice=saved")
        } catch is NotFound {
            return notFound(context)
        } catch let error as ValidationError {
            return try await render(
                context, user: user, heading: "Edit outfit", action: path + "/edit", input: input,
                errors: FormErrors(error, aliases: Self.aliases), submitLabel: "Save", cancelHref: path)
        }
    }

    struct FormModel {
        let heading: String
        let action: String
        let name: String
        let photos: [JournalFormModel.FormPhoto]
        let groups: [ItemPickerGroup]
        let hasItems: Bool
        let errors: [String: String]
        let formSummary: String?
        let submitLabel: String
        let cancelHref: String
    }

    static let aliases = ["itemIds": "items", "photoId": "photos"]

    private func render(
        _ context: AppRequestContext, user: User, heading: String, action: String, input: OutfitInput,
        errors: FormErrors = FormErrors(), submitLabel: String, cancelHref: String
    ) async throws -> Response {
        let groups = try await ItemPickerGroup.groups(web: web, user: user, chosen: input.itemIDs)
        let model = FormModel(
            heading: heading, action: action, name: input.name,
            photos: input.photoID.map {
                [
                    JournalFormModel.FormPhoto(
                        photoID: $0.lowercasedString, thumb: MediaPath.url($0, .small), alt: "The outfit's photo")
                ]
            } ?? [],
            groups: groups, hasItems: !groups.isEmpty, errors: errors.dictionary, formSummary: errors.summary,
            submitLabel: submitLabel, cancelHref: cancelHref)
        return web.renderer.page(
            "outfit_edit", model, title: heading, context: context, tab: .closet,
            status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    static func input(from form: FormData) -> OutfitInput {
        OutfitInput(name: form["name"], itemIDs: form.uuids("itemIds"), photoID: form.uuids("photoIds").first)
    }

    // MARK: Wear, delete

    func wearToday(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = outfitID(context), let outfit = try? await web.services.outfits.outfit(user: user, id: id)
        else { return notFound(context) }
        let today = web.services.days.today(for: user)
        _ = try await web.services.outfits.putDay(
            user: user, date: today, input: OutfitDayInput(status: .worn, outfitID: outfit.id))
        return Web.redirect("/closet/outfits/\(id.lowercasedString)?notice=worn")
    }

    func confirmDelete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = outfitID(context), let outfit = try? await web.services.outfits.outfit(user: user, id: id)
        else { return notFound(context) }
        return web.message(
            context, heading: "Delete “\(outfit.name)”?",
            message: "The items stay in your closet, and the days you wore it keep what you wore.",
            action: ("/closet/outfits/\(id.lowercasedString)", "Keep it"), tab: .closet, status: .ok,
            confirm: ("/closet/outfits/\(id.lowercasedString)/delete", "Delete the outfit"))
    }

    func delete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = outfitID(context) else { return notFound(context) }
        do {
            try await web.services.outfits.delete(user: user, id: id)
        } catch is NotFound {
            return notFound(context)
        }
        return Web.redirect("/closet/outfits?notice=deleted")
    }

    // MARK: Helpers

    private func itemsByID(_ user: User, _ ids: [UUID]) async throws -> [UUID: ClosetItem] {
        let items = try await web.services.store.closet.items(ids: Array(Set(ids)), userID: user.id)
        return Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    private func outfitID(_ context: AppRequestContext) -> UUID? {
        context.parameters.get("id").flatMap({ UUID(text: $0) })
    }

    private func notFound(_ context: AppRequestContext) -> Response {
        web.notFound(
            context, message: "There is no such outfit, or it isn't yours to see.",
            action: ("/closet/outfits", "Go to your outfits"))
    }
}

/// Items to tick, grouped by category: the outfit form and the calendar's day form. Chosen items
/// come first in their group, in the order chosen.
struct ItemPickerGroup {
    let name: String
    let items: [ItemCard]

    static func groups(web: Web, user: User, chosen: [UUID]) async throws -> [ItemPickerGroup] {
        async let categoriesResult = web.services.closet.categories(user: user)
        async let itemsResult = web.services.closet.items(user: user, query: ClosetItemQuery(sort: .name, limit: 200))
        let categories = try await categoriesResult
        var items = try await itemsResult.items
        // Chosen items that are archived (or past the first 200) still show, ticked.
        let missing = chosen.filter { id in !items.contains { $0.id == id } }
        if !missing.isEmpty { items += try await web.services.store.closet.items(ids: missing, userID: user.id) }
        let rank = Dictionary(chosen.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        return categories.compactMap { category in
            let inCategory = items.filter { $0.categoryID == category.id }
                .sorted { (rank[$0.id] ?? Int.max) < (rank[$1.id] ?? Int.max) }
            guard !inCategory.isEmpty else { return nil }
            return ItemPickerGroup(
                name: category.name,
                items: inCategory.map {
                    var card = ItemCard($0)
                    card.checked = rank[$0.id] != nil
                    return card
                })
        }
    }
}
