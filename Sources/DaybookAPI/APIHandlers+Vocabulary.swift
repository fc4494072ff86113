import DaybookCore
import DaybookServices
import Foundation

/// The user's feelings, activities and people. Deleting archives: old entries keep their words.
extension APIHandlers {
    // MARK: Feelings

    func listFeelings(_ input: Operations.listFeelings.Input) async throws -> Operations.listFeelings.Output {
        .ok(.init(body: .json(try await words(.feeling, includeArchived: input.query.includeArchived))))
    }

    func createFeeling(_ input: Operations.createFeeling.Input) async throws -> Operations.createFeeling.Output {
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        return .created(.init(body: .json(try await addWord(.feeling, body))))
    }

    func updateFeeling(_ input: Operations.updateFeeling.Input) async throws -> Operations.updateFeeling.Output {
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        return .ok(.init(body: .json(try await changeWord(.feeling, id: input.path.feelingId, "feelingId", body))))
    }

    func deleteFeeling(_ input: Operations.deleteFeeling.Input) async throws -> Operations.deleteFeeling.Output {
        try await archiveWord(.feeling, id: input.path.feelingId, "feelingId")
        return .noContent(.init())
    }

    // MARK: Activities

    func listActivities(_ input: Operations.listActivities.Input) async throws -> Operations.listActivities.Output {
        .ok(.init(body: .json(try await words(.activity, includeArchived: input.query.includeArchived))))
    }

    func createActivity(_ input: Operations.createActivity.Input) async throws -> Operations.createActivity.Output {
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        return .created(.init(body: .json(try await addWord(.activity, body))))
    }

    func updateActivity(_ input: Operations.updateActivity.Input) async throws -> Operations.updateActivity.Output {
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        return .ok(.init(body: .json(try await changeWord(.activity, id: input.path.activityId, "activityId", body))))
    }

    func deleteActivity(_ input: Operations.deleteActivity.Input) async throws -> Operations.deleteActivity.Output {
        try await archiveWord(.activity, id: input.path.activityId, "activityId")
        return .noContent(.init())
    }

    // MARK: People

    func listPeople(_ input: Operations.listPeople.Input) async throws -> Operations.listPeople.Output {
        let auth = try authenticated()
        let people = try await services.vocabulary.people(
            userID: auth.user.id, includeArchived: input.query.includeArchived ?? false)
        return .ok(.init(body: .json(.init(items: people.map(Components.Schemas.Person.init)))))
    }

    func createPerson(_ input: Operations.createPerson.Input) async throws -> Operations.createPerson.Output {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let known = Set(try await services.vocabulary.people(userID: auth.user.id, includeArchived: true).map(\.id))
        let person = try await services.vocabulary.addPerson(userID: auth.user.id, name: body.name)
        let output = Components.Schemas.Person(person)
        return known.contains(person.id) ? .ok(.init(body: .json(output))) : .created(.init(body: .json(output)))
    }

    func updatePerson(_ input: Operations.updatePerson.Input) async throws -> Operations.updatePerson.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.personId, "personId")
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let person = try await services.vocabulary.changePerson(
            userID: auth.user.id, id: id, name: body.name, archived: body.archived)
        return .ok(.init(body: .json(.init(person))))
    }

    func deletePerson(_ input: Operations.deletePerson.Input) async throws -> Operations.deletePerson.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.personId, "personId")
        _ = try await services.vocabulary.changePerson(userID: auth.user.id, id: id, archived: true)
        return .noContent(.init())
    }

    // MARK: Feelings and activities alike

    private func words(_ kind: VocabularyKind, includeArchived: Bool?) async throws -> Components.Schemas.VocabularyList {
        let auth = try authenticated()
        let items = try await services.vocabulary.items(
            userID: auth.user.id, kind: kind, includeArchived: includeArchived ?? false)
        return .init(items: items.map(Components.Schemas.VocabularyItem.init))
    }

    private func addWord(_ kind: VocabularyKind, _ body: Components.Schemas.VocabularyInput) async throws
        -> Components.Schemas.VocabularyItem
    {
        let auth = try authenticated()
        return .init(try await services.vocabulary.add(userID: auth.user.id, kind: kind, name: body.name, emoji: body.emoji))
    }

    private func changeWord(
        _ kind: VocabularyKind, id text: String, _ parameter: String, _ body: Components.Schemas.VocabularyPatch
    ) async throws -> Components.Schemas.VocabularyItem {
        let auth = try authenticated()
        let id = try pathID(text, parameter)
        return .init(
            try await services.vocabulary.change(
                userID: auth.user.id, id: id, kind: kind, name: body.name, emoji: body.emoji, archived: body.archived))
    }

    private func archiveWord(_ kind: VocabularyKind, id text: String, _ parameter: String) async throws {
        let auth = try authenticated()
        let id = try pathID(text, parameter)
        _ = try await services.vocabulary.change(userID: auth.user.id, id: id, kind: kind, archived: true)
    }
}
