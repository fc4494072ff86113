import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

extension Web {
    /// The forms the offline outbox may send again (a check-in, a day, a journal entry) carry an
    /// `idempotencyKey` field that `app.js` makes for every submit (issue 19). The first post with
    /// a key runs; a repeat of the same form (its answer was lost on the way) is sent to where the
    /// first went, and saves nothing again. Only a redirect (the page's "saved") is kept: a form
    /// shown again with errors frees its key, so the corrected form runs. A post without the field
    /// (no JavaScript) runs as it always did.
    func once(
        _ request: Request, _ context: AppRequestContext,
        _ handler: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        guard let auth = context.auth else { return try await handler(request, context) }
        var request = request
        let form = try await FormData.collect(&request)
        let key = form["idempotencyKey"]
        guard IdempotencyService.isValidKey(key) else { return try await handler(request, context) }
        // The same form is the same route and fields; the CSRF token is the browser's, not the form's.
        var same = "page \(request.uri.path)\n"
        for pair in form.pairs where pair.name != "csrf" && pair.name != "idempotencyKey" {
            same += "\(pair.name)=\(pair.value)\n"
        }
        let outcome = try await services.idempotency.once(userID: auth.user.id, key: key, request: Data(same.utf8)) {
            let response = try await handler(request, context)
            guard response.status == .seeOther, let location = response.headers[.location] else {
                return (response, nil)
            }
            return (response, IdempotentResponse(status: 303, contentType: nil, location: location, body: Data()))
        }
        switch outcome {
        case .ran(let response):
            return response
        case .replayed(let first):
            return Web.redirect(first.location ?? "/today")
        case .reused:
            return message(
                context, heading: "Already sent",
                message: "This form was sent before with other contents. Open the form again to make a new one.",
                action: ("/today", "Go to Today"), status: .unprocessableContent)
        case .inProgress:
            return message(
                context, heading: "Still saving",
                message: "This form is being saved right now. Wait a moment, then look for it.",
                action: ("/today", "Go to Today"), status: .conflict)
        }
    }
}
