import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

/// The closet: items, categories, tags and colour suggestions. Photos are uploaded first
/// (`POST /media`) and named by id.
extension APIHandlers {
    func listClosetItems(_ input: Operations.listClosetItems.Input) async throws -> Operations.listClosetItems.Output {
        let user = try authenticated().user
        let limit = try pageLimit(input.query.limit)
        var query = input.query.idle == true ? services.closet.idleQuery(user: user) : ClosetItemQuery()
        if let text = input.query.category, !text.isEmpty {
            guard let id = UUID(text: text),
                try await services.closet.categories(user: user).contains(where: { $0.id == id })
            else {
                throw ValidationError([
                    FieldError(
                        field: "category", code: UUID(text: text) == nil ? "invalid" : "unknown",
                        message: "You have no such category.")
                ])
            }
            query.categoryID = id
        }
        let rawTags = input.query.tag ?? []
        if (input.query.q ?? "").count > 500 {
            throw ValidationError([
                FieldError(field: "q", code: "too_long", message: "Search with at most 500 characters.")
            ])
        }
        if rawTags.count > 20 {
            throw ValidationError([FieldError(field: "tag", code: "too_many", message: "Give at most 20 tags.")])
        }
        if let bad = rawTags.first(where: { ClosetRules.tag($0) == nil }) {
            throw ValidationError([
                FieldError(field: "tag", code: "invalid", message: "“\(bad.prefix(40))” cannot be a tag.")
            ])
        }
        let text = input.query.q ?? ""
        // Which words are tags is asked only when there are words.
        let known = text.isEmpty ? [] : try await services.closet.knownTags(user: user)
        let search = ClosetSearch.parse(text, extraTags: rawTags, knownTags: known)
        query.tags = search.tags
        query.words = search.words
        query.archived = input.query.archived ?? false
        if let sort = input.query.sort { query.sort = ClosetItemQuery.Sort(rawValue: sort.rawValue) ?? .newest }
        query.limit = limit
        let page = try await services.closet.items(user: user, query: query, cursor: input.query.cursor)
        return .ok(.init(body: .json(.init(items: page.items.map { .init($0) }, nextCursor: page.nextCursor))))
    }

    func createClosetItem(_ input: Operations.createClosetItem.Input) async throws -> Operations.createClosetItem.Output
    {
        let user = try authenticated().user
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let item = try await services.closet.createItem(user: user, input: try itemInput(body, user: user))
        return .created(.init(body: .json(.init(item))))
    }

    func getClosetItem(_ input: Operations.getClosetItem.Input) async throws -> Operations.getClosetItem.Output {
        let user = try authenticated().user
        let detail = try await services.closet.itemDetail(user: user, id: try pathID(input.path.itemId, "itemId"))
        return .ok(.init(body: .json(.init(detail.item, mood: detail.mood))))
    }

    func updateClosetItem(_ input: Operations.updateClosetItem.Input) async throws -> Operations.updateClosetItem.Output
    {
        let user = try authenticated().user
        let id = try pathID(input.path.itemId, "itemId")
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        // Another user's item is 404 before anything about the body is said.
        _ = try await services.closet.item(user: user, id: id)
        let item = try await services.closet.updateItem(user: user, id: id, input: try itemInput(body, user: user))
        return .ok(.init(body: .json(.init(item))))
    }

    func deleteClosetItem(_ input: Operations.deleteClosetItem.Input) async throws -> Operations.deleteClosetItem.Output
    {
        let user = try authenticated().user
        try await services.closet.deleteItem(user: user, id: try pathID(input.path.itemId, "itemId"))
        return .noContent(.init())
    }

    func archiveClosetItem(_ input: Operations.archiveClosetItem.Input) async throws
        -> Operations.archiveClosetItem.Output
    {
        let user = try authenticated().user
        let id = try pathID(input.path.itemId, "itemId")
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let reason = body.reason.flatMap { ArchiveReason(rawValue: $0.rawValue) }
        let item = try await services.closet.archiveItem(user: user, id: id, reason: reason)
        return .ok(.init(body: .json(.init(item))))
    }

    // MARK: Categories

    func listClosetCategories(_ input: Operations.listClosetCategories.Input) async throws
        -> Operations.listClosetCategories.Output
    {
        let user = try authenticated().user
        return .ok(.init(body: .json(try await categoryList(user))))
    }

