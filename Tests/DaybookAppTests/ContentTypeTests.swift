import HTTPTypes
@_spi(Generated) import OpenAPIRuntimeReference
@_spi(Generated) import OpenAPIRuntime
import Testing

@_spi(Generated) @testable import DaybookAPI

/// `Converter+ContentType.swift` answers `application/json` by a constant and parses every other
/// content type as the runtime does, and chooses `application/json` among the options without
/// parsing them; either way the answer is the runtime's own (`OpenAPIRuntimeReference`).
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

    @Test(arguments: [
        "application/json", "application/json; charset=utf-8", "Application/JSON", "text/plain", "*/*",
        "application/*", "multipart/form-data; boundary=x", "application/jsonx",
    ])
    func chosenAsTheRuntimeChooses(_ value: String) {
        let received = OpenAPIMIMEType(value)
        let optionLists = [
            ["application/json"], ["multipart/form-data"], ["application/json; charset=utf-8"],
            ["text/plain", "application/json"], ["application/json; charset=utf-8", "application/json"],
            ["application/*", "application/json"], ["*/*"],
        ]
        for options in optionLists {
            let ours = outcome { try converter.DaybookAPI::bestContentType(received: received, options: options) }
            let runtimes = outcome { try OpenAPIRuntimeReference.bestContentType(received: received, options: options) }
            #expect(ours == runtimes, "\(value) among \(options)")
        }
    }

    @Test(arguments: [
        nil, "application/json", "*/*", "text/html, application/json;q=0.5", "application/*;q=0.1", "text/plain",
        ";;", "application/json;q=x",
    ])
    func acceptedAsTheRuntimeReadsIt(_ value: String?) {
        let fields: HTTPFields = value.map { [.accept: $0] } ?? [:]
        typealias Accepted = [AcceptHeaderContentType<Operations.putDay.AcceptableContentType>]
        let ours = outcome { try String(describing: converter.DaybookAPI::extractAcceptHeaderIfPresent(in: fields) as Accepted) }
        let runtimes = outcome { try String(describing: OpenAPIRuntimeReference.acceptHeader(in: fields) as Accepted) }
        #expect(ours == runtimes, "Accept: \(value ?? "none")")
        if value == nil { #expect(ours.contains("json"), "without the header, every type the operation answers") }
    }

    /// The chosen type, or the error's text: the runtime's errors are not `Equatable`.
    private func outcome(_ choose: () throws -> String) -> String {
        do { return try choose() } catch { return "error: \(error)" }
    }

    @Test func noContentTypeTakesTheFirstOption() throws {
        #expect(try converter.DaybookAPI::bestContentType(received: nil, options: ["multipart/form-data"]) == "multipart/form-data")
    }
}
