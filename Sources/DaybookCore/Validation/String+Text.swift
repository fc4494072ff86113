/// Small text helpers the validation rules share.
extension String {
    /// The string without whitespace and line breaks at its end.
    func trimmingTrailingWhitespace() -> String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }

    /// The string without white space and line breaks at either end: Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (Unicode's White_Space, the same set),
    /// without the trip through `NSString` it takes on Linux (5 % of creating a journal entry).
    func trimmingWhitespaceAndNewlines() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// The string without spaces and tabs at either end: Foundation's
    /// `trimmingCharacters(in: .whitespaces)` (`Unicode.Scalar.isBlank`) for a field typed on one
    /// line, except that a zero-width space is kept (a format character; Linux's Foundation trims
    /// it). A date or a number, nearly every one, has no blank at its ends and is handed back
    /// itself, its two end scalars answered without the Unicode tables.
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isBlank }),
            let last = scalars.lastIndex(where: { !$0.isBlank })
        else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// Whether there are more than `limit` characters, without counting past what is needed: a
    /// character is at least one byte.
    func isLonger(than limit: Int) -> Bool {
        utf8.count > limit && count > limit
    }

    /// Whether any scalar is a C0/C1 control character (Unicode category Cc: U+0000–U+001F and
    /// U+007F–U+009F). Format characters such as the zero-width joiner are allowed: emoji sequences
    /// need them.
    public var containsControlCharacters: Bool { containsControlCharacters(besides: []) }

    /// Whether any scalar is a control character other than `allowed` (ASCII ones: a free text
    /// keeps its line breaks and tabs). Read in UTF-8 bytes, where each control character has one
    /// form: an ASCII byte under 0x20 or 0x7F, or U+0080–U+009F as 0xC2 and 0x80–0x9F (0xC2 only
    /// ever leads). Decoding every scalar of a journal entry's body for this was 0.5 % of creating
    /// it; a byte at a time through `String.UTF8View`, 0.65 %.
    func containsControlCharacters(besides allowed: Set<UInt8>) -> Bool {
        var text = self
        return text.withUTF8 { bytes in
            // Nearly every text has none of the bytes a control character starts with.
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return false }
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F {
                    if !allowed.contains(byte) { return true }
                } else if previous == 0xC2, byte <= 0x9F, byte >= 0x80 {
                    return true
                }
                previous = byte
            }
            return false
        }
    }

    /// Whether a journal or closet tag holds what a tag cannot: a control character, or a `/`
    /// (a tag is a path segment: `/api/v1/journal/tags/{tag}`).
    var hasCharactersATagCannotHave: Bool {
        containsControlCharacters || utf8.contains(UInt8(ascii: "/"))
    }
}

extension Unicode.Scalar {
    /// What `CharacterSet.whitespaces` holds: tab and the space separators (Zs). ASCII is answered
    /// without the Unicode tables (a note's ends in every teaser, a date's in every write).
    var isBlank: Bool {
        value < 0x80 ? value == 0x09 || value == 0x20 : properties.generalCategory == .spaceSeparator
    }
}

extension Int {
    /// "10,000": for messages, without depending on locale data (which a server may not have).
    var withThousandsSeparators: String {
        let digits = String(magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return self < 0 ? "-" + grouped : grouped
    }
}

extension String? {
    /// A parameter as a query string or form gives it: trimmed of spaces, nil when absent or blank
    /// (an empty field means "not given").
    var given: String? {
        guard let text = self?.trimmingBlanks(), !text.isEmpty else { return nil }
        return text
    }
}
