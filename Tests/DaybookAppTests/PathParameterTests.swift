import Foundation
import OpenAPIRuntimeReference
@_spi(Generated) import OpenAPIRuntime
import Testing

@_spi(Generated) @testable import DaybookAPI

/// The path parameters' overload (`Converter+PathParameters.swift`) takes a value of unreserved
/// characters as written and leaves every other to the runtime; either way the answer, or the
/// fact of an error, is the runtime's own (`OpenAPIRuntimeReference`).
@Suite("Path parameters")
struct PathParameterTests {
    let converter = Converter(configuration: APIRoutes.configuration)

    enum Answer: Equatable {
        case value(String)
        case error
    }

    func expectSame(_ parameters: [String: Substring], _ name: String) {
        func answer(_ read: () throws -> String) -> Answer {
            do { return .value(try read()) } catch { return .error }
        }
        let ours = answer {
            try converter.DaybookAPI::getPathParameterAsURI(in: parameters, name: name, as: String.self)
        }
        let runtime = answer {
            try OpenAPIRuntimeReference.pathParameter(APIRoutes.configuration, in: parameters, name: name)
        }
        #expect(ours == runtime, "\(parameters) \(name)")
    }

    static let values: [Substring] = [
        "01a2258e-4dd5-7f74-8c64-43657b2ed664", "2026-11-29", "bench_user", "a.b~c", "", "caf%C3%A9", "two+words",
        "%zz", "a,b", "a b", "caf\u{e9}", "x\u{301}", "%2B", "A-Z_09", "..", "~",
    ]

    @Test(arguments: values)
    func answersAsTheRuntimeDoes(value: Substring) {
        expectSame(["id": value], "id")
        expectSame(["id": value], "date")
    }

    @Test func randomValuesAnswerAsTheRuntimeDoes() {
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", "0", "-", ".", "_", "~", "%", "%41", "+", " ", "é", ",", "/", ";", "="]
        for _ in 0..<1_000 {
            let value = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            expectSame(["id": value[...]], "id")
        }
    }
}
