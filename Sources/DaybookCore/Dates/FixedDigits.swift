/// Numbers written zero-padded to a fixed width straight into a string's bytes. Every row of
/// every answer writes dates and instants this way; building them from small strings was a few
/// percent of a list's CPU (docs/performance-log.md, fourth pass).
public enum FixedDigits {
    /// Writes the last `width` decimal digits of `value` (not negative) at `start`; returns the
    /// index after them.
    @inlinable
    public static func write(_ value: Int, width: Int, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int)
        -> Int
    {
        var rest = value
        var index = start + width - 1
        while index >= start {
            out[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
            index -= 1
        }
        return start + width
    }

    /// Writes one ASCII character at `index`; returns the index after it.
    @inlinable
    public static func write(_ character: Unicode.Scalar, into out: UnsafeMutableBufferPointer<UInt8>, at index: Int)
        -> Int
    {
        out[index] = UInt8(ascii: character)
        return index + 1
    }
}
