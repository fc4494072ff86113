import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird

/// The month view (seeds 000 §4.4, 003): a grid of days, each coloured by its mood, opening the
/// day; previous and next month.
struct CalendarPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/calendar") { request, context in try await show(request, context) }
    }

    struct Cell {
        let blank: Bool
        let day: Int
        let cellHref: String?
        let cls: String
        let label: String
        let isToday: Bool
        let cellEmoji: String?
        let hasCheckins: Bool
        var hasJournal = false
        var hasOutfit = false
    }

    struct Week {
        let cells: [Cell]
    }

    struct Model {
        let title: String
        let month: String
        let previousHref: String
        let previousLabel: String
        let nextHref: String
        let nextLabel: String
        let thisMonthHref: String?
        let weekdays: [String]
        let weeks: [Week]
        let moods: [MoodView]
        /// "1 day logged", "12 days logged": the caption a screen reader gives the month.
        let loggedText: String
    }

    func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let user = auth.user
        let today = web.services.days.today(for: user)
        let month: YearMonth
        if let text = request.uri.queryParameters.get("month"), !text.isEmpty {
            guard let parsed = YearMonth(String(text)) else {
                return web.message(
                    context, heading: "Not a month",
                    message: "Give the month as YYYY-MM, for example \(YearMonth(today)).",
                    action: ("/calendar", "Go to this month"), tab: .calendar, status: .badRequest)
            }
            month = parsed
        } else {
            month = YearMonth(today)
        }
        let days = try await web.services.days.calendar(user: user, month: month)
        let byDate = Dictionary(days.map { ($0.date, $0) }, uniquingKeysWith: { a, _ in a })

        let weeks = MonthGrid.weeks(of: month).map { week in
            Week(
                cells: week.map { date -> Cell in
                    guard let date else {
                        return Cell(
                            blank: true, day: 0, cellHref: nil, cls: "blank", label: "", isToday: false, cellEmoji: nil,
                            hasCheckins: false)
                    }
                    let info = byDate[date]
                    let name = "\(date.day) \(Months.name(date.month))"
                    let journal = info?.hasJournal ?? false
                    let outfit = info?.hasOutfit ?? false
                    if let mood = info?.mood {
                        return Cell(
                            blank: false, day: date.day, cellHref: "/days/\(date)",
                            cls: "has-mood mood-\(mood.rawValue)",
                            label: "\(name): \(mood.name)" + (journal ? ", journal entry" : "")
                                + (outfit ? ", outfit" : ""),
                            isToday: date == today, cellEmoji: mood.emoji, hasCheckins: (info?.checkinCount ?? 0) > 0,
                            hasJournal: journal, hasOutfit: outfit)
                    }
                    if date > today {
                        // A planned outfit is the one thing a future date can hold: its page shows it.
                        return Cell(
                            blank: false, day: date.day, cellHref: outfit ? "/days/\(date)" : nil, cls: "future",
                            label: name + (outfit ? ": outfit planned" : ""), isToday: false, cellEmoji: nil,
                            hasCheckins: false, hasOutfit: outfit)
                    }
                    let checkins = info?.checkinCount ?? 0
                    return Cell(
                        // The day's page: what was logged that date, or an offer to log it.
                        blank: false, day: date.day, cellHref: "/days/\(date)", cls: "empty",
                        label: "\(name): " + (journal ? "journal entry" : "nothing logged")
                            + (checkins > 0 ? ", \(checkins) check-in\(checkins == 1 ? "" : "s")" : "")
                            + (outfit ? ", outfit" : ""),
                        isToday: date == today, cellEmoji: nil, hasCheckins: checkins > 0, hasJournal: journal,
                        hasOutfit: outfit)
                })
        }
        let model = Model(
            title: month.title, month: month.description,
            previousHref: "/calendar?month=\(month.previous)", previousLabel: month.previous.title,
            nextHref: "/calendar?month=\(month.next)", nextLabel: month.next.title,
            thisMonthHref: month == YearMonth(today) ? nil : "/calendar",
            weekdays: Weekdays.shortNames, weeks: weeks, moods: Mood.allCases.reversed().map(MoodView.init),
            loggedText: Self.logged(days.filter { $0.mood != nil }.count))
        return web.renderer.page("calendar", model, title: month.title, context: context, tab: .calendar)
    }

    static func logged(_ count: Int) -> String { count == 1 ? "1 day logged" : "\(count) days logged" }
}
