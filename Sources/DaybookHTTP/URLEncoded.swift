import DaybookCore

/// `name=value&…`, as a form sends it (`application/x-www-form-urlencoded`) and as a URL's query
/// carries it: the pairs in order, repeated names kept, `+` read as a space and percent escapes
/// decoded (a name or value with a malformed escape, or escapes that are not UTF-8, is kept as
/// written but for its `+`, as Foundation's `removingPercentEncoding` would leave it). The one
/// reader of this format in Daybook: pages' forms (`FormData`), the CSRF field of a form, the
/// API's checks of query parameters.
///
/// Not Hummingbird's `URLEncodedFormDecoder`: that decodes into a `Decodable`, so a missing or
/// oddly typed field is an error where a page re-renders with a message beside the field, and it
/// wants `name[]` for a repeated name where a group of checkboxes sends `name` once per box.
///
/// Read byte by byte: `split` on a `String` and Foundation's `replacingOccurrences` and
/// `removingPercentEncoding` were 1.7 % of a search's CPU for a query of two plain pairs.
public enum URLEncoded {
    public static func pairs(_ text: some StringProtocol) -> [(name: String, value: String)] {
        text.utf8.split(separator: UInt8(ascii: "&")).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    private static func decode(_ raw: some Collection<UInt8>) -> String {
        // Nearly every name and value has nothing to decode.
        guard raw.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return String(decoding: raw, as: UTF8.self)
        }
        let spaced = raw.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(spaced.count)
        var index = 0
        while index < spaced.count {
            guard spaced[index] == UInt8(ascii: "%") else {
                bytes.append(spaced[index])
                index += 1
                continue
            }
            guard index + 2 < spaced.count, let high = spaced[index + 1].hexDigitValue,
                let low = spaced[index + 2].hexDigitValue
            else { return String(decoding: spaced, as: UTF8.self) }
            bytes.append(high << 4 | low)
            index += 3
        }
        return String(validating: bytes, as: UTF8.self) ?? String(decoding: spaced, as: UTF8.self)
    }
}
