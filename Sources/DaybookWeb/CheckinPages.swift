import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird

/// Check-ins (seed 002): the quick check-in form's target, and the log of all check-ins.
struct CheckinPages: Sendable {
    let web: Web
    static let pageSize = 50

    func add(to router: Router<AppRequestContext>) {
        router.get("/checkins") { request, context in
            guard let auth = context.auth else { return Web.toLogin(request) }
            return try await log(
                auth, context, cursor: request.uri.queryParameters.get("before").map { String($0) },
                day: request.uri.queryParameters.get("date").flatMap { LocalDate(String($0)) },
                notice: request.uri.queryParameters.get("notice").map { String($0) })
        }
        router.post("/checkins") { request, context in try await web.once(request, context, create) }
        router.post("/checkins/{id}/delete") { request, context in try await delete(request, context) }
    }

    // MARK: The log

    struct Model {
        let rows: [CheckinRow]
        let hasRows: Bool
        let olderHref: String?
        let newestHref: String?
        let checkinForm: CheckinFormModel
        let notice: String?
        /// Set when the log shows one day only (a search result links there).
        let dayText: String?
    }

    func log(
        _ auth: Authenticated, _ context: AppRequestContext, cursor: String?, day: LocalDate? = nil,
        notice: String? = nil,
        form: TodayPages.CheckinFormState? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = auth.user
        async let pageResult = web.services.checkins.page(
            userID: user.id, from: day, to: day, cursor: cursor, limit: Self.pageSize)
        async let lookupResult = web.services.vocabulary.lookup(userID: user.id)
        let page: CheckinPage
        do {
            page = try await pageResult
        } catch is ValidationError {
            return web.message(
                context, heading: "Not a page", message: "That link to older check-ins is broken.",
                action: ("/checkins", "Go to your newest check-ins"), tab: .today, status: .badRequest)
        }
        let lookup = try await lookupResult
        let formModel = CheckinFormModel(
            back: "/checkins", lookup: lookup, input: form?.input ?? CheckinInput(), newPerson: form?.newPerson ?? "",
            at: form?.at ?? "", zone: user.zone, errors: form?.errors ?? FormErrors())
        let rows = page.items.map { CheckinRow($0, lookup: lookup) }
        let model = Model(
            rows: rows, hasRows: !rows.isEmpty,
            olderHref: page.nextCursor.map {
                "/checkins?" + (day.map { "date=\($0)&" } ?? "") + "before=" + Web.queryEscape($0)
            },
            newestHref: (cursor?.isEmpty == false) ? "/checkins" : nil, checkinForm: formModel,
            notice: notice == "saved" ? "Check-in saved." : notice == "deleted" ? "Check-in deleted." : nil,
            dayText: day.map { DateText.long($0) })
        return web.renderer.page("checkins", model, title: "Check-ins", context: context, tab: .today, status: status)
    }

    // MARK: Create

    func create(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let user = auth.user
        let form = try await FormData.from(request)
        let back = form["back"] == "/checkins" ? "/checkins" : "/today"
        var input = CheckinInput(
            feelingID: UUID(text: form["feeling"]), activityID: UUID(text: form["activity"]),
            personIDs: form.uuids("person"), note: form["note"])
        let atText = form["at"].trimmingCharacters(in: .whitespaces)
        let newPerson = form["newPerson"].trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = FormErrors()
        if !atText.isEmpty {
            if let at = DateText.parseInput(atText, in: user.zone) {
                input.at = at
            } else {
                errors["at"] =
                    "Give the time as a date and a time, like \(DateText.inputValue(Date(), in: user.zone).replacingOccurrences(of: "T", with: " "))."
            }
        } else if let madeAt = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(form["madeAt"]),
            madeAt <= Date()
        {
            // When the device made it (app.js): a check-in kept offline and sent later keeps its time.
            input.at = madeAt
        }
        if form["feeling"].isEmpty { errors["feeling"] = "Pick how you feel." }
        var state = TodayPages.CheckinFormState(input: input, newPerson: newPerson, at: atText, errors: errors)

        if errors.isEmpty {
            do {
                if !newPerson.isEmpty {
                    // Added on the spot (seed 002): the person joins the list, then this check-in.
                    let person = try await web.services.vocabulary.addPerson(userID: user.id, name: newPerson)
                    if !input.personIDs.contains(person.id) { input.personIDs.append(person.id) }
                    state.input = input
                    state.newPerson = ""
                }
                _ = try await web.services.checkins.create(user: user, input: input)
                return Web.redirect(back + "?notice=" + (back == "/today" ? "checkin" : "saved"))
            } catch let error as ValidationError {
                state.errors = FormErrors(error, aliases: CheckinFormModel.aliases)
            } catch let error as FieldError {
                state.errors = FormErrors(ValidationError([error]), aliases: CheckinFormModel.aliases)
            }
        }
        if back == "/checkins" {
            return try await log(auth, context, cursor: nil, form: state, status: .unprocessableContent)
        }
        return try await TodayPages(web: web).page(auth, context, checkinForm: state, status: .unprocessableContent)
    }

    // MARK: Delete

    func delete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else {
            return web.notFound(context)
        }
        let form = try await FormData.from(request)
        do {
            try await web.services.checkins.delete(userID: auth.user.id, id: id)
        } catch is NotFound {
            return web.notFound(context, message: "That check-in is already gone.")
        }
        return Web.redirect(form["back"] == "/today" ? "/today" : "/checkins?notice=deleted")
    }
}
