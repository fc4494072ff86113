import DaybookCore
import DaybookServices
import Foundation

/// Journal entries: the user's own, private or public, and everyone's public feed. Photos are
/// uploaded first (`POST /media`) and listed by id.
extension APIHandlers {
    func listJournal(_ input: Operations.listJournal.Input) async throws -> Operations.listJournal.Output {
        let auth = try authenticated()
        let limit = try pageLimit(input.query.limit)
        let page = try await services.journal.page(
            userID: auth.user.id, tag: input.query.tag, cursor: input.query.cursor, limit: limit)
        return .ok(
            .init(body: .json(.init(items: page.entries.map { .init($0) }, nextCursor: page.nextCursor))))
    }

    func createJournalEntry(_ input: Operations.createJournalEntry.Input) async throws
        -> Operations.createJournalEntry.Output
    {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let entryInput = try await journalInput(body, user: auth.user)
        let entry = try await services.journal.create(user: auth.user, input: entryInput)
        return .created(.init(body: .json(.init(entry))))
    }

    func listPublicJournal(_ input: Operations.listPublicJournal.Input) async throws
        -> Operations.listPublicJournal.Output
    {
        _ = try authenticated()
        let limit = try pageLimit(input.query.limit)
        let page = try await services.journal.publicPage(cursor: input.query.cursor, limit: limit)
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: page.entries.map { .init($0.entry, author: $0.author) }, nextCursor: page.nextCursor))))
    }

    func listFriendsJournal(_ input: Operations.listFriendsJournal.Input) async throws
        -> Operations.listFriendsJournal.Output
    {
        let user = try authenticated().user
        let limit = try pageLimit(input.query.limit)
        let page = try await services.journal.friendsPage(viewer: user, cursor: input.query.cursor, limit: limit)
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: page.entries.map { .init($0.entry, author: $0.author) }, nextCursor: page.nextCursor))))
    }

    func listJournalTags(_ input: Operations.listJournalTags.Input) async throws -> Operations.listJournalTags.Output {
        let auth = try authenticated()
        let tags = try await services.journal.tags(userID: auth.user.id)
        return .ok(.init(body: .json(.init(items: tags.map { .init(tag: $0.tag, count: $0.count) }))))
    }

    func getJournalEntry(_ input: Operations.getJournalEntry.Input) async throws -> Operations.getJournalEntry.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.entryId, "entryId")
        let readable = try await services.journal.entry(id: id, viewer: auth.user)
        return .ok(.init(body: .json(.init(readable.entry, author: readable.author))))
    }

    func updateJournalEntry(_ input: Operations.updateJournalEntry.Input) async throws
        -> Operations.updateJournalEntry.Output
    {
        let auth = try authenticated()
        let id = try pathID(input.path.entryId, "entryId")
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        // Another user's entry, public or not, is 404 before anything about the body is said.
        guard try await services.journal.entry(id: id, viewer: auth.user).viewerIsOwner else { throw NotFound() }
        let entryInput = try await journalInput(body, user: auth.user)
        let entry = try await services.journal.update(user: auth.user, id: id, input: entryInput)
        return .ok(.init(body: .json(.init(entry))))
    }

    func deleteJournalEntry(_ input: Operations.deleteJournalEntry.Input) async throws
        -> Operations.deleteJournalEntry.Output
    {
        let auth = try authenticated()
        let id = try pathID(input.path.entryId, "entryId")
        try await services.journal.delete(user: auth.user, id: id)
        return .noContent(.init())
    }

    // MARK: Helpers

    /// The body as the service takes it. When a photo id is not a UUID, every bad field is
    /// reported at once: those ids, whether the others are the user's, and what the rules say of
    /// the rest (the service checks all of this itself when the ids are well-formed).
    private func journalInput(_ body: Components.Schemas.JournalEntryInput, user: User) async throws
        -> JournalEntryInput
    {
        var ids = BodyIDs()
        let photoTexts = body.photoIds ?? []
        let photoIDs = ids.parse(photoTexts, field: "photoIds")
        let input = JournalEntryInput(
            title: body.title ?? "", body: body.body ?? "", tags: body.tags ?? [], location: body.location ?? "",
            photoIDs: photoIDs,
            visibility: body.visibility.map { JournalVisibility(rawValue: $0.rawValue) ?? .private }
                ?? (body.isPublic == true ? .public : .private))
        guard !ids.errors.isEmpty else { return input }

        var errors = ids.errors
        if !photoIDs.isEmpty {
            do {
                try await services.media.requireOwned(photoIDs, userID: user.id, field: "photoIds")
            } catch let error as ValidationError {
                for field in error.errors { errors.add(field) }
            }
        }
        // A malformed id still stands for a photo: the entry is not empty, and it counts toward the limit.
        var checked = input
        checked.photoIDs += photoTexts.filter { UUID(uuidString: $0) == nil }.map { _ in UUID() }
        errors.check { _ = try JournalRules.validate(checked, id: UUID(), userID: user.id, now: Date()) }
        throw ValidationError(errors.errors)
    }
}
