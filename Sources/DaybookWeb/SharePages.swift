import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

/// Sharing clothes with friends (seed 004 5.2.1.9): the Share form from an item or outfit page,
/// "Shared with me" and "Shared by me" (withdraw), and read-only pages of what a friend shared.
/// Anything not shared with the viewer is the same "not found" page.
struct SharePages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/shared") { request, context in try await list(request, context) }
        router.get("/shared/new") { request, context in try await newForm(request, context) }
        router.post("/shared/new") { request, context in try await create(request, context) }
        router.post("/shared/{id}/withdraw") { request, context in try await withdraw(request, context) }
        router.post("/shared/{id}/reaction") { request, context in try await react(request, context) }
        router.get("/shared/items/{id}") { request, context in try await item(request, context) }
        router.get("/shared/outfits/{id}") { request, context in try await outfit(request, context) }
    }

    struct Card {
        let id: String
        let href: String
        let name: String
        let thumb: String?
        let person: String
        let username: String
        let message: String?
        let when: String
        let reaction: String?
        /// The reactions offered on a share received, the chosen one marked.
        let reactions: [Reaction]
    }

    struct Reaction {
        let emoji: String
        let chosen: Bool
    }

    static func card(_ thing: SharedThing, received: Bool, zone: TimeZone) -> Card {
        let target = thing.share.targetID.lowercasedString
        let person = thing.person.displayName.isEmpty ? thing.person.username : thing.person.displayName
        return Card(
            id: thing.share.id.lowercasedString,
            href: received
                ? "/shared/\(thing.share.kind == .item ? "items" : "outfits")/\(target)"
                : "/closet/\(thing.share.kind == .item ? "items" : "outfits")/\(target)",
            name: thing.name, thumb: thing.photoID.map { MediaPath.url($0, .small) }, person: person,
            username: thing.person.username, message: thing.share.message.nonEmpty,
            when: DateText.dateTime(thing.share.createdAt, in: zone), reaction: thing.share.reaction,
            reactions: received
                ? ShareRules.suggestedReactions.map { Reaction(emoji: $0, chosen: $0 == thing.share.reaction) } : [])
    }

    func list(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        async let receivedResult = web.services.shares.received(user: user)
        async let sentResult = web.services.shares.sent(user: user)
        let received = try await receivedResult.map { Self.card($0, received: true, zone: user.zone) }
        let sent = try await sentResult.map { Self.card($0, received: false, zone: user.zone) }
        struct Model {
            let received: [Card]
            let sent: [Card]
            let hasReceived: Bool
            let hasSent: Bool
            let notice: String?
        }
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "shared": "Shared. Your friends have been told."
            case "withdrawn": "Withdrawn: they no longer see it."
            case "reacted": "Reaction sent."
            default: nil
            }
        return web.renderer.page(
            "shared",
            Model(
                received: received, sent: sent, hasReceived: !received.isEmpty, hasSent: !sent.isEmpty,
                notice: notice), title: "Shared", context: context, tab: .closet)
    }

    struct FormModel {
        let things: [Thing]
        let friends: [FriendChoice]
        let hasFriends: Bool
        let message: String
        let errors: [String: String]
        let formSummary: String?
        let backHref: String

        struct Thing {
            let field: String
            let id: String
            let name: String
        }

        struct FriendChoice {
            let name: String
            let username: String
            let checked: Bool
        }
    }

    func newForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let query = FormData(urlEncoded: request.uri.query ?? "")
        return try await render(
            context, user: user, items: query.uuids("item"), outfits: query.uuids("outfit"), recipients: [], message: ""
        )
    }

    func create(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        let items = form.uuids("itemIds")
        let outfits = form.uuids("outfitIds")
        let recipients = form.all("recipients")
        do {
            _ = try await web.services.shares.share(
                user: user, itemIDs: items, outfitIDs: outfits, recipients: recipients, message: form["message"])
            return Web.redirect("/shared?notice=shared")
        } catch let error as ValidationError {
            return try await render(
                context, user: user, items: items, outfits: outfits, recipients: recipients, message: form["message"],
                errors: FormErrors(
                    error, aliases: ["recipients": "friends", "itemIds": "things", "outfitId": "things"]))
        }
    }

    private func render(
        _ context: AppRequestContext, user: User, items: [UUID], outfits: [UUID], recipients chosen: [String],
        message: String, errors: FormErrors = FormErrors()
    ) async throws -> Response {
        var things = try await web.services.store.closet.items(ids: items, userID: user.id).map {
            FormModel.Thing(field: "itemIds", id: $0.id.lowercasedString, name: $0.name)
        }
        for id in outfits {
            if let outfit = try? await web.services.outfits.outfit(user: user, id: id) {
                things.append(FormModel.Thing(field: "outfitIds", id: id.lowercasedString, name: outfit.name))
            }
        }
        guard !things.isEmpty else {
            return web.notFound(context, message: "Choose something of yours to share.", action: ("/closet", "Closet"))
        }
        let friends = try await web.services.friends.lists(user: user).friends.map {
            FormModel.FriendChoice(
                name: $0.user.displayName, username: $0.user.username, checked: chosen.contains($0.user.username))
        }
        let back =
            things.first.map { "/closet/\($0.field == "itemIds" ? "items" : "outfits")/\($0.id)" } ?? "/closet"
        let model = FormModel(
            things: things, friends: friends, hasFriends: !friends.isEmpty, message: message,
            errors: errors.dictionary, formSummary: errors.summary, backHref: back)
        return web.renderer.page(
            "share_form", model, title: "Share", context: context, tab: .closet,
            status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    func withdraw(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }),
            (try? await web.services.shares.withdraw(user: user, id: id)) != nil
        else {
            return web.notFound(context, message: "There is no such share of yours.", action: ("/shared", "Shared"))
        }
        return Web.redirect("/shared?notice=withdrawn")
    }

    /// The friend's reaction to a share they received (the same emoji again takes it back).
    func react(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }),
            let current = try? await web.services.shares.share(viewer: user, id: id)
        else { return notShared(context) }
        let emoji = form["emoji"]
        do {
            _ = try await web.services.shares.react(
                user: user, id: id, emoji: emoji == current.share.reaction ? nil : emoji)
        } catch is NotFound {
            return notShared(context)
        } catch is ValidationError {
            return Web.redirect("/shared")
        }
        return Web.redirect("/shared?notice=reacted")
    }

    // MARK: What a friend shared

    func item(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }),
            let shared = try? await web.services.shares.sharedItem(viewer: user, id: id)
        else { return notShared(context) }
        struct Model {
            let item: ItemDetailView
            let owner: String
            let ownerUsername: String
        }
        let detail = ClosetItemDetail(item: shared.item, category: nil, outfits: [], mood: nil)
        return web.renderer.page(
            "shared_item",
            Model(
                item: ItemDetailView(detail, suggestions: []), owner: shared.owner.displayName,
                ownerUsername: shared.owner.username), title: shared.item.name, context: context, tab: .closet)
    }

    func outfit(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }),
            let shared = try? await web.services.shares.sharedOutfit(viewer: user, id: id)
        else { return notShared(context) }
        struct Model {
            let name: String
            let photo: String?
            let items: [ItemCard]
            let owner: String
            let ownerUsername: String
        }
        let items = shared.items.map { item -> ItemCard in
            var card = ItemCard(item)
            card.href = "/shared/items/\(card.id)"
            return card
        }
        return web.renderer.page(
            "shared_outfit",
            Model(
                name: shared.outfit.name, photo: shared.outfit.photoID.map { MediaPath.url($0, .large) }, items: items,
                owner: shared.owner.displayName, ownerUsername: shared.owner.username),
            title: shared.outfit.name, context: context, tab: .closet)
    }

    private func notShared(_ context: AppRequestContext) -> Response {
        web.notFound(context, message: "Nothing like that was shared with you.", action: ("/shared", "Shared with me"))
    }
}
