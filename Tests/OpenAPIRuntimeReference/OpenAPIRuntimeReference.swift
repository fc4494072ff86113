import HTTPTypes
@_spi(Generated) import OpenAPIRuntime

/// The OpenAPI runtime's own answers, for tests to hold DaybookAPI's faster versions to.
///
/// DaybookAPI declares `Converter.getOptionalQueryItemAsURI` overloads, `getPathParameterAsURI`,
/// `HTTPRequest.soar_query`, `Converter.extractContentTypeIfPresent`, `bestContentType` and
/// `extractAcceptHeaderIfPresent` so that the generated
/// server reaches them. In a module that imports DaybookAPI, which of the two versions a call
/// reaches is easy to get wrong: `QueryItemTests` once compared the runtime with itself (the
/// overloads, SPI through their parameter types, were out of its sight), and the module selector
/// `request.OpenAPIRuntime::soar_query` still reached DaybookAPI's. This target does not depend on
/// DaybookAPI, so here the names can only mean the runtime's.
public enum OpenAPIRuntimeReference {
    public static func queryItem(
        _ configuration: Configuration, in query: Substring?, name: String, as type: String.Type
    ) throws -> String? {
        try Converter(configuration: configuration).getOptionalQueryItemAsURI(in: query, style: .form, explode: true, name: name, as: type)
    }

    public static func queryItem(
        _ configuration: Configuration, in query: Substring?, name: String, as type: Int.Type
    ) throws -> Int? {
        try Converter(configuration: configuration).getOptionalQueryItemAsURI(in: query, style: .form, explode: true, name: name, as: type)
    }

    public static func pathParameter(
        _ configuration: Configuration, in pathParameters: [String: Substring], name: String
    ) throws -> String {
        try Converter(configuration: configuration).getPathParameterAsURI(in: pathParameters, name: name, as: String.self)
    }

    public static func query(of request: HTTPRequest) -> Substring? {
        request.soar_query
    }

    @_spi(Generated) public static func contentType(in headerFields: HTTPFields) -> OpenAPIMIMEType? {
        Converter(configuration: Configuration()).extractContentTypeIfPresent(in: headerFields)
    }

    @_spi(Generated) public static func bestContentType(received: OpenAPIMIMEType?, options: [String]) throws -> String {
        try Converter(configuration: Configuration()).bestContentType(received: received, options: options)
    }

    public static func acceptHeader<T: AcceptableProtocol>(in headerFields: HTTPFields) throws -> [AcceptHeaderContentType<T>] {
        try Converter(configuration: Configuration()).extractAcceptHeaderIfPresent(in: headerFields)
    }
}
