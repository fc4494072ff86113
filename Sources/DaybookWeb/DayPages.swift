import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

/// The moods list, a day's page, its edit form and delete (seed 000 §4.3–4.6).
struct DayPages: Sendable {
    let web: Web
    static let pageSize = 20

    func add(to router: Router<AppRequestContext>) {
        router.get("/days") { request, context in try await list(request, context) }
        router.get("/days/new") { request, context in
            guard let auth = context.auth else { return Web.toLogin(request) }
            return Web.redirect("/days/\(web.services.days.today(for: auth.user))/edit")
        }
        router.get("/days/{date}") { request, context in try await show(request, context) }
        router.get("/days/{date}/edit") { request, context in try await editForm(request, context) }
        router.post("/days/{date}/edit") { request, context in try await web.once(request, context, save) }
        router.post("/days/{date}/delete") { request, context in try await delete(request, context) }
    }

    // MARK: Moods list

    struct Teaser {
        let date: String
        let dateText: String
        let mood: MoodView
        let firstLine: String?
        let emojis: String?
    }

    struct ListModel {
        let teasers: [Teaser]
        let hasTeasers: Bool
        let olderHref: String?
        let newestHref: String?
        let notice: String?
        let calendarHref: String
    }

    func list(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let cursor = request.uri.queryParameters.get("before").map { String($0) }
        async let pageResult = web.services.days.page(userID: auth.user.id, cursor: cursor, limit: Self.pageSize)
        async let lookupResult = web.services.vocabulary.lookup(userID: auth.user.id)
        let page: DayPage
        do {
            page = try await pageResult
        } catch is ValidationError {
            return web.message(
                context, heading: "Not a page", message: "That link to older entries is broken.",
                action: ("/days", "Go to your newest entries"), tab: .calendar, status: .badRequest)
        }
        let lookup = try await lookupResult
        let year = web.services.days.today(for: auth.user).year
        let teasers = page.teasers.map { teaser in
            Teaser(
                date: teaser.date.description, dateText: DateText.long(teaser.date, currentYear: year),
                mood: MoodView(teaser.mood),
                firstLine: teaser.noteFirstLine.nonEmpty,
                emojis: teaser.activityIDs.compactMap { lookup.items[$0]?.emoji }.joined(separator: " ").nonEmpty)
        }
        let notice: String? = request.uri.queryParameters.get("notice") == "deleted" ? "The entry is deleted." : nil
        let model = ListModel(
            teasers: teasers, hasTeasers: !teasers.isEmpty, olderHref: page.nextCursor.map { "/days?before=\($0)" },
            newestHref: (cursor?.isEmpty == false) ? "/days" : nil, notice: notice,
            calendarHref: "/calendar")
        return web.renderer.page("days", model, title: "Moods", context: context, tab: .calendar)
    }

    // MARK: One day

    /// A date's page (issue 63): everything of that date, or an empty state offering to log it.
    struct DayModel {
        let heading: String
        let date: String
        let entry: EntryView?
        /// When nothing of the day entry is saved: what to say, and where to log it.
        let emptyText: String?
        let logHref: String?
        let logLabel: String?
        let checkins: [CheckinRow]
        let hasCheckins: Bool
        let journal: [JournalCard]
        let hasJournal: Bool
        let writeHref: String?
        let photos: [PhotoLink]
        let hasPhotos: Bool
        /// What was worn (or is planned) that day, from the outfit calendar.
        let outfit: DayOutfitView?
        let memories: [TodayPages.MemoryView]
        let hasMemories: Bool
        let previousHref: String
        let nextHref: String?
        let notice: String?
        let calendarHref: String
    }

    struct PhotoLink {
        let thumb: String
        let large: String
    }

    struct DayOutfitView {
        let href: String
        let statusLabel: String
        let items: [ItemCard]
    }

