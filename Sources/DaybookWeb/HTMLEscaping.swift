import Mustache

/// How every page escapes what `{{name}}` puts in: the five characters HTML needs escaped, as
/// swift-mustache's own HTML content type escapes them, but read as bytes, and a string with none
/// of them (nearly every one) returned as it is. The library's escaper looks each `Character` up
/// in a dictionary and builds a new string for every value: 12 % of the closet page's CPU.
/// `PageRenderer` registers it and starts every template with its pragma.
struct HTMLEscaping: MustacheContentType {
    static let name = "HTML_BYTES"
    /// `{{% CONTENT_TYPE: HTML_BYTES}}`, the first token of every template.
    static let pragma = "{{% CONTENT_TYPE: \(name)}}"

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: needsEscape) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
