import DaybookCore
import DaybookServices
import Foundation

/// Quick mood logs, many a day.
extension APIHandlers {
    func createCheckin(_ input: Operations.createCheckin.Input) async throws -> Operations.createCheckin.Output {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }

        var ids = BodyIDs()
        let feeling = ids.parse(body.feelingId, field: "feelingId")
        let activity = body.activityId.flatMap { ids.parse($0, field: "activityId") }
        let personTexts = body.personIds ?? []
        let people = ids.parse(personTexts, field: "personIds")
        let lookup = try await services.vocabulary.lookup(
            userID: auth.user.id, itemIDs: [feeling, activity].compactMap { $0 }, personIDs: people)
        checkOwnership(&ids, feeling: feeling, activity: activity, personTexts: personTexts, lookup: lookup)
        let checkinInput = CheckinInput(
            at: body.at, feelingID: feeling, activityID: activity, personIDs: people, note: body.note ?? "")
        try throwAll(ids, user: auth.user, input: checkinInput)

        let checkin = try await services.checkins.create(user: auth.user, input: checkinInput)
        return .created(.init(body: .json(.init(checkin, lookup: lookup))))
    }

    func listCheckins(_ input: Operations.listCheckins.Input) async throws -> Operations.listCheckins.Output {
        let auth = try authenticated()
        let limit = try pageLimit(input.query.limit)
        var errors = FieldErrors()
        let from = input.query.from.flatMap { text in errors.check { try localDate(text, "from") } }
        let to = input.query.to.flatMap { text in errors.check { try localDate(text, "to") } }
        try errors.throwIfAny()
        let page = try await services.checkins.page(
            userID: auth.user.id, from: from, to: to, cursor: input.query.cursor, limit: limit)
        let lookup = try await services.vocabulary.lookup(userID: auth.user.id, checkins: page.items)
        return .ok(
            .init(body: .json(.init(items: page.items.map { .init($0, lookup: lookup) }, nextCursor: page.nextCursor))))
    }

    func getCheckin(_ input: Operations.getCheckin.Input) async throws -> Operations.getCheckin.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.checkinId, "checkinId")
        let checkin = try await services.checkins.checkin(userID: auth.user.id, id: id)
        let lookup = try await services.vocabulary.lookup(userID: auth.user.id, checkins: [checkin])
        return .ok(.init(body: .json(.init(checkin, lookup: lookup))))
    }

    func updateCheckin(_ input: Operations.updateCheckin.Input) async throws -> Operations.updateCheckin.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.checkinId, "checkinId")
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        // Another user's check-in is 404 before anything about the body is said.
        let old = try await services.checkins.checkin(userID: auth.user.id, id: id)

        var ids = BodyIDs()
        let feeling = body.feelingId.flatMap { ids.parse($0, field: "feelingId") }
        let activity = body.activityId.flatMap { ids.parse($0, field: "activityId") }
        let people = body.personIds.map { ids.parse($0, field: "personIds") }
        // The old check-in's words too: the answer shows whichever the patch leaves in place.
        let lookup = try await services.vocabulary.lookup(
            userID: auth.user.id, itemIDs: [feeling, activity, old.feelingID, old.activityID].compactMap { $0 },
            personIDs: (people ?? []) + old.personIDs)
        checkOwnership(&ids, feeling: feeling, activity: activity, personTexts: body.personIds ?? [], lookup: lookup)
        let clear = body.clearActivity == true
        if clear, body.activityId != nil {
            ids.errors.add(
                "clearActivity", "conflict",
                "Either set an activity with “activityId” or remove it with “clearActivity”, not both.")
        }
        let patch = CheckinPatch(
            at: body.at, feelingID: feeling, activityID: clear ? .some(nil) : activity.map { .some($0) },
            personIDs: people, note: body.note)
        var merged = CheckinInput(old)
        if let at = patch.at { merged.at = at }
        if let feeling = patch.feelingID { merged.feelingID = feeling }
        if let activity = patch.activityID { merged.activityID = activity }
        if let people = patch.personIDs { merged.personIDs = people }
        if let note = patch.note { merged.note = note }
        try throwAll(ids, user: auth.user, input: merged)

        let checkin = try await services.checkins.update(user: auth.user, id: id, patch: patch)
        return .ok(.init(body: .json(.init(checkin, lookup: lookup))))
    }

    func deleteCheckin(_ input: Operations.deleteCheckin.Input) async throws -> Operations.deleteCheckin.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.checkinId, "checkinId")
        try await services.checkins.delete(userID: auth.user.id, id: id)
        return .noContent(.init())
    }

    // MARK: Helpers

    /// Records ids that are not the user's own feeling, activity or people, each under its field.
    private func checkOwnership(
        _ ids: inout BodyIDs, feeling: UUID?, activity: UUID?, personTexts: [String], lookup: VocabularyLookup
    ) {
        if let feeling { ids.requireKnown([(feeling, "feelingId")], kind: .feeling, in: lookup, what: "feeling") }
        if let activity { ids.requireKnown([(activity, "activityId")], kind: .activity, in: lookup, what: "activity") }
        ids.requireKnownPeople(BodyIDs.indexed(personTexts, field: "personIds"), in: lookup)
    }

    /// When an id was bad, reports it together with whatever the rules say of the other fields.
    private func throwAll(_ ids: BodyIDs, user: User, input: CheckinInput) throws {
        guard !ids.errors.isEmpty else { return }
        var errors = ids.errors
        var checked = input
        // A malformed feeling id is already reported; do not also call it missing.
        if checked.feelingID == nil, errors.errors.contains(where: { $0.field == "feelingId" }) {
            checked.feelingID = UUID()
        }
        errors.check { _ = try CheckinRules.validate(checked, userID: user.id, zone: user.zone, now: Date()) }
        throw ValidationError(errors.errors)
    }
}
