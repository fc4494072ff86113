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

    /// A string in quotes, with quotes, backslashes and control characters escaped (`/` is not:
    /// the API never escaped it).
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var clean = 0  // the start of the bytes not yet copied: copied in runs, not one by one
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<index]))
                escape(byte)
                clean = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case UInt8(ascii: "\n"): raw("\\n")
        case UInt8(ascii: "\r"): raw("\\r")
        case UInt8(ascii: "\t"): raw("\\t")
        default:
            raw("\\u00")
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
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

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
