extension Sequence<UInt8> {
    /// Base64url without padding (RFC 4648 § 5): session and CSRF tokens, Web Push keys and
    /// signatures. Written as bytes: Foundation's Base64 followed by three `replacingOccurrences`
    /// through `NSString` was a fifth of the CPU of a request that got a new CSRF cookie.
    public var base64URLString: String {
        let bytes = Array(self)
        let length = (bytes.count * 4 + 2) / 3
        return String(unsafeUninitializedCapacity: length) { buffer in
            var out = 0
            var index = 0
            while index < bytes.count {
                let remaining = bytes.count - index
                let a = UInt32(bytes[index])
                let b = remaining > 1 ? UInt32(bytes[index + 1]) : 0
                let c = remaining > 2 ? UInt32(bytes[index + 2]) : 0
                let group = a << 16 | b << 8 | c
                // Three bytes make four digits; a last one or two bytes make two or three.
                for digit in 0...Swift.min(remaining, 3) {
                    buffer[out] = base64URLDigit(UInt8((group >> UInt32(18 - 6 * digit)) & 0x3F))
                    out += 1
                }
                index += 3
            }
            return out
        }
    }
}

/// The base64url digit of six bits: `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`.
private func base64URLDigit(_ value: UInt8) -> UInt8 {
    switch value {
    case 0..<26: 0x41 + value
    case 26..<52: 0x61 + value - 26
    case 52..<62: 0x30 + value - 52
    case 62: 0x2D
    default: 0x5F
    }
}
