import DaybookCore
import DaybookServices
import Foundation

/// One entry per date, the list of them, and the month calendar.
extension APIHandlers {
    func putDay(_ input: Operations.putDay.Input) async throws -> Operations.putDay.Output {
        let auth = try authenticated()
        guard case .json(let body) = input.body else { throw APIProblem.malformed("This request needs a JSON body.") }
        let user = auth.user

        var ids = BodyIDs()
        let activityTexts = body.activityIds ?? []
        let activityIDs = ids.parse(activityTexts, field: "activityIds")
        let lookup = try await services.vocabulary.lookup(userID: user.id, itemIDs: activityIDs)
        ids.requireKnown(
            BodyIDs.indexed(activityTexts, field: "activityIds"), kind: .activity, in: lookup, what: "activity")
        let photoID = body.photoId.flatMap { ids.parse($0, field: "photoId") }
        if let photoID, !ids.errors.isEmpty {
            // Only to name it with the other bad fields; `DayService.save` checks it anyway.
            do {
                try await services.media.requireOwned([photoID], userID: user.id, field: "photoId")
            } catch let error as ValidationError {
                for field in error.errors { ids.errors.add(field) }
            }
        }
        let entryInput = DayEntryInput(
            mood: body.mood, activityIDs: activityIDs, note: body.note ?? "", thoughts: body.thoughts ?? "",
            gratitude: body.gratitude ?? [], answer: body.answer ?? "", songTitle: body.song?.title ?? "",
            songArtist: body.song?.artist ?? "", songLink: body.song?.link ?? "", photoID: photoID)

        if !ids.errors.isEmpty {
            // Report every bad field at once: the ids' problems and whatever the rules say of the rest.
            var errors = ids.errors
            let date = errors.check { try services.days.date(input.path.date, for: user) }
            errors.check {
                _ = try DayEntryRules.validate(
                    entryInput, userID: user.id, date: date ?? services.days.today(for: user), question: "", now: Date()
                )
            }
            throw ValidationError(errors.errors.filter { !($0.field == "activityIds" && $0.code == "unknown") })
        }

        let saved = try await services.days.save(user: user, dateText: input.path.date, input: entryInput)
        let entry = Components.Schemas.DayEntry(saved.entry, lookup: lookup, replaced: saved.replaced)
        return saved.replaced ? .ok(.init(body: .json(entry))) : .created(.init(body: .json(entry)))
    }

    func getDay(_ input: Operations.getDay.Input) async throws -> Operations.getDay.Output {
        let auth = try authenticated()
        let date = try localDate(input.path.date, "date")
        guard let entry = try await services.days.entry(userID: auth.user.id, date: date) else { throw NotFound() }
        let lookup = try await services.vocabulary.lookup(userID: auth.user.id, days: [entry])
        return .ok(.init(body: .json(.init(entry, lookup: lookup))))
    }

    func deleteDay(_ input: Operations.deleteDay.Input) async throws -> Operations.deleteDay.Output {
        let auth = try authenticated()
        let date = try localDate(input.path.date, "date")
        try await services.days.delete(user: auth.user, dateText: date.description)
        return .noContent(.init())
    }

    func listDays(_ input: Operations.listDays.Input) async throws -> Operations.listDays.Output {
        let auth = try authenticated()
        let limit = try pageLimit(input.query.limit)
        let page = try await services.days.page(userID: auth.user.id, cursor: input.query.cursor, limit: limit)
        let lookup = try await services.vocabulary.lookup(userID: auth.user.id, teasers: page.teasers)
        return .ok(
            .init(
                body: .json(
                    .init(items: page.teasers.map { .init($0, lookup: lookup) }, nextCursor: page.nextCursor))))
    }

    func getCalendar(_ input: Operations.getCalendar.Input) async throws -> Operations.getCalendar.Output {
        let auth = try authenticated()
        guard let month = YearMonth(input.query.month) else {
            throw APIProblem.validation(
                field: "month", code: "invalid", message: "Give the month as YYYY-MM, for example 2024-03.")
        }
        let days = try await services.days.calendar(user: auth.user, month: month)
        return .ok(
            .init(body: .json(.init(month: month.description, days: days.map(Components.Schemas.CalendarDay.init)))))
    }
}

extension APIHandlers {
    func getDayOverview(_ input: Operations.getDayOverview.Input) async throws -> Operations.getDayOverview.Output {
        let auth = try authenticated()
        let date = try localDate(input.path.date, "date")
        let overview = try await services.days.overview(user: auth.user, date: date)
        let memories = overview.memories
        let lookup = try await services.vocabulary.lookup(
            userID: auth.user.id, days: [overview.entry].compactMap { $0 } + memories.compactMap(\.day),
            checkins: overview.checkins + memories.flatMap(\.checkins))
        let today = services.days.today(for: auth.user)
        return .ok(
            .init(
                body: .json(
                    .init(
                        date: date.description, entry: overview.entry.map { .init($0, lookup: lookup) },
                        checkins: overview.checkins.map { .init($0, lookup: lookup) },
                        journal: overview.journal.map { .init($0) },
                        outfit: overview.outfit.map { .init($0, today: today) },
                        photos: overview.photoIDs.map(Components.Schemas.JournalPhoto.init),
                        memories: memories.map { .init($0, lookup: lookup) }))))
    }
}
