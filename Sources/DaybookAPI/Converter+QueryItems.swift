@_spi(Generated) import OpenAPIRuntime

extension Converter {
    /// A query parameter of type `String`, read from a plain query (`PlainQuery`) by scanning its
    /// bytes, otherwise by the runtime.
    ///
    /// The generated server asks the runtime for each of an operation's query parameters in turn,
    /// and for each the runtime parses the whole query twice (`URIDecoder`): a search's nine
    /// parameters cost 13 % of a search that finds nothing. These overloads, for the concrete types,
    /// are the more specific ones and win in the generated code; `QueryItemTests` holds them to
    /// the runtime's own method (`OpenAPIRuntimeReference`) on plain and odd queries.
    func getOptionalQueryItemAsURI(
        in query: Substring?, style: ParameterStyle?, explode: Bool?, name: String, as type: String.Type
    ) throws -> String? {
        if let plain = PlainQuery(query, style: style, explode: explode) {
            return plain.value(of: name).map { String(decoding: $0, as: UTF8.self) }
        }
        return try self.OpenAPIRuntime::getOptionalQueryItemAsURI(
            in: query, style: style, explode: explode, name: name, as: type)
    }

    /// A query parameter of type `Int`: as for `String`; a value that is not a whole number is
    /// left to the runtime, whose error `APIErrorMapper` turns into the field's problem.
    func getOptionalQueryItemAsURI(
        in query: Substring?, style: ParameterStyle?, explode: Bool?, name: String, as type: Int.Type
    ) throws -> Int? {
        if let plain = PlainQuery(query, style: style, explode: explode) {
            guard let value = plain.value(of: name) else { return nil }
            if let number = Int(String(decoding: value, as: UTF8.self)) { return number }
        }
        return try self.OpenAPIRuntime::getOptionalQueryItemAsURI(
            in: query, style: style, explode: explode, name: name, as: type)
    }
}

/// A query the runtime would read as written: form style, exploded (the only one the API's
/// parameters use), every pair `name=value`, and only printable ASCII other than `%` and `+`, so
/// that no name or value reads other than its bytes (the runtime reads `Character`s and unescapes
/// each name and value). Then the runtime's answer for a name is the value of the first pair with
/// that name, or nil when there is none. Any other query is not plain and goes to the runtime.
struct PlainQuery {
    let bytes: Substring.UTF8View

    init?(_ query: Substring?, style: ParameterStyle?, explode: Bool?) {
        guard let query, !query.isEmpty, style ?? .form == .form, explode ?? true else { return nil }
        var pairHasEquals = false
        for byte in query.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "+"): return nil
            case UInt8(ascii: "&"):
                guard pairHasEquals else { return nil }
                pairHasEquals = false
            case UInt8(ascii: "="): pairHasEquals = true
            case 0x21...0x7E: continue
            default: return nil
            }
        }
        guard pairHasEquals else { return nil }
        bytes = query.utf8
    }

    /// Whether two of the pairs have the same name.
    var repeatsAName: Bool {
        let names = bytes.split(separator: UInt8(ascii: "&")).map { $0.prefix { $0 != UInt8(ascii: "=") } }
        return names.indices.contains { index in names[..<index].contains { $0.elementsEqual(names[index]) } }
    }

    /// The value of the first pair named `name`.
    func value(of name: String) -> Substring.UTF8View.SubSequence? {
        var name = name
        return name.withUTF8 { name in
            var rest = bytes[...]
            while !rest.isEmpty {
                let end = rest.firstIndex(of: UInt8(ascii: "&")) ?? rest.endIndex
                let pair = rest[..<end]
                let equals = pair.firstIndex(of: UInt8(ascii: "="))!
                if pair[..<equals].elementsEqual(name) { return pair[pair.index(after: equals)...] }
                rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            }
            return nil
        }
    }
}
