import Foundation

/// Writes the API's answers as JSON, straight into bytes as the generated types encode themselves.
///
/// Foundation's `JSONEncoder` first builds a tree of every value (a dictionary per object) and
/// checks each value's type at run time, then writes the tree: it was half the CPU of a list of
/// 30 closet items and 5 ms for ten years of daily moods. This encoder writes each key and value
/// as it is given, in the order the type gives them (the schema's), with instants in the API's
/// RFC 3339 form (`MicrosecondDateTranscoder`). `Converter+ResponseJSON` has the generated server
/// use it for every JSON answer.
struct ResponseJSONEncoder {
    func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = JSONValueWriter()
        try writer.write(value)
        return writer.json.bytes
    }
}

/// The bytes written so far, and the one place a value is written: primitives directly, anything
/// else through its own `encode(to:)` with a `JSONValueEncoder`.
///
/// One writer belongs to one answer being encoded, on one task, so its two counters of progress
/// skip Swift's run-time exclusivity checks (`@exclusivity(unchecked)`): with them, each appended
/// key or value went through `swift_beginAccess`, 6 % of the CPU of a list of 50 check-ins.
final class JSONValueWriter {
    @exclusivity(unchecked) var json = JSONBytes(capacity: 4096)
    /// Fields of the object being written by `object(_:)` so far (`DirectJSON.swift`).
    @exclusivity(unchecked) var fieldsWritten = 0
    private let dates = MicrosecondDateTranscoder()

    func write<T: Encodable>(_ value: T) throws {
        // The types the API's schemas are made of, without a trip through `encode(to:)`. Comparing
        // `T.self` is a comparison of metadata pointers, far cheaper than an `as?` cast.
        if T.self == String.self {
            json.string(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            json.integer(unsafeBitCast(value, to: Int.self))
        } else if T.self == Double.self {
            try write(unsafeBitCast(value, to: Double.self))
        } else if T.self == Bool.self {
            unsafeBitCast(value, to: Bool.self) ? json.raw("true") : json.raw("false")
        } else if T.self == Date.self {
            try writeDate(unsafeBitCast(value, to: Date.self))
        } else if T.self == Int?.self {
            if let number = unsafeBitCast(value, to: Int?.self) { json.integer(number) } else { json.raw("null") }
        } else if T.self == Double?.self {
            if let number = unsafeBitCast(value, to: Double?.self) { try write(number) } else { json.raw("null") }
        } else if let special = value as? any SpecialJSONValue {
            try special.writeJSON(into: self)
        } else {
            let encoder = JSONValueEncoder(writer: self)
            try value.encode(to: encoder)
            encoder.finish()
        }
    }

    /// An instant, as the API writes them (RFC 3339 with microseconds).
    func writeDate(_ date: Date) throws {
        json.string(try dates.encode(date))
    }

    /// `[`, each value as `write` writes it, commas between, `]`.
    func writeList<Element>(_ values: [Element], _ write: (Element) throws -> Void) rethrows {
        json.byte(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { json.byte(UInt8(ascii: ",")) }
            try write(value)
        }
        json.byte(UInt8(ascii: "]"))
    }

    func write(_ number: Double) throws {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: [], debugDescription: "JSON has no \(number); only finite numbers."))
        }
        json.number(number)
    }

    func write(_ number: Float) throws {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: [], debugDescription: "JSON has no \(number); only finite numbers."))
        }
        if number == number.rounded(.towardZero), abs(number) < 1e7 {
            json.integer(Int64(number))
        } else {
            for byte in number.description.utf8 { json.byte(byte) }
        }
    }

    func writeKey(_ key: some CodingKey) {
        json.string(key.stringValue)
        json.byte(UInt8(ascii: ":"))
    }
}

/// Foundation types whose `encode(to:)` is not what `JSONEncoder` writes for them: it writes a
/// URL as its string, bytes as Base64 and a decimal as a number, and so does this encoder.
protocol SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws
}

extension URL: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws { writer.json.string(absoluteString) }
}

extension Data: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws { writer.json.string(base64EncodedString()) }
}

extension Decimal: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        guard !isNaN else {
            throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "JSON has no NaN."))
        }
        for byte in description.utf8 { writer.json.byte(byte) }
    }
}
