import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation

/// The handlers the generated server calls: thin adapters that decode the input, call a service
/// and map the model to the contract's output. Errors are thrown, never returned as outputs:
/// `APIMiddleware` writes every one of them as problem details.
struct APIHandlers: APIProtocol {
    let services: Services

    // MARK: Shared helpers

    /// The logged-in user and session, or 401.
    func authenticated() throws -> Authenticated {
        guard let auth = RequestScope.current?.auth else {
            throw APIProblem.unauthorized(tokenPresented: APIRequest.tokenPresented)
        }
        return auth
    }

    /// Who is asking, with the device name an API client gave, if any.
    func client(deviceName: String?) -> ClientInfo {
        var client = RequestScope.current?.client ?? ClientInfo(ipAddress: "unknown", deviceName: "Unknown device")
        if let deviceName {
            let cleaned = String(
                deviceName.unicodeScalars.filter { !$0.properties.generalCategory.isControlOrFormat }
                    .map(Character.init)
            ).trimmingCharacters(in: .whitespacesAndNewlines)
            if !cleaned.isEmpty { client.deviceName = String(cleaned.prefix(100)) }
        }
        return client
    }

    /// An id in the path; anything but a UUID is 400 naming the parameter.
    func pathID(_ text: String, _ parameter: String) throws -> UUID {
        guard let id = UUID(text: text) else {
            throw APIProblem.malformed(
                "“\(parameter)” must be an id (a UUID).",
                errors: [FieldError(field: parameter, code: "invalid", message: "This is not an id (a UUID).")])
        }
        return id
    }

    /// `limit`: 30 when absent, 1…100.
    func pageLimit(_ limit: Int?) throws -> Int {
        let limit = limit ?? 30
        guard (1...100).contains(limit) else {
            throw APIProblem.validation(
                field: "limit", code: "out_of_range", message: "“limit” is from 1 to 100; \(limit) is not.")
        }
        return limit
    }

    /// A local date in a query or path; malformed is 422 `invalid` on that name. Throws a
    /// `FieldError`, so `FieldErrors.check` can collect it.
    func localDate(_ text: String, _ field: String) throws -> LocalDate {
        guard let date = LocalDate(text) else {
            throw FieldError(field: field, code: "invalid", message: "Give the date as YYYY-MM-DD, for example 2024-03-03.")
        }
        return date
    }
}

extension Unicode.GeneralCategory {
    var isControlOrFormat: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
        default: false
        }
    }
}

/// Ids in a request body, checked before a service sees them: each one that is not a UUID, or not
/// one of the user's words of the right kind, is named with its index (`activityIds[2]`).
struct BodyIDs {
    var errors = FieldErrors()

    /// Parses an id; a malformed one is recorded and nil returned.
    mutating func parse(_ text: String, field: String) -> UUID? {
        guard let id = UUID(text: text) else {
            errors.add(field, "invalid", "This is not an id (a UUID).")
            return nil
        }
        return id
    }

    /// Parses a list of ids; malformed ones are recorded and left out.
    mutating func parse(_ texts: [String], field: String) -> [UUID] {
        texts.enumerated().compactMap { index, text in parse(text, field: "\(field)[\(index)]") }
    }

    /// Records each id that is not one of the user's words of `kind`.
    mutating func requireKnown(
        _ ids: [(id: UUID, field: String)], kind: VocabularyKind, in lookup: VocabularyLookup, what: String
    ) {
        for (id, field) in ids where lookup.items[id]?.kind != kind {
            errors.add(field, "unknown", "You have no such \(what).")
        }
    }

    mutating func requireKnownPeople(_ ids: [(id: UUID, field: String)], in lookup: VocabularyLookup) {
        for (id, field) in ids where lookup.people[id] == nil {
            errors.add(field, "unknown", "You have no such person.")
        }
    }

    /// The ids of a list with the field name each came under, skipping malformed ones.
    static func indexed(_ texts: [String], field: String) -> [(id: UUID, field: String)] {
        texts.enumerated().compactMap { index, text in UUID(text: text).map { ($0, "\(field)[\(index)]") } }
    }
}
