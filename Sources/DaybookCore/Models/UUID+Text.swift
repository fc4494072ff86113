import Foundation

/// Ids as text, fast: every stored id and every id in an answer goes through these, and on Linux
/// Foundation's `UUID(uuidString:)` parses with `sscanf` and `uuidString` needs a `lowercased()`
/// on top, which together were several percent of a page's CPU (docs/performance-log.md).
extension UUID {
    /// `3f2c1e0a-6b7d-4c8e-9f10-1a2b3c4d5e6f`: lower case, as stored and as the API writes ids.
    public var lowercasedString: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        out[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    out[index] = Self.hexDigit(byte >> 4)
                    out[index + 1] = Self.hexDigit(byte & 0x0F)
                    index += 2
                }
                return index
            }
        }
    }

    /// Parses the 36-character dashed form in either case; nil for anything else, exactly where
    /// `UUID(uuidString:)` answers nil.
    public init?(text: some StringProtocol) {
        let parsed =
            text.utf8.withContiguousStorageIfAvailable { Self.parse($0) } ?? Self.parse(Array(text.utf8))
        guard let parsed else { return nil }
        self.init(uuid: parsed)
    }

    /// The id spelled by 36 UTF-8 bytes (see `init(text:)`), read without copying them: how ids
    /// inside a stored list are read.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let parsed = Self.parse(bytes) else { return nil }
        self.init(uuid: parsed)
    }

    private static func parse(_ utf8: some RandomAccessCollection<UInt8>) -> uuid_t? {
        guard utf8.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &uuid) { out -> Bool in
            var byteIndex = 0
            var i = utf8.startIndex
            var offset = 0
            while offset < 36 {
                if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                    guard utf8[i] == UInt8(ascii: "-") else { return false }
                    i = utf8.index(after: i)
                    offset += 1
                    continue
                }
                let next = utf8.index(after: i)
                guard let high = utf8[i].hexDigitValue, let low = utf8[next].hexDigitValue else { return false }
                out[byteIndex] = high << 4 | low
                byteIndex += 1
                i = utf8.index(after: next)
                offset += 2
            }
            return true
        }
        return valid ? uuid : nil
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

}
