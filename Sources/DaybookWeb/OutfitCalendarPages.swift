import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

/// The outfit calendar (seed 004 5.2.1.7): a month of what was worn (today and before) and what is
/// planned (after), each day opening a form to set it; a plan whose day has come asks "did you
/// wear it?".
struct OutfitCalendarPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/closet/calendar") { request, context in try await month(request, context) }
        router.get("/closet/calendar/go") { request, context in try await go(request, context) }
        router.get("/closet/calendar/{date}") { request, context in try await day(request, context) }
        router.post("/closet/calendar/{date}") { request, context in try await save(request, context) }
        router.post("/closet/calendar/{date}/confirm") { request, context in try await confirm(request, context) }
        router.post("/closet/calendar/{date}/delete") { request, context in try await delete(request, context) }
    }

    // MARK: Month

    struct Cell {
        let blank: Bool
        let day: Int
        let href: String?
        let cls: String
        let label: String
        let isToday: Bool
        let thumb: String?
        let marker: String?
    }

    struct Week {
        let cells: [Cell]
    }

    func month(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        let today = web.services.days.today(for: user)
        var month = YearMonth(today)
        if let text = request.uri.queryParameters.get("month"), !text.isEmpty {
            guard let parsed = YearMonth(String(text)) else {
                return web.message(
                    context, heading: "Not a month", message: "Give the month as YYYY-MM, for example \(month).",
                    action: ("/closet/calendar", "Go to this month"), tab: .closet, status: .badRequest)
            }
            month = parsed
        }
        let days = try await web.services.outfits.days(user: user, from: month.firstDay, to: month.lastDay)
        let byDate = Dictionary(days.map { ($0.date, $0) }, uniquingKeysWith: { a, _ in a })
        let items = try await web.services.store.closet.items(
            ids: Array(Set(days.flatMap(\.itemIDs))), userID: user.id)
        let photos = Dictionary(
            items.compactMap { item in item.photoID.map { (item.id, $0) } }, uniquingKeysWith: { a, _ in a })
        let lastPlannable = today.adding(days: ClosetRules.planAheadDays)
        let weeks = MonthGrid.weeks(of: month).map { week in
            Week(
                cells: week.map { date -> Cell in
                    guard let date else {
                        return Cell(
                            blank: true, day: 0, href: nil, cls: "blank", label: "", isToday: false, thumb: nil,
                            marker: nil)
                    }
                    let name = "\(date.day) \(Months.name(date.month))"
                    let href = date <= lastPlannable ? "/closet/calendar/\(date)" : nil
                    guard let day = byDate[date] else {
                        return Cell(
                            blank: false, day: date.day, href: href, cls: date > today ? "future" : "empty",
                            label: "\(name): nothing", isToday: date == today, thumb: nil, marker: nil)
                    }
                    let awaiting = day.awaitsConfirmation(today: today)
                    let thumb = day.itemIDs.lazy.compactMap { photos[$0] }.first.map { MediaPath.url($0, .small) }
                    let count = day.itemIDs.count
                    let what = "\(count) item\(count == 1 ? "" : "s")"
                    return Cell(
                        blank: false, day: date.day, href: href,
                        cls: awaiting ? "outfit-awaiting" : (day.status == .worn ? "outfit-worn" : "outfit-planned"),
                        label: "\(name): " + (awaiting ? "planned, did you wear it?" : day.status.rawValue)
                            + ", \(what)",
                        isToday: date == today, thumb: thumb, marker: awaiting ? "?" : (day.status == .worn ? "✓" : "◷")
                    )
                })
        }
        struct Model {
            let title: String
            let previousHref: String
            let previousLabel: String
            let nextHref: String
            let nextLabel: String
            let thisMonthHref: String?
            let weekdays: [String]
            let weeks: [Week]
            let wornCount: Int
            let plannedCount: Int
        }
        let model = Model(
            title: month.title, previousHref: "/closet/calendar?month=\(month.previous)",
            previousLabel: month.previous.title, nextHref: "/closet/calendar?month=\(month.next)",
            nextLabel: month.next.title, thisMonthHref: month == YearMonth(today) ? nil : "/closet/calendar",
            weekdays: Weekdays.shortNames, weeks: weeks, wornCount: days.filter { $0.status == .worn }.count,
            plannedCount: days.filter { $0.status == .planned }.count)
        return web.renderer.page(
            "outfit_calendar", model, title: "Worn & planned · \(month.title)", context: context, tab: .closet)
    }

    /// The "another day" form's target.
    func go(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard context.auth != nil else { return Web.toLogin(request) }
        let parameters = request.uri.queryParameters
        guard let date = parameters.get("date").flatMap({ LocalDate(String($0)) }) else {
            return Web.redirect("/closet/calendar")
        }
        let outfit = parameters.get("outfit").flatMap { UUID(text: $0) }
        return Web.redirect("/closet/calendar/\(date)" + (outfit.map { "?outfit=\($0.lowercasedString)" } ?? ""))
    }

    // MARK: One day

    struct DayModel {
        let date: String
        let heading: String
        let path: String
        let isFuture: Bool
        let current: CurrentDay?
        let outfits: [OutfitChoice]
        let hasOutfits: Bool
        let groups: [ItemPickerGroup]
        let hasItems: Bool
        let note: String
        let errors: [String: String]
        let formSummary: String?
        let notice: String?
        let monthHref: String
    }

    struct CurrentDay {
        let statusLabel: String
        let awaiting: Bool
        let outfitName: String?
        let outfitHref: String?
        let items: [ItemCard]
        let note: String?
    }

    struct OutfitChoice {
        let card: OutfitCard
        let checked: Bool
    }

    func day(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let date = date(context) else { return notFound(context) }
        let existing = try await web.services.outfits.day(user: user, date: date)
        var input = OutfitDayInput(
            outfitID: existing?.outfitID, itemIDs: existing?.outfitID == nil ? existing?.itemIDs ?? [] : [],
            note: existing?.note ?? "")
        if let outfit = request.uri.queryParameters.get("outfit").flatMap({ UUID(text: $0) }) {
            input.outfitID = outfit
            input.itemIDs = []
        }
        let notice: String? =
            switch request.uri.queryParameters.get("notice") {
            case "saved": "Saved."
            case "confirmed": "Marked as worn."
            default: nil
            }
        return try await render(context, user: user, date: date, existing: existing, input: input, notice: notice)
    }

    func save(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let date = date(context) else { return notFound(context) }
        let form = try await FormData.from(request)
        let input = OutfitDayInput(
            outfitID: UUID(text: form["outfitId"]), itemIDs: form.uuids("itemIds"), note: form["note"])
        do {
            _ = try await web.services.outfits.putDay(user: user, date: date, input: input)
            return Web.redirect("/closet/calendar/\(date)?notice=saved")
        } catch let error as ValidationError {
            let existing = try await web.services.outfits.day(user: user, date: date)
            return try await render(
                context, user: user, date: date, existing: existing, input: input,
                errors: FormErrors(error, aliases: ["itemIds": "items", "outfitId": "items", "status": "items"]))
        }
    }

    func confirm(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let date = date(context) else { return notFound(context) }
        do {
            _ = try await web.services.outfits.confirmWorn(user: user, date: date)
        } catch is NotFound {
            return notFound(context)
        } catch is ValidationError {
            return Web.redirect("/closet/calendar/\(date)")
        }
        return Web.redirect("/closet/calendar/\(date)?notice=confirmed")
    }

    func delete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let user = context.auth?.user else { return Web.toLogin(request) }
        guard let date = date(context) else { return notFound(context) }
        try? await web.services.outfits.deleteDay(user: user, date: date)
        return Web.redirect("/closet/calendar?month=\(YearMonth(date))")
    }

    private func render(
        _ context: AppRequestContext, user: User, date: LocalDate, existing: OutfitDay?, input: OutfitDayInput,
        errors: FormErrors = FormErrors(), notice: String? = nil
    ) async throws -> Response {
        let today = web.services.days.today(for: user)
        let outfits = try await web.services.outfits.list(user: user, limit: 500)
        let byID = Dictionary(
            try await web.services.store.closet.items(
                ids: Array(Set(outfits.flatMap(\.itemIDs) + (existing?.itemIDs ?? []))), userID: user.id
            ).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let groups = try await ItemPickerGroup.groups(web: web, user: user, chosen: input.itemIDs)
        let current = existing.map { day in
            let outfit = day.outfitID.flatMap { id in outfits.first { $0.id == id } }
            return CurrentDay(
                statusLabel: day.awaitsConfirmation(today: today)
                    ? "Planned — did you wear it?" : (day.status == .worn ? "Worn" : "Planned"),
                awaiting: day.awaitsConfirmation(today: today), outfitName: outfit?.name,
                outfitHref: outfit.map { "/closet/outfits/\($0.id.lowercasedString)" },
                items: day.itemIDs.compactMap { byID[$0] }.map(ItemCard.init), note: day.note.nonEmpty)
        }
        let model = DayModel(
            date: date.description, heading: DateText.long(date, currentYear: today.year),
            path: "/closet/calendar/\(date)", isFuture: date > today, current: current,
            outfits: outfits.map { OutfitChoice(card: OutfitCard($0, items: byID), checked: $0.id == input.outfitID) },
            hasOutfits: !outfits.isEmpty, groups: groups, hasItems: !groups.isEmpty, note: input.note,
            errors: errors.dictionary, formSummary: errors.summary, notice: notice,
            monthHref: "/closet/calendar?month=\(YearMonth(date))")
        return web.renderer.page(
            "outfit_day", model, title: "Clothes · \(DateText.medium(date))", context: context, tab: .closet,
            status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    private func date(_ context: AppRequestContext) -> LocalDate? {
        context.parameters.get("date").flatMap { LocalDate($0) }
    }

    private func notFound(_ context: AppRequestContext) -> Response {
        web.notFound(
            context, message: "That is not a day of the calendar.", action: ("/closet/calendar", "Go to this month"))
    }
}
