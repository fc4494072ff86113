import DaybookCore

/// JSON text written straight into bytes: the writing half of `ResponseJSONEncoder`. Strings are
/// escaped as RFC 8259 asks, numbers written as `JSONEncoder` writes them.
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Punctuation and literals: `{`, `,`, `null`.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// A string in quotes, escaped as `JSONString` escapes it (`/` is not: the API never escaped
    /// it).
    mutating func string(_ text: String) {
        JSONString.append(text, to: &bytes)
    }

    mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// The shortest form that reads back as the same double, without `.0` on a whole number
    /// (`3`, as `JSONEncoder` writes it). The caller refuses infinity and NaN, which JSON lacks.
    mutating func number(_ value: Double) {
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            integer(Int64(value))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }
}
