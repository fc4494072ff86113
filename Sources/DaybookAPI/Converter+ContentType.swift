import HTTPTypes
@_spi(Generated) import OpenAPIRuntime

extension Converter {
    /// A request's content type, as the runtime's `extractContentTypeIfPresent` parses it, with the
    /// header every JSON client sends, exactly `application/json`, answered by a constant. The
    /// generated server asks for it once per request with a body and then parses it again in
    /// `bestContentType`; the first parse alone was ~0.9 % of creating a check-in. Declared in this
    /// module, it shadows the runtime's in the generated code; `ContentTypeTests` holds it to the
    /// runtime's (`OpenAPIRuntimeReference`).
    func extractContentTypeIfPresent(in headerFields: HTTPFields) -> OpenAPIMIMEType? {
        guard let rawValue = headerFields[.contentType] else { return nil }
        if rawValue.utf8.elementsEqual("application/json".utf8) { return Self.applicationJSON }
        return OpenAPIMIMEType(rawValue)
    }

    /// The content type a request body is read as, with `application/json` received and offered
    /// answered without parsing: the runtime parses every option string again and compares each
    /// part lower-cased, 1.3 % of creating a check-in. A received type without parameters matches
    /// an option with the same type and subtype best, and only `application/json` itself is that
    /// option. Anything else is the runtime's (`ContentTypeTests`).
    func bestContentType(received: OpenAPIMIMEType?, options: [String]) throws -> String {
        if let received, received.parameters.isEmpty, case .concrete("application", "json") = received.kind,
            options.contains("application/json")
        {
            return "application/json"
        }
        return try self.OpenAPIRuntime::bestContentType(received: received, options: options)
    }

    /// The content types a client accepts, read by the runtime from the `Accept` header; without
    /// one (curl, wrk, most API clients), every type the operation can answer: the runtime's
    /// `AcceptHeaderContentType.defaultValues`, written out here because that is not inlinable.
    /// Declared in this module, the generic method is specialised for each operation's answer type
    /// in the generated code, where the runtime's, called across modules, built the default list
    /// through generic metadata: 0.5 % of saving a day.
    func extractAcceptHeaderIfPresent<T: AcceptableProtocol>(in headerFields: HTTPFields) throws
        -> [AcceptHeaderContentType<T>]
    {
        guard headerFields.contains(.accept) else { return T.allCases.map { AcceptHeaderContentType(contentType: $0) } }
        return try self.OpenAPIRuntime::extractAcceptHeaderIfPresent(in: headerFields)
    }

    private static let applicationJSON = OpenAPIMIMEType(kind: .concrete(type: "application", subtype: "json"))
}