    func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let date = LocalDate(context.parameters.get("date") ?? "") else { return web.notFound(context) }
        let user = auth.user
        async let overviewResult = web.services.days.overview(user: user, date: date)
        async let lookupResult = web.services.vocabulary.lookup(userID: user.id)
        let (overview, lookup) = try await (overviewResult, lookupResult)
        let today = web.services.days.today(for: user)
        let next = date.adding(days: 1)
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "saved": "Saved."
            case "replaced": "Saved. It replaced the entry that was there."
            default: nil
            }
        let long = DateText.long(date)
        let (emptyText, logHref, logLabel): (String?, String?, String?) =
            overview.entry != nil
            ? (nil, nil, nil)
            : date > today
                ? ("\(long) has not come yet.", nil, nil)
                : date == today
                    ? ("You have not logged today yet.", "/today", "Log today")
                    : ("Nothing was logged as the day of \(long).", "/days/\(date)/edit", "Log \(long)")
        let checkins = overview.checkins.map { CheckinRow($0, lookup: lookup) }
        let journal = overview.journal.map {
            JournalCard($0, author: nil, ownTags: true, zone: user.zone, currentYear: today.year)
        }
        let photos = overview.photoIDs.map { PhotoLink(thumb: MediaPath.url($0, .small), large: MediaPath.url($0, .large)) }
        let memories = overview.memories.map { TodayPages.MemoryView($0, today: date) }
        let model = DayModel(
            heading: date == today ? "Today, \(long)" : long, date: date.description,
            entry: overview.entry.map { EntryView($0, lookup: lookup, zone: user.zone) }, emptyText: emptyText,
            logHref: logHref, logLabel: logLabel, checkins: checkins, hasCheckins: !checkins.isEmpty,
            journal: journal, hasJournal: !journal.isEmpty,
            writeHref: date <= today ? "/journal/new?date=\(date)" : nil, photos: photos, hasPhotos: !photos.isEmpty,
            outfit: outfitView(overview, today: today), memories: memories, hasMemories: !memories.isEmpty,
            previousHref: "/days/\(date.adding(days: -1))", nextHref: next <= today ? "/days/\(next)" : nil,
            notice: notice, calendarHref: "/calendar?month=\(YearMonth(date))")
        return web.renderer.page("day", model, title: long, context: context, tab: .calendar)
    }

    private func outfitView(_ overview: DayOverview, today: LocalDate) -> DayOutfitView? {
        guard let day = overview.outfit else { return nil }
        return DayOutfitView(
            href: "/closet/calendar/\(day.date)",
            statusLabel: day.awaitsConfirmation(today: today) ? "Planned" : (day.status == .worn ? "Wore" : "Planned"),
            items: overview.outfitItems.map(ItemCard.init))
    }

    // MARK: Edit

    struct EditModel {
        let heading: String
        let form: DayFormModel
        let backHref: String
        var conflict: ConflictView? = nil
    }

    /// The entry saved meanwhile, shown above the user's own version of the form.
    struct ConflictView {
        let saved: EntryView
    }

    func editForm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let date = LocalDate(context.parameters.get("date") ?? "") else { return web.notFound(context) }
        let user = auth.user
        async let entryResult = web.services.days.entry(userID: user.id, date: date)
        async let lookupResult = web.services.vocabulary.lookup(userID: user.id)
        let (entry, lookup) = try await (entryResult, lookupResult)
        let today = web.services.days.today(for: user)
        var errors = FormErrors()
        do {
            _ = try DayEntryRules.parseDate(date.description, today: today)
        } catch let error as FieldError {
            errors["date"] = error.message
        }
        let form = DayFormModel(
            action: "/days/\(date)/edit", showDate: true, date: date.description, today: today,
            input: entry.map(DayEntryInput.init) ?? DayEntryInput(),
            question: web.services.days.question(for: date, existing: entry), lookup: lookup,
            baseVersion: DayFormModel.version(of: entry),
            replaceNotice: entry == nil ? nil : "This will replace the entry you saved for \(DateText.long(date)).",
            confirmReplace: entry == nil ? nil : date.description, errors: errors,
            cancelHref: entry == nil ? "/calendar?month=\(YearMonth(date))" : "/days/\(date)")
        let model = EditModel(
            heading: entry == nil ? "Log \(DateText.long(date))" : "Edit \(DateText.long(date))", form: form,
            backHref: entry == nil ? "/calendar?month=\(YearMonth(date))" : "/days/\(date)")
        return web.renderer.page(
            "day_edit", model, title: model.heading, context: context, tab: .calendar,
            status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    /// Saves the form. Its date field may name another date than the page's: the entry then moves
    /// there, and if that date has an entry of its own, the page first says it will be replaced.
    func save(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let pageDate = LocalDate(context.parameters.get("date") ?? "") else { return web.notFound(context) }
        let user = auth.user
        let form = try await FormData.from(request)
        let input = DayFormModel.input(from: form)
        let targetText = form["date"].trimmingCharacters(in: .whitespaces).nonEmpty ?? pageDate.description
        let target = try? web.services.days.date(targetText, for: user)
        let baseVersion = form["baseVersion"]

        if let choice = try await conflict(
            auth, context, date: pageDate, dateText: targetText, input: input, baseVersion: baseVersion)
        {
            return choice
        }
        if let target, form["confirmReplace"] != target.description,
            try await web.services.days.entry(userID: user.id, date: target) != nil
        {
            // Saving would replace an entry the user was not warned about: warn, then let them confirm.
            return try await rerender(
                auth, context, pageDate: pageDate, dateText: targetText, input: input, errors: FormErrors(),
                baseVersion: baseVersion, replaceDate: target, status: .conflict)
        }
        do {
            let saved = try await web.services.days.save(user: user, dateText: targetText, input: input)
            if saved.entry.date != pageDate {
                try? await web.services.days.delete(user: user, dateText: pageDate.description)
            }
            return Web.redirect("/days/\(saved.entry.date)?notice=" + (saved.replaced ? "replaced" : "saved"))
        } catch let error as ValidationError {
            return try await rerender(
                auth, context, pageDate: pageDate, dateText: targetText, input: input,
                errors: FormErrors(error, aliases: DayFormModel.aliases), baseVersion: baseVersion,
                status: .unprocessableContent)
        }
    }

    /// When the entry of `date` changed since the form was opened (an edit made offline, or in
    /// another tab, meeting a newer one): both, for the user to choose. Nil when it is safe to save.
    func conflict(
        _ auth: Authenticated, _ context: AppRequestContext, date: LocalDate, dateText: String, input: DayEntryInput,
        baseVersion: String
    ) async throws -> Response? {
        guard !baseVersion.isEmpty, let saved = try await web.services.days.entry(userID: auth.user.id, date: date),
            DayFormModel.version(of: saved) != baseVersion
        else { return nil }
        return try await rerender(
            auth, context, pageDate: date, dateText: dateText, input: input, errors: FormErrors(),
            baseVersion: DayFormModel.version(of: saved), conflict: saved, status: .conflict)
    }

    /// The edit form again with what was typed: with errors, with a warning that saving replaces
    /// another date's entry (`replaceDate`), or beside the entry saved meanwhile (`conflict`).
    func rerender(
        _ auth: Authenticated, _ context: AppRequestContext, pageDate: LocalDate, dateText: String,
        input: DayEntryInput, errors: FormErrors, baseVersion: String, replaceDate: LocalDate? = nil,
        conflict: DayEntry? = nil, status: HTTPResponse.Status
    ) async throws -> Response {
        let user = auth.user
        let today = web.services.days.today(for: user)
        async let pageEntryResult = web.services.days.entry(userID: user.id, date: pageDate)
        async let lookupResult = web.services.vocabulary.lookup(userID: user.id)
        let (pageEntry, lookup) = try await (pageEntryResult, lookupResult)
        // The notice names the date the form will save to, when that date has an entry.
        var noticeDate = replaceDate
        if noticeDate == nil, let target = LocalDate(dateText), target == pageDate, pageEntry != nil {
            noticeDate = pageDate
        }
        let questionDate = LocalDate(dateText).flatMap { $0 <= today ? $0 : nil } ?? pageDate
        let form = DayFormModel(
            action: "/days/\(pageDate)/edit", showDate: true, date: dateText, today: today, input: input,
            question: web.services.days.question(
                for: questionDate, existing: questionDate == pageDate ? pageEntry : nil),
            lookup: lookup, baseVersion: baseVersion,
            replaceNotice: conflict != nil
                ? nil : noticeDate.map { "This will replace the entry you saved for \(DateText.long($0))." },
            confirmReplace: noticeDate?.description, errors: errors,
            submitLabel: conflict != nil ? "Save mine instead" : replaceDate == nil ? "Save" : "Replace it",
            cancelHref: pageEntry == nil ? "/calendar?month=\(YearMonth(pageDate))" : "/days/\(pageDate)")
        let heading = pageEntry == nil ? "Log \(DateText.long(pageDate))" : "Edit \(DateText.long(pageDate))"
        let model = EditModel(
            heading: heading, form: form, backHref: form.cancelHref ?? "/days",
            conflict: conflict.map { ConflictView(saved: EntryView($0, lookup: lookup, zone: user.zone)) })
        return web.renderer.page("day_edit", model, title: heading, context: context, tab: .calendar, status: status)
    }

    // MARK: Delete

    func delete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let dateText = context.parameters.get("date") ?? ""
        do {
            try await web.services.days.delete(user: auth.user, dateText: dateText)
        } catch is NotFound {
            return web.notFound(context, message: "There is no entry for that date to delete.")
        }
        return Web.redirect("/days?notice=deleted")
    }
}
