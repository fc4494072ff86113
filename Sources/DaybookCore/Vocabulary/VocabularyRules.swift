import Foundation

/// Names and emojis of the user's own feelings, activities and people.
public enum VocabularyRules {
    public static let nameMaxLength = 40
    public static let personNameMaxLength = 60
    public static let emojiMaxLength = 2

    /// A feeling or activity name: one short line ("good sleep").
    public static func validateName(_ raw: String, field: String = "name") throws -> String {
        try validateLine(raw, field: field, maxLength: nameMaxLength, what: "A name")
    }

    /// A person's name as the user calls them ("Mum", "Anna K."): one line, up to 60 characters.
    public static func validatePersonName(_ raw: String, field: String = "name") throws -> String {
        try validateLine(raw, field: field, maxLength: personNameMaxLength, what: "A name")
    }

    /// One emoji, or two side by side. Plain letters and digits are refused: "ab" is a name, not
    /// an icon, and would break the layout of pickers and calendars.
    public static func validateEmoji(_ raw: String, field: String = "emoji") throws -> String {
        let emoji = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !emoji.isEmpty else {
            throw FieldError(field: field, code: "required", message: "Pick an emoji, like 😊.")
        }
        guard emoji.count <= emojiMaxLength else {
            throw FieldError(field: field, code: "too_long", message: "Use one emoji, or at most two.")
        }
        guard emoji.allSatisfy(looksLikeEmoji) else {
            throw FieldError(
                field: field, code: "invalid", message: "Use an emoji (like 😊 or 🏃), not letters or digits.")
        }
        return emoji
    }

    /// A grapheme counts as an icon if it is drawn as an emoji (emoji presentation, the emoji
    /// variation selector U+FE0F, a keycap) or is a symbol such as ★ or ♥. Digits, `#` and `*`
    /// have the Unicode "emoji" property (for keycaps), so that property alone is not enough.
    static func looksLikeEmoji(_ grapheme: Character) -> Bool {
        let scalars = grapheme.unicodeScalars
        if scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F || $0.value == 0x20E3 }) {
            return true
        }
        switch scalars.first?.properties.generalCategory {
        case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol: return true
        default: return false
        }
    }

    private static func validateLine(_ raw: String, field: String, maxLength: Int, what: String) throws -> String {
        let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else {
            throw FieldError(field: field, code: "required", message: "Enter a name.")
        }
        // Counted as sent too: surrounding spaces are trimmed, not a way past the limit.
        guard line.count <= maxLength, raw.count <= maxLength else {
            throw FieldError(field: field, code: "too_long", message: "\(what) can be at most \(maxLength) characters.")
        }
        guard !line.containsControlCharacters else {
            throw FieldError(field: field, code: "invalid", message: "\(what) must be one line of plain text.")
        }
        return line
    }
}
