import DaybookHTTP
import Foundation
import HTTPTypes
import OpenAPIRuntimeReference
@_spi(Generated) import OpenAPIRuntime
import Testing

@_spi(Generated) @testable import DaybookAPI

/// The query parameters' overloads (`Converter+QueryItems.swift`) answer a plain query by its
/// bytes and leave every other to the runtime; either way the answer, or the fact of an error,
/// is the runtime's own (`OpenAPIRuntimeReference`).
@Suite("Query items")
struct QueryItemTests {
    let converter = Converter(configuration: APIRoutes.configuration)

    enum Answer<T: Equatable>: Equatable {
        case value(T?)
        case error
    }

    func ours<T: Equatable>(_ query: String?, _ name: String, _ read: (Substring?) throws -> T?) -> Answer<T> {
        do { return .value(try read(query?[...])) } catch { return .error }
    }

    func expectSame(_ query: String?, _ name: String) {
        let string = ours(query, name) {
            try converter.DaybookAPI::getOptionalQueryItemAsURI(in: $0, style: .form, explode: true, name: name, as: String.self)
        }
        let runtimeString = ours(query, name) {
            try OpenAPIRuntimeReference.queryItem(APIRoutes.configuration, in: $0, name: name, as: String.self)
        }
        #expect(string == runtimeString, "\(query ?? "nil") \(name)")
        let number = ours(query, name) {
            try converter.DaybookAPI::getOptionalQueryItemAsURI(in: $0, style: .form, explode: true, name: name, as: Int.self)
        }
        let runtimeNumber = ours(query, name) {
            try OpenAPIRuntimeReference.queryItem(APIRoutes.configuration, in: $0, name: name, as: Int.self)
        }
        #expect(number == runtimeNumber, "\(query ?? "nil") \(name)")
    }

    static let queries = [
        nil, "", "q=cats", "q=cats&limit=20", "limit=20&q=cats&limit=5", "q=", "q=&limit=", "limit=abc",
        "limit=-3", "limit=007", "limit=1.5", "limit=99999999999999999999", "q=a=b", "=x&q=y", "q=x&",
        "&q=x", "q=x&&limit=2", "q", "flag&q=x", "q=x&flag", "q=two+words", "q=caf%C3%A9", "q=%zz",
        "%71=encoded-name", "q=%2B", "q=caf\u{e9}", "q=x\u{301}&limit=1", "q=a b", "limit=+5", "q=x#frag",
        "Q=upper", "qq=x&q=y", "q=x;limit=2",
    ]

    @Test(arguments: queries)
    func answersAsTheRuntimeDoes(query: String?) {
        for name in ["q", "limit", "Q", "flag", ""] { expectSame(query, name) }
    }

    @Test func randomQueriesAnswerAsTheRuntimeDoes() {
        var random = SystemRandomNumberGenerator()
        let pieces = ["q", "limit", "=", "&", "1", "20", "-", "x", "%", "%41", "+", " ", "é", "a", "=", "&", "0"]
        for _ in 0..<1_000 {
            let query = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            for name in ["q", "limit"] { expectSame(query, name) }
        }
    }

    /// The query of a path, found in its bytes (`HTTPRequest+Query.swift`), is the runtime's:
    /// after the first `?`, before a `#`, on random paths of those and other characters.
    @Test func theQueryOfAPathIsTheRuntimes() {
        var random = SystemRandomNumberGenerator()
        let pieces = ["/", "api", "?", "#", "&", "=", "q", "é", "%3F", "🙂", "?", " "]
        var paths: [String?] = [nil, "", "/", "/?", "/a?q=1", "/a?q=1#x?y", "/a#x?y", "?", "#"]
        for _ in 0..<2_000 {
            paths.append((0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        for path in paths {
            var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/")
            request.path = path
            #expect(request.DaybookAPI::soar_query == OpenAPIRuntimeReference.query(of: request), "\(String(describing: path))")
        }
    }

    /// A plain query is read by its bytes: the overloads do not hand it to the runtime.
    @Test func aPlainQueryIsPlain() {
        #expect(PlainQuery("q=cats&limit=20", style: .form, explode: true) != nil)
        #expect(PlainQuery("q=two+words", style: .form, explode: true) == nil)
        #expect(PlainQuery("q=cats", style: .form, explode: false) == nil)
        #expect(PlainQuery("q=x&flag", style: .form, explode: true) == nil)
    }

    /// `APIMiddleware` refuses a repeated name after decoding the query only when it is not plain
    /// or repeats a name as written: a plain query repeats a decoded name only if it repeats one
    /// as written.
    @Test func aRepeatedNameIsNeverMissed() {
        func skipsDecoding(_ query: String) -> Bool {
            PlainQuery(query[...], style: nil, explode: nil).map { !$0.repeatsAName } ?? false
        }
        #expect(skipsDecoding("q=cats&limit=20&cursor=5"))
        #expect(!skipsDecoding("limit=1&limit=2"))
        #expect(!skipsDecoding("limit=1&%6Cimit=2"))
        var random = SystemRandomNumberGenerator()
        let pieces = ["q", "l", "=", "&", "1", "%71", "+", " ", "é"]
        for _ in 0..<1_000 {
            let query = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let names = URLEncoded.pairs(query).map(\.name)
            if Set(names).count < names.count { #expect(!skipsDecoding(query), "\(query)") }
        }
    }
}
