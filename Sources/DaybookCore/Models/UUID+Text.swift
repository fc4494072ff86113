import Foundation

/// Ids as text, fast: every stored id and every id in an answer goes through these, and on Linux
/// Foundation's `UUID(uuidString:)` parses with `sscanf` and `uuidString` needs a `lowercased()`
/// on top, which together were several percent of a page's CPU (docs/performance.md).
extension UUID {
    /// `3f2c1e0a-6b7d-4c8e-9f10-1a2b3c4d5e6f`: lower case, as stored and as the API writes ids.
    public var lowercasedString: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        out[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    out[index] = digits[Int(byte >> 4)]
                    out[index + 1] = digits[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }

    /// Parses the 36-character dashed form in either case; nil for anything else, exactly where
    /// `UUID(uuidString:)` answers nil.
    public init?(text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        var byteIndex = 0
        var i = 0
        while i < 36 {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard utf8[i] == UInt8(ascii: "-") else { return nil }
                i += 1
                continue
            }
            guard let high = Self.hexValue(utf8[i]), let low = Self.hexValue(utf8[i + 1]) else { return nil }
            bytes[byteIndex] = high << 4 | low
            byteIndex += 1
            i += 2
        }
        self.init(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
