import HTTPTypes
@_spi(Generated) import OpenAPIRuntime

extension Converter {
    /// Every JSON answer of the generated server is written here, with `ResponseJSONEncoder`.
    ///
    /// The runtime's `Converter` makes its own `JSONEncoder` and offers no way to give it another
    /// (its configuration has a date transcoder and formatting options, nothing more). The
    /// generated server, compiled in this module, calls `setResponseBodyAsJSON`; a method with the
    /// same signature declared in this module shadows the runtime's there, so the generated code
    /// stays as generated. `ResponseJSONTests` checks that an answer went this way (its keys come
    /// in the schema's order, which `JSONEncoder` does not keep).
    func setResponseBodyAsJSON<T: Encodable>(_ value: T, headerFields: inout HTTPFields, contentType: String)
        throws -> HTTPBody
    {
        let bytes = try ResponseJSONEncoder().encode(value)
        headerFields[.contentType] = contentType
        return HTTPBody(bytes)
    }
}
