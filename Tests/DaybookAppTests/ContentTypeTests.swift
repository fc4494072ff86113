import HTTPTypes
@_spi(Generated) import OpenAPIRuntimeReference
@_spi(Generated) import OpenAPIRuntime
import Testing

@_spi(Generated) @testable import DaybookAPI

/// `Converter+ContentType.swift` answers `application/json` by a constant and parses every other
/// content type as the runtime does; either way the answer is the runtime's own
/// (`OpenAPIRuntimeReference`).
@Suite("Content types")
struct ContentTypeTests {
    let converter = Converter(configuration: APIRoutes.configuration)

    @Test(arguments: [
        "application/json", "application/json; charset=utf-8", "Application/JSON", "application/json ",
        " application/json", "application/jsonx", "application/js", "text/plain", "multipart/form-data; boundary=x",
        "*/*", "application/*", "", "json", "application/json;charset=UTF-8;q=1",
    ])
    func isTheRuntimesParse(_ value: String) {
        let fields: HTTPFields = [.contentType: value]
        #expect(converter.DaybookAPI::extractContentTypeIfPresent(in: fields) == OpenAPIRuntimeReference.contentType(in: fields))
    }

    @Test func noHeaderIsNone() {
        #expect(converter.DaybookAPI::extractContentTypeIfPresent(in: [:]) == nil)
        #expect(OpenAPIRuntimeReference.contentType(in: [:]) == nil)
    }
}
