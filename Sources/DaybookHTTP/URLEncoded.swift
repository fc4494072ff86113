import Foundation

/// `name=value&…`, as a form sends it (`application/x-www-form-urlencoded`) and as a URL's query
/// carries it: the pairs in order, repeated names kept, `+` read as a space and percent escapes
/// decoded (a malformed escape is kept as written). The one reader of this format in Daybook:
/// pages' forms (`FormData`), the CSRF field of a form, the API's checks of query parameters.
///
/// Not Hummingbird's `URLEncodedFormDecoder`: that decodes into a `Decodable`, so a missing or
/// oddly typed field is an error where a page re-renders with a message beside the field, and it
/// wants `name[]` for a repeated name where a group of checkboxes sends `name` once per box.
public enum URLEncoded {
    public static func pairs(_ text: some StringProtocol) -> [(name: String, value: String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    private static func decode(_ raw: some StringProtocol) -> String {
        let spaced = raw.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
