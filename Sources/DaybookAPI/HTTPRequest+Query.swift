import HTTPTypes
@_spi(Generated) import OpenAPIRuntime

extension HTTPRequest {
    /// The query of the request's path: what the runtime's `soar_query` answers (after the first
    /// `?`, up to a `#`), found in the path's bytes. The generated server asks for it once per
    /// query parameter, and the runtime's walk over `Character`s for each was ~2 % of a search (nine
    /// parameters). Declared in this module, it shadows the runtime's in the generated code;
    /// `QueryItemTests` holds it to the runtime's (`OpenAPIRuntimeReference`).
    var soar_query: Substring? {
        guard let path else { return nil }
        let utf8 = path.utf8
        let end = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        guard let mark = utf8[..<end].firstIndex(of: UInt8(ascii: "?")) else { return nil }
        return path[utf8.index(after: mark)..<end]
    }
}
