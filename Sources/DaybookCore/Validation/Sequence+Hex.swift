extension Sequence<UInt8> {
    /// Lower-case hex, two digits a byte: how digests are written (photo blobs, session tokens,
    /// idempotency keys' requests).
    public var hexString: String {
        var text = ""
        text.reserveCapacity(64)
        for byte in self {
            text.append(Self.hexDigits[Int(byte >> 4)])
            text.append(Self.hexDigits[Int(byte & 0x0F)])
        }
        return text
    }

    private static var hexDigits: [Character] { Array("0123456789abcdef") }
}
