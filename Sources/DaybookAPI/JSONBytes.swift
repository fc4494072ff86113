import NIOCore

/// JSON written straight into a buffer, for the few answers too large for the generated server's
/// `JSONEncoder` (which builds a tree of every value first, and checks each one's type at run time:
/// ~0.5 µs a number, 5 ms for ten years of daily moods). Only what those answers hold: strings,
/// integers, doubles, `null`, and the punctuation between them.
struct JSONBytes {
    private(set) var buffer: ByteBuffer

    init(capacity: Int) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    /// Punctuation and keys known when the code is written: `{"from":`.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { _ = buffer.writeBytes($0) }
    }

    /// A string, escaped as RFC 8259 asks: quotes, backslashes and control characters.
    mutating func string(_ text: String) {
        buffer.writeInteger(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                buffer.writeInteger(Self.hexDigits[Int(byte >> 4)])
                buffer.writeInteger(Self.hexDigits[Int(byte & 0x0F)])
            default: buffer.writeInteger(byte)
            }
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    mutating func number(_ value: Int?) {
        guard let value else { return raw("null") }
        buffer.writeString(String(value))
    }

    /// Shortest form that reads back as the same double, as `JSONEncoder` writes it (`3`, not
    /// `3.0`). JSON has no infinity or NaN; those are written as `null`.
    mutating func number(_ value: Double?) {
        guard let value, value.isFinite else { return raw("null") }
        if value == value.rounded(), abs(value) < 1e15 {
            buffer.writeString(String(Int(value)))
        } else {
            buffer.writeString(value.description)
        }
    }

    /// `[a,b,…]`, each element written by `element`.
    mutating func array<Element>(_ elements: [Element], _ element: (inout JSONBytes, Element) -> Void) {
        raw("[")
        for (index, value) in elements.enumerated() {
            if index > 0 { raw(",") }
            element(&self, value)
        }
        raw("]")
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
