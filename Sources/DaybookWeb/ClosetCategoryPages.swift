import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird

/// The closet's categories (seed 004 5.2.1.5): add, rename, move up and down, delete an empty one.
/// One small form per action, so every change works without JavaScript.
struct ClosetCategoryPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/closet/categories") { request, context in try await list(request, context) }
        router.post("/closet/categories") { request, context in try await create(request, context) }
        router.post("/closet/categories/{id}/rename") { request, context in try await rename(request, context) }
        router.post("/closet/categories/{id}/move") { request, context in try await move(request, context) }
        router.post("/closet/categories/{id}/delete") { request, context in try await delete(request, context) }
    }

    struct Row {
        let id: String
        let name: String
        let countText: String
        let canDelete: Bool
        let first: Bool
        let last: Bool
        let error: String?
    }

    struct Model {
        let rows: [Row]
        let newName: String
        let newError: String?
        let notice: String?
    }

    func list(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "added": "Category added."
            case "renamed": "Renamed."
            case "deleted": "Category deleted."
            default: nil
            }
        return try await render(context, user: user, notice: notice)
    }

    func create(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let name = try await FormData.from(request)["name"]
        do {
            _ = try await web.services.closet.addCategory(user: user, name: name)
            return Web.redirect("/closet/categories?notice=added")
        } catch let error as ValidationError {
            return try await render(
                context, user: user, newName: name, newError: error.errors.first?.message,
                status: .unprocessableContent)
        }
    }

    func rename(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = categoryID(context) else { return notFound(context) }
        let name = try await FormData.from(request)["name"]
        do {
            _ = try await web.services.closet.renameCategory(user: user, id: id, name: name)
            return Web.redirect("/closet/categories?notice=renamed")
        } catch is NotFound {
            return notFound(context)
        } catch let error as ValidationError {
            return try await render(
                context, user: user, rowError: (id, name, error.errors.first?.message ?? "Check the name."),
                status: .unprocessableContent)
        }
    }

    func move(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = categoryID(context) else { return notFound(context) }
        let direction = try await FormData.from(request)["direction"] == "up" ? -1 : 1
        do {
            try await web.services.closet.moveCategory(user: user, id: id, by: direction)
        } catch is NotFound {
            return notFound(context)
        }
        return Web.redirect("/closet/categories#category-\(id.lowercasedString)")
    }

    func delete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let id = categoryID(context) else { return notFound(context) }
        do {
            try await web.services.closet.deleteCategory(user: user, id: id)
            return Web.redirect("/closet/categories?notice=deleted")
        } catch is NotFound {
            return notFound(context)
        } catch let error as ValidationError {
            return try await render(
                context, user: user, rowError: (id, nil, error.errors.first?.message ?? "It cannot be deleted."),
                status: .unprocessableContent)
        }
    }

    private func render(
        _ context: AppRequestContext, user: User, notice: String? = nil, newName: String = "",
        newError: String? = nil, rowError: (id: UUID, name: String?, message: String)? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        async let categoriesResult = web.services.closet.categories(user: user)
        async let countsResult = web.services.closet.itemCounts(user: user)
        let categories = try await categoriesResult
        let counts = try await countsResult
        let rows = categories.enumerated().map { index, category in
            let failed = rowError?.id == category.id
            return Row(
                id: category.id.lowercasedString, name: failed ? (rowError?.name ?? category.name) : category.name,
                countText: Self.items(counts[category.id] ?? 0), canDelete: counts[category.id] == nil,
                first: index == 0,
                last: index == categories.count - 1, error: failed ? rowError?.message : nil)
        }
        return web.renderer.page(
            "closet_categories", Model(rows: rows, newName: newName, newError: newError, notice: notice),
            title: "Categories", context: context, tab: .closet, status: status)
    }

    static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

    private func categoryID(_ context: AppRequestContext) -> UUID? {
        context.parameters.get("id").flatMap({ UUID(text: $0) })
    }

    private func notFound(_ context: AppRequestContext) -> Response {
        web.notFound(
            context, message: "There is no such category of yours.", action: ("/closet/categories", "Categories"))
    }
}
