import DaybookCore
import DaybookServices
import Foundation

/// Outfits and the outfit calendar.
extension APIHandlers {
    func listOutfits(_ input: Operations.listOutfits.Input) async throws -> Operations.listOutfits.Output {
        let user = try authenticated().user
        let limit = try pageLimit(input.query.limit)
        let offset = try ClosetService.offset(input.query.cursor)
        let outfits = try await services.outfits.list(user: user, offset: offset, limit: limit + 1)
        let page = outfits.prefix(limit)
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: page.map { .init($0) }, nextCursor: outfits.count > limit ? String(offset + limit) : nil)
                )))
    }

    func createOutfit(_ input: Operations.createOutfit.Input) async throws -> Operations.createOutfit.Output {
        let user = try authenticated().user
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let outfit = try await services.outfits.create(user: user, input: try outfitInput(body, user: user))
        return .created(.init(body: .json(.init(outfit))))
    }

    func getOutfit(_ input: Operations.getOutfit.Input) async throws -> Operations.getOutfit.Output {
        let user = try authenticated().user
        let detail = try await services.outfits.detail(user: user, id: try pathID(input.path.outfitId, "outfitId"))
        return .ok(.init(body: .json(.init(detail.outfit, mood: detail.mood))))
    }

    func updateOutfit(_ input: Operations.updateOutfit.Input) async throws -> Operations.updateOutfit.Output {
        let user = try authenticated().user
        let id = try pathID(input.path.outfitId, "outfitId")
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        _ = try await services.outfits.outfit(user: user, id: id)
        let outfit = try await services.outfits.update(user: user, id: id, input: try outfitInput(body, user: user))
        return .ok(.init(body: .json(.init(outfit))))
    }

    func deleteOutfit(_ input: Operations.deleteOutfit.Input) async throws -> Operations.deleteOutfit.Output {
        let user = try authenticated().user
        try await services.outfits.delete(user: user, id: try pathID(input.path.outfitId, "outfitId"))
        return .noContent(.init())
    }

    // MARK: Calendar

    func listOutfitDays(_ input: Operations.listOutfitDays.Input) async throws -> Operations.listOutfitDays.Output {
        let user = try authenticated().user
        var errors = FieldErrors()
        let from = errors.check { try localDate(input.query.from, "from") }
        let to = errors.check { try localDate(input.query.to, "to") }
        try errors.throwIfAny()
        let days = try await services.outfits.days(user: user, from: from!, to: to!)
        let today = services.days.today(for: user)
        return .ok(.init(body: .json(.init(items: days.map { .init($0, today: today) }))))
    }

    func getOutfitDay(_ input: Operations.getOutfitDay.Input) async throws -> Operations.getOutfitDay.Output {
        let user = try authenticated().user
        let date = try ValidationError.single { try localDate(input.path.date, "date") }
        guard let day = try await services.outfits.day(user: user, date: date) else { throw NotFound() }
        return .ok(.init(body: .json(.init(day, today: services.days.today(for: user)))))
    }

    func putOutfitDay(_ input: Operations.putOutfitDay.Input) async throws -> Operations.putOutfitDay.Output {
        let user = try authenticated().user
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        var ids = BodyIDs()
        let date = ids.errors.check { try localDate(input.path.date, "date") }
        let outfitID = body.outfitId.flatMap { ids.parse($0, field: "outfitId") }
        let itemIDs = ids.parse(body.itemIds ?? [], field: "itemIds")
        try ids.errors.throwIfAny()
        let dayInput = OutfitDayInput(
            status: body.status.map { $0 == .worn ? .worn : .planned }, outfitID: outfitID, itemIDs: itemIDs,
            note: body.note ?? "")
        let day = try await services.outfits.putDay(user: user, date: date!, input: dayInput)
        return .ok(.init(body: .json(.init(day, today: services.days.today(for: user)))))
    }

    func deleteOutfitDay(_ input: Operations.deleteOutfitDay.Input) async throws -> Operations.deleteOutfitDay.Output {
        let user = try authenticated().user
        let date = try ValidationError.single { try localDate(input.path.date, "date") }
        try await services.outfits.deleteDay(user: user, date: date)
        return .noContent(.init())
    }

    // MARK: Helpers

    private func outfitInput(_ body: Components.Schemas.OutfitInput, user: User) throws -> OutfitInput {
        var ids = BodyIDs()
        let itemIDs = ids.parse(body.itemIds, field: "itemIds")
        let photoID = body.photoId.flatMap { ids.parse($0, field: "photoId") }
        let input = OutfitInput(name: body.name, itemIDs: itemIDs, photoID: photoID)
        guard !ids.errors.isEmpty else { return input }
        var errors = ids.errors
        var checked = input
        checked.itemIDs += body.itemIds.filter { UUID(text: $0) == nil }.map { _ in UUID() }
        errors.check { _ = try ClosetRules.validate(checked, id: UUID(), userID: user.id, now: Date()) }
        throw ValidationError(errors.errors)
    }
}

extension ValidationError {
    /// Runs a check that throws one `FieldError`, as a `ValidationError`.
    static func single<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as FieldError {
            throw ValidationError([error])
        }
    }
}
