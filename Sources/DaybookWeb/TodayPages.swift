import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

/// Today (seed 003 Home, issue 3 "Pages"): today's entry (the form, or the saved entry with an
/// edit button), the question of the day, the quick check-in strip and today's check-ins.
struct TodayPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.get("/today") { request, context in
            guard let auth = context.auth else { return Web.toLogin(request) }
            return try await page(auth, context, notice: request.uri.queryParameters.get("notice").map { String($0) })
        }
        router.post("/today") { request, context in try await web.once(request, context, saveToday) }
    }

    struct Model {
        let date: String
        let dateText: String
        let greeting: String
        let entry: EntryView?
        let dayForm: DayFormModel?
        let question: String
        let checkinForm: CheckinFormModel
        let checkins: [CheckinRow]
        let hasCheckins: Bool
        let notice: String?
        let memories: [MemoryView]
        let hasMemories: Bool
    }

    /// One earlier year's "on this day" (issue 17).
    struct MemoryView {
        let yearsAgo: String
        let memoryDate: String
        let dayHref: String
        let moodEmoji: String?
        let moodName: String?
        let memoryNote: String?
        let checkinsText: String?
        let checkinsHref: String
        let entries: [Link]
        let thumbs: [String]
        let hasThumbs: Bool

        struct Link {
            let entryHref: String
            let entryHeading: String
        }

        init(_ memory: Memory, today: LocalDate) {
            let years = today.year - memory.date.year
            yearsAgo = years == 1 ? "A year ago" : "\(years) years ago"
            memoryDate = DateText.long(memory.date)
            dayHref = "/days/\(memory.date)"
            moodEmoji = memory.day?.mood.emoji
            moodName = memory.day?.mood.name
            memoryNote = memory.day?.note.nonEmpty.map { SearchHighlight.opening($0, length: 140) }
            checkinsText =
                memory.checkins.isEmpty
                ? nil : memory.checkins.count == 1 ? "1 check-in" : "\(memory.checkins.count) check-ins"
            checkinsHref = "/checkins?date=\(memory.date)"
            entries = memory.journal.map {
                Link(entryHref: "/journal/\($0.id.lowercasedString)", entryHeading: JournalText.heading($0))
            }
            thumbs = memory.photoIDs.prefix(6).map { MediaPath.url($0, .small) }
            hasThumbs = !thumbs.isEmpty
        }
    }

    /// What a failed form brings back to the page: what was typed, and the errors.
    struct DayFormState {
        var input: DayEntryInput
        var errors: FormErrors
        /// The version the form began from, kept through an error (see `DayFormModel.baseVersion`).
        var baseVersion: String
    }

    struct CheckinFormState {
        var input: CheckinInput
        var newPerson: String
        var at: String
        var errors: FormErrors
    }

    func page(
        _ auth: Authenticated, _ context: AppRequestContext, notice: String? = nil, dayForm: DayFormState? = nil,
        checkinForm: CheckinFormState? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = auth.user
        let today = web.services.days.today(for: user)
        async let entryResult = web.services.days.entry(userID: user.id, date: today)
        async let lookupResult = web.services.vocabulary.lookup(userID: user.id)
        async let checkinsResult = web.services.checkins.page(
            userID: user.id, from: today, to: today, cursor: nil, limit: 100)
        async let memoriesResult = web.services.memories.memories(user: user, on: today)
        let (entry, lookup, checkins) = try await (entryResult, lookupResult, checkinsResult)
        let memories = try await memoriesResult.items.map { MemoryView($0, today: today) }

        let question = web.services.days.question(for: today, existing: entry)
        var entryView: EntryView?
        var form: DayFormModel?
        if let entry, dayForm == nil {
            entryView = EntryView(entry, lookup: lookup, zone: user.zone)
        } else {
            form = DayFormModel(
                action: "/today", showDate: false, date: today.description, today: today,
                input: dayForm?.input ?? DayEntryInput(), question: question, lookup: lookup,
                baseVersion: dayForm?.baseVersion ?? DayFormModel.version(of: entry),
                replaceNotice: entry == nil ? nil : "This will replace the entry you saved for today.",
                errors: dayForm?.errors ?? FormErrors(), submitLabel: "Save today")
        }
        let checkinModel = CheckinFormModel(
            back: "/today", lookup: lookup, input: checkinForm?.input ?? CheckinInput(),
            newPerson: checkinForm?.newPerson ?? "", at: checkinForm?.at ?? "", zone: user.zone,
            errors: checkinForm?.errors ?? FormErrors())
        let rows = checkins.items.map { CheckinRow($0, lookup: lookup) }
        let model = Model(
            date: today.description, dateText: DateText.long(today), greeting: Self.greeting(user),
            entry: entryView, dayForm: form, question: question, checkinForm: checkinModel, checkins: rows,
            hasCheckins: !rows.isEmpty, notice: Self.notice(notice), memories: memories, hasMemories: !memories.isEmpty)
        return web.renderer.page("today", model, title: "Today", context: context, tab: .today, status: status)
    }

    static func notice(_ code: String?) -> String? {
        switch code {
        case "saved": "Today is saved."
        case "replaced": "Today's entry is replaced."
        case "checkin": "Check-in saved."
        case "deleted": "The entry is deleted."
        default: nil
        }
    }

    static func greeting(_ user: User) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = user.zone
        let hour = calendar.component(.hour, from: Date())
        let part =
            switch hour {
            case 5..<12: "Good morning"
            case 12..<18: "Good afternoon"
            case 18..<23: "Good evening"
            default: "Hello"
            }
        return "\(part), \(user.shownName)"
    }

    /// Saves Today's form for the day it was opened on (its hidden `date`: a form kept offline
    /// overnight is still about yesterday), unless that day's entry changed meanwhile.
    func saveToday(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let form = try await FormData.from(request)
        let input = DayFormModel.input(from: form)
        let today = web.services.days.today(for: auth.user)
        let date = LocalDate(form["date"]).flatMap { $0 <= today ? $0 : nil } ?? today
        let baseVersion = form["baseVersion"]
        if let choice = try await DayPages(web: web).conflict(
            auth, context, date: date, dateText: date.description, input: input, baseVersion: baseVersion)
        {
            return choice
        }
        do {
            let saved = try await web.services.days.save(user: auth.user, dateText: date.description, input: input)
            let notice = saved.replaced ? "replaced" : "saved"
            return Web.redirect(date == today ? "/today?notice=" + notice : "/days/\(date)?notice=" + notice)
        } catch let error as ValidationError {
            return try await page(
                auth, context,
                dayForm: DayFormState(
                    input: input, errors: FormErrors(error, aliases: DayFormModel.aliases), baseVersion: baseVersion),
                status: .unprocessableContent)
        }
    }
}
