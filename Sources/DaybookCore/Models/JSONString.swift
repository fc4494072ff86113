/// A string as JSON text (RFC 8259), written into bytes: what the API's answers (`JSONBytes`)
/// and SQLite's list columns (`Stored.strings`) are made of, so both escape the same way.
public enum JSONString {
    /// `text` in quotes appended to `bytes`: quotes, backslashes and control characters escaped,
    /// the rest (`/` and every non-ASCII scalar included) as it is, copied in runs between escapes.
    /// Inlinable: every string of every answer passes here, and called across modules a list of
    /// 50 measured 1–2 % slower (at the edge of this host's noise).
    @inlinable public static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var clean = 0  // the start of the bytes not yet copied
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<index]))
                escape(byte, into: &bytes)
                clean = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    @usableFromInline static func escape(_ byte: UInt8, into bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        default:
            bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0x0F)])
        }
    }

    @usableFromInline static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
