import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird

/// Managing the user's own feelings, activities and people from the profile (issue 3
/// "Vocabulary"): add, rename, re-emoji, archive and bring back. Archived words stay on old
/// entries but are no longer offered.
struct VocabularyPages: Sendable {
    let web: Web

    /// Which list a page manages.
    enum List: String, CaseIterable, Sendable {
        case feelings, activities, people

        var kind: VocabularyKind? {
            switch self {
            case .feelings: .feeling
            case .activities: .activity
            case .people: nil
            }
        }

        var title: String {
            switch self {
            case .feelings: "Feelings"
            case .activities: "Activities"
            case .people: "People"
            }
        }

        var singular: String {
            switch self {
            case .feelings: "feeling"
            case .activities: "activity"
            case .people: "person"
            }
        }

        var intro: String {
            switch self {
            case .feelings: "The feelings you pick from when you check in."
            case .activities: "What you did: offered on your day entries and check-ins."
            case .people: "The people you spend time with. You can also add someone while checking in."
            }
        }

        var path: String { "/profile/" + rawValue }
    }

    func add(to router: Router<AppRequestContext>) {
        for list in List.allCases {
            router.get(RouterPath(list.path)) { request, context in try await show(list, request, context) }
            router.post(RouterPath(list.path)) { request, context in try await create(list, request, context) }
            router.post(RouterPath(list.path + "/{id}")) { request, context in try await save(list, request, context) }
            router.post(RouterPath(list.path + "/{id}/archive")) { request, context in
                try await setArchived(list, true, request, context)
            }
            router.post(RouterPath(list.path + "/{id}/restore")) { request, context in
                try await setArchived(list, false, request, context)
            }
        }
    }

    struct Row {
        let id: String
        var name: String
        var emoji: String
        var errors: [String: String] = [:]
        var summary: String?
    }

    struct Model {
        let title: String
        let singular: String
        let intro: String
        let path: String
        let hasEmoji: Bool
        var active: [Row]
        var archived: [Row]
        var addName = ""
        var addEmoji = ""
        var addErrors: [String: String] = [:]
        var addSummary: String?
        var notice: String?
        var hasArchived: Bool
    }

    private func model(_ list: List, userID: UUID) async throws -> Model {
        var active: [Row] = []
        var archived: [Row] = []
        if let kind = list.kind {
            for item in try await web.services.vocabulary.items(userID: userID, kind: kind, includeArchived: true) {
                let row = Row(id: item.id.lowercasedString, name: item.name, emoji: item.emoji)
                if item.archived { archived.append(row) } else { active.append(row) }
            }
        } else {
            for person in try await web.services.vocabulary.people(userID: userID, includeArchived: true) {
                let row = Row(id: person.id.lowercasedString, name: person.name, emoji: "")
                if person.archived { archived.append(row) } else { active.append(row) }
            }
        }
        return Model(
            title: list.title, singular: list.singular, intro: list.intro, path: list.path, hasEmoji: list.kind != nil,
            active: active, archived: archived, hasArchived: !archived.isEmpty)
    }

    private func page(_ list: List, _ model: Model, _ context: AppRequestContext, status: HTTPResponse.Status = .ok)
        -> Response
    {
        web.renderer.page("vocabulary", model, title: list.title, context: context, tab: .profile, status: status)
    }

    func show(_ list: List, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        var model = try await model(list, userID: auth.user.id)
        model.notice =
            switch request.uri.queryParameters.get("notice") {
            case "added": "Added."
            case "saved": "Saved."
            case "archived": "Archived. It stays on your old entries."
            case "restored": "It's back in your lists."
            default: nil
            }
        return page(list, model, context)
    }

    func create(_ list: List, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        do {
            if let kind = list.kind {
                _ = try await web.services.vocabulary.add(
                    userID: auth.user.id, kind: kind, name: form["name"], emoji: form["emoji"])
            } else {
                _ = try await web.services.vocabulary.addPerson(userID: auth.user.id, name: form["name"])
            }
            return Web.redirect(list.path + "?notice=added")
        } catch let error as ValidationError {
            return try await addFailed(list, FormErrors(error), form, auth, context)
        } catch let error as FieldError {
            return try await addFailed(list, FormErrors(ValidationError([error])), form, auth, context)
        }
    }

    private func addFailed(
        _ list: List, _ errors: FormErrors, _ form: FormData, _ auth: Authenticated, _ context: AppRequestContext
    ) async throws -> Response {
        var model = try await model(list, userID: auth.user.id)
        model.addName = form["name"]
        model.addEmoji = form["emoji"]
        model.addErrors = errors.dictionary
        model.addSummary = errors.summary
        return page(list, model, context, status: .unprocessableContent)
    }

    func save(_ list: List, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else { return web.notFound(context) }
        let form = try await FormData.from(request)
        do {
            if let kind = list.kind {
                _ = try await web.services.vocabulary.change(
                    userID: auth.user.id, id: id, kind: kind, name: form["name"], emoji: form["emoji"])
            } else {
                _ = try await web.services.vocabulary.changePerson(userID: auth.user.id, id: id, name: form["name"])
            }
            return Web.redirect(list.path + "?notice=saved")
        } catch is NotFound {
            return web.notFound(context)
        } catch let error as ValidationError {
            return try await saveFailed(list, id, FormErrors(error), form, auth, context)
        } catch let error as FieldError {
            return try await saveFailed(list, id, FormErrors(ValidationError([error])), form, auth, context)
        }
    }

    private func saveFailed(
        _ list: List, _ id: UUID, _ errors: FormErrors, _ form: FormData, _ auth: Authenticated,
        _ context: AppRequestContext
    ) async throws -> Response {
        var model = try await model(list, userID: auth.user.id)
        let key = id.lowercasedString
        if let index = model.active.firstIndex(where: { $0.id == key }) {
            model.active[index].name = form["name"]
            model.active[index].emoji = form["emoji"]
            model.active[index].errors = errors.dictionary
            model.active[index].summary = errors.summary
        }
        return page(list, model, context, status: .unprocessableContent)
    }

    func setArchived(_ list: List, _ archived: Bool, _ request: Request, _ context: AppRequestContext) async throws
        -> Response
    {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else { return web.notFound(context) }
        do {
            if let kind = list.kind {
                _ = try await web.services.vocabulary.change(userID: auth.user.id, id: id, kind: kind, archived: archived)
            } else {
                _ = try await web.services.vocabulary.changePerson(userID: auth.user.id, id: id, archived: archived)
            }
        } catch is NotFound {
            return web.notFound(context)
        }
        return Web.redirect(list.path + "?notice=" + (archived ? "archived" : "restored"))
    }
}
