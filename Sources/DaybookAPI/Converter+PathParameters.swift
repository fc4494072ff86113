@_spi(Generated) import OpenAPIRuntime

extension Converter {
    /// A path parameter of type `String` (every one the API has: ids, dates, usernames), taken as
    /// written when it is made of URI-unreserved characters only (letters, digits, `-._~`), which
    /// no unescaping changes; any other is left to the runtime.
    ///
    /// The runtime decodes each with a `URIDecoder` (a parser, a node decoder and a
    /// percent-decoding of the value): 1.9 % of reading a journal entry by its id. Like the query
    /// items' overloads (`Converter+QueryItems.swift`), this one is the more specific and wins in
    /// the generated code; `PathParameterTests` holds it to the runtime's own method.
    func getPathParameterAsURI(in pathParameters: [String: Substring], name: String, as type: String.Type) throws
        -> String
    {
        if let value = pathParameters[name], !value.isEmpty, value.utf8.allSatisfy(Self.isUnreserved) {
            return String(value)
        }
        return try self.OpenAPIRuntime::getPathParameterAsURI(in: pathParameters, name: name, as: type)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
