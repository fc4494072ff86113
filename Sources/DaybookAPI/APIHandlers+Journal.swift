import DaybookCore
import DaybookServices
import DaybookStorage
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

    func renameJournalTag(_ input: Operations.renameJournalTag.Input) async throws
        -> Operations.renameJournalTag.Output
    {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        try await services.journal.renameTag(user: auth.user, tag: input.path.tag, to: body.name)
        return .ok(.init(body: .json(try await tag(JournalRules.tag(body.name), of: auth.user))))
    }

    func mergeJournalTags(_ input: Operations.mergeJournalTags.Input) async throws
        -> Operations.mergeJournalTags.Output
    {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        try await services.journal.mergeTag(user: auth.user, tag: body.tag, into: body.into)
        return .ok(.init(body: .json(try await tag(JournalRules.tag(body.into), of: auth.user))))
    }

    func deleteJournalTag(_ input: Operations.deleteJournalTag.Input) async throws
        -> Operations.deleteJournalTag.Output
    {
        let auth = try authenticated()
        try await services.journal.deleteTag(user: auth.user, tag: input.path.tag)
        return .noContent(.init())
    }

    func getPublicProfile(_ input: Operations.getPublicProfile.Input) async throws
        -> Operations.getPublicProfile.Output
    {
        _ = try authenticated()
        let profile = try await services.journal.publicProfile(username: input.path.username)
        return .ok(
            .init(
                body: .json(
                    .init(
                        username: profile.username, displayName: profile.displayName, bio: profile.bio,
                        avatarUrl: profile.avatarMediaID.map { MediaPath.url($0, .avatar) }))))
    }

    func listPublicProfileJournal(_ input: Operations.listPublicProfileJournal.Input) async throws
        -> Operations.listPublicProfileJournal.Output
    {
        _ = try authenticated()
        let limit = try pageLimit(input.query.limit)
        let (_, page) = try await services.journal.profile(
            username: input.path.username, cursor: input.query.cursor, limit: limit)
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: page.entries.map { .init($0.entry, author: $0.author) }, nextCursor: page.nextCursor))))
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

    /// A tag of the user with its count now (after a rename or merge).
    private func tag(_ name: String?, of user: User) async throws -> Components.Schemas.JournalTag {
        let tags = try await services.journal.tags(userID: user.id)
        guard let name, let found = tags.first(where: { $0.tag == name }) else { throw NotFound() }
        return .init(tag: found.tag, count: found.count)
    }

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
            latitude: body.latitude.map { String($0) } ?? "", longitude: body.longitude.map { String($0) } ?? "",
            date: body.date ?? "", photoIDs: photoIDs,
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
        checked.photoIDs += photoTexts.filter { UUID(text: $0) == nil }.map { _ in UUID() }
        errors.check {
            _ = try JournalRules.validate(
                checked, id: UUID(), userID: user.id, now: Date(), today: LocalDate.today(in: user.zone))
        }
        throw ValidationError(errors.errors)
    }
}
