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

    private static let applicationJSON = OpenAPIMIMEType(kind: .concrete(type: "application", subtype: "json"))
}
