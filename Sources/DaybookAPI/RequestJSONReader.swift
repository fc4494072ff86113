import DaybookCore
import Foundation
import OpenAPIRuntime

/// The bodies of the busiest writes (a check-in, a day, a journal entry) read straight from their
/// bytes into the generated types: the reading half of what `DirectJSON` is for answers.
///
/// Why: `JSONDecoder` behind the generated `init(from:)` (keyed containers, the runtime's check
/// for unknown keys) was 5–6 % of the CPU of each of these writes. This reader takes only the
/// plain form of a body: an object of known keys, each once, with strings, arrays of strings,
/// whole numbers and booleans. Anything else (`null`, an unknown or repeated key, a wrong type, a
/// nested object, a fraction, malformed JSON) makes it give up, and the body goes to the runtime's
/// `JSONDecoder` as before, which decodes it or names what is wrong. So a body this reader takes
/// decodes to what `JSONDecoder` would have made of it (`RequestJSONTests` holds it to that), and
/// every error is still the decoder's.
struct RequestJSONReader {
    /// Thrown when the body is not in the plain form: read it with `JSONDecoder` instead.
    struct NotPlain: Error {}

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    let dates: any DateTranscoder

    /// `type` read from `bytes`, or nil when they are not in the plain form.
    static func read<T: PlainJSONBody>(_ type: T.Type, from bytes: UnsafeRawBufferPointer, dates: any DateTranscoder)
        -> T?
    {
        var reader = RequestJSONReader(bytes: bytes, dates: dates)
        guard let value = try? T(reading: &reader), reader.atEnd() else { return nil }
        return value
    }

    private init(bytes: UnsafeRawBufferPointer, dates: any DateTranscoder) {
        self.bytes = bytes
        self.dates = dates
    }

    /// An object: `field` is called with each key, and reads its value; a repeated key gives up.
    mutating func object(_ field: (String, inout RequestJSONReader) throws -> Void) throws {
        var seen: [String] = []
        try sequence(UInt8(ascii: "{"), UInt8(ascii: "}")) { reader in
            let key = try reader.string()
            guard !seen.contains(key) else { throw NotPlain() }
            seen.append(key)
            try reader.expect(UInt8(ascii: ":"))
            try field(key, &reader)
        }
    }

    mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        // Plain text up to the closing quote is copied at once; escapes are decoded into `text`.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw NotPlain() }
            index += 1
        }
        guard index < bytes.count else { throw NotPlain() }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return try utf8(UnsafeRawBufferPointer(rebasing: bytes[start..<(index - 1)]))
        }
        var text = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw NotPlain() }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try text.withUnsafeBytes { try utf8($0) }
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            case ..<0x20:
                throw NotPlain()
            default:
                text.append(byte)
            }
        }
    }

    mutating func strings() throws -> [String] {
        var values: [String] = []
        try sequence(UInt8(ascii: "["), UInt8(ascii: "]")) { values.append(try $0.string()) }
        return values
    }

    mutating func bool() throws -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw NotPlain()
    }

    /// A whole number as JSON writes one (`-?(0|[1-9][0-9]*)`, no fraction or exponent).
    mutating func integer() throws -> Int {
        _ = try peek()
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > digits, index - digits == 1 || bytes[digits] != UInt8(ascii: "0"), index - digits <= 18,
            index == bytes.count || ![UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]),
            let value = Int(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        else { throw NotPlain() }
        return value
    }

    /// A date-time as the runtime's transcoder reads it.
    mutating func date() throws -> Date {
        guard let date = try? dates.decode(try string()) else { throw NotPlain() }
        return date
    }

    /// Only white space left.
    mutating func atEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    // MARK: Bytes

    /// `open`, then items read by `item` and separated by commas (none at all is fine), then
    /// `close`: the frame of an object and of an array.
    private mutating func sequence(_ open: UInt8, _ close: UInt8, _ item: (inout RequestJSONReader) throws -> Void)
        throws
    {
        try expect(open)
        if try peek() == close {
            index += 1
            return
        }
        while true {
            try item(&self)
            switch try next() {
            case UInt8(ascii: ","): continue
            case close: return
            default: throw NotPlain()
            }
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    /// The next byte after white space, not taken.
    private mutating func peek() throws -> UInt8 {
        skipSpace()
        guard index < bytes.count else { throw NotPlain() }
        return bytes[index]
    }

    /// The next byte after white space, taken.
    private mutating func next() throws -> UInt8 {
        let byte = try peek()
        index += 1
        return byte
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard try next() == byte else { throw NotPlain() }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        guard (try? peek()) != nil else { return false }
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<(index + count)]) })
        else { return false }
        index += count
        return true
    }

    private func utf8(_ raw: UnsafeRawBufferPointer) throws -> String {
        guard let text = String(validating: raw, as: UTF8.self) else { throw NotPlain() }
        return text
    }

    /// After a backslash: the escaped character, as UTF-8. A lone surrogate gives up.
    private mutating func escape(into text: inout [UInt8]) throws {
        guard index < bytes.count else { throw NotPlain() }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hex4()
            if (0xD800..<0xDC00).contains(value) {
                guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw NotPlain() }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw NotPlain() }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw NotPlain() }
            UTF8.encode(scalar) { text.append($0) }
        default:
            throw NotPlain()
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw NotPlain() }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = byte.hexDigitValue else { throw NotPlain() }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}

/// A request body `RequestJSONReader` can read in its plain form.
protocol PlainJSONBody: Decodable {
    /// Reads the value, throwing `RequestJSONReader.NotPlain` for anything but the plain form.
    init(reading reader: inout RequestJSONReader) throws
}