    func createClosetCategory(_ input: Operations.createClosetCategory.Input) async throws
        -> Operations.createClosetCategory.Output
    {
        let user = try authenticated().user
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let category = try await services.closet.addCategory(user: user, name: body.name)
        return .created(.init(body: .json(.init(category, count: 0))))
    }

    func reorderClosetCategories(_ input: Operations.reorderClosetCategories.Input) async throws
        -> Operations.reorderClosetCategories.Output
    {
        let user = try authenticated().user
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        var ids = BodyIDs()
        let parsed = ids.parse(body.ids, field: "ids")
        try ids.errors.throwIfAny()
        _ = try await services.closet.reorderCategories(user: user, ids: parsed)
        return .ok(.init(body: .json(try await categoryList(user))))
    }

    func renameClosetCategory(_ input: Operations.renameClosetCategory.Input) async throws
        -> Operations.renameClosetCategory.Output
    {
        let user = try authenticated().user
        let id = try pathID(input.path.categoryId, "categoryId")
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        guard try await services.closet.categories(user: user).contains(where: { $0.id == id }) else {
            throw NotFound()
        }
        let category = try await services.closet.renameCategory(user: user, id: id, name: body.name)
        let count = try await services.closet.itemCounts(user: user)[id] ?? 0
        return .ok(.init(body: .json(.init(category, count: count))))
    }

    func deleteClosetCategory(_ input: Operations.deleteClosetCategory.Input) async throws
        -> Operations.deleteClosetCategory.Output
    {
        let user = try authenticated().user
        try await services.closet.deleteCategory(user: user, id: try pathID(input.path.categoryId, "categoryId"))
        return .noContent(.init())
    }

    // MARK: Tags and colours

    func listClosetTags(_ input: Operations.listClosetTags.Input) async throws -> Operations.listClosetTags.Output {
        let user = try authenticated().user
        let tags = try await services.closet.tags(user: user)
        return .ok(
            .init(
                body: .json(
                    .init(
                        groups: tags.groups.map { .init(name: $0.name, keywords: $0.keywords) },
                        colors: ClosetKeywords.colors, seasons: ClosetKeywords.seasons,
                        own: tags.own.map { .init(tag: $0.tag, count: $0.count) }))))
    }

    func suggestClosetColors(_ input: Operations.suggestClosetColors.Input) async throws
        -> Operations.suggestClosetColors.Output
    {
        let user = try authenticated().user
        guard let id = UUID(text: input.query.photoId) else {
            throw APIProblem.malformed(
                "“photoId” must be an id (a UUID).",
                errors: [FieldError(field: "photoId", code: "invalid", message: "This is not an id (a UUID).")])
        }
        let colors = try await services.closet.suggestedColors(user: user, photoID: id)
        return .ok(.init(body: .json(.init(colors: colors))))
    }

    // MARK: Helpers

    private func categoryList(_ user: User) async throws -> Components.Schemas.ClosetCategoryList {
        async let categories = services.closet.categories(user: user)
        async let counts = services.closet.itemCounts(user: user)
        let known = try await counts
        return .init(items: try await categories.map { .init($0, count: known[$0.id] ?? 0) })
    }

    /// The body as the service takes it; malformed ids are reported with every other bad field.
    private func itemInput(_ body: Components.Schemas.ClosetItemInput, user: User) throws -> ClosetItemInput {
        var ids = BodyIDs()
        let categoryID = ids.parse(body.categoryId, field: "categoryId")
        let photoID = body.photoId.flatMap { ids.parse($0, field: "photoId") }
        let input = ClosetItemInput(
            name: body.name, categoryID: categoryID, tags: body.tags ?? [], colors: body.colors ?? [],
            photoID: photoID, brand: body.brand ?? "", size: body.size ?? "", season: body.season ?? "",
            purchaseDate: body.purchaseDate ?? "", price: body.price.map(ClosetRules.priceText(amount:)) ?? "",
            notes: body.notes ?? "")
        guard !ids.errors.isEmpty else { return input }
        var errors = ids.errors
        var checked = input
        checked.categoryID = checked.categoryID ?? UUID()
        errors.check {
            _ = try ClosetRules.validate(
                checked, id: UUID(), userID: user.id, today: LocalDate.today(in: user.zone), now: Date())
        }
        throw ValidationError(errors.errors)
    }
}
