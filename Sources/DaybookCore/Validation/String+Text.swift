/// Small text helpers the validation rules share.
extension String {
    /// The string without whitespace and line breaks at its end.
    func trimmingTrailingWhitespace() -> String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }

    /// Whether any scalar is a C0/C1 control character (Unicode category Cc). Format characters such
    /// as the zero-width joiner are allowed: emoji sequences need them.
    var containsControlCharacters: Bool {
        unicodeScalars.contains { $0.properties.generalCategory == .control }
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
        guard let text = self?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}
