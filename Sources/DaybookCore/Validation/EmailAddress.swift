import Foundation

/// Email addresses as accounts use them: one spelling per mailbox, so that uniqueness and login
/// by email do not depend on how the user typed it.
///
/// The check is deliberately a sane shape, not RFC 5322: quoted local parts and IP-literal domains
/// are legal but nobody signs up with them, and a confirmation mail is the only real proof anyway.
public enum EmailAddress {
    /// The most an address can be (RFC 5321's path limit minus the angle brackets).
    public static let maxLength = 254

    /// Trims and lower-cases an address and checks its shape: one `@`, a non-empty local part, a
    /// domain of dot-separated labels, no spaces, at most 254 characters.
    ///
    /// Lower-casing the local part is technically lossy, but no mail provider in use treats
    /// `Ann@x.org` and `ann@x.org` as different people, and users do type both.
    public static func normalize(_ raw: String, field: String = "email") throws -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !email.isEmpty else {
            throw FieldError(field: field, code: "required", message: "Enter your email address.")
        }
        guard email.count <= maxLength else {
            throw FieldError(
                field: field, code: "too_long", message: "An email address can be at most \(maxLength) characters.")
        }
        guard hasSaneShape(email) else {
            throw FieldError(
                field: field, code: "invalid", message: "Enter an email address like name@example.com.")
        }
        return email
    }

    /// Characters that never appear in an everyday address and usually mean a typo or a paste of
    /// `Name <name@example.com>`.
    private static let forbidden = Set("<>()[]\\,;:\"")

    private static func hasSaneShape(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0], domain = parts[1]
        guard !local.isEmpty, local.count <= 64 else { return false }
        guard !email.contains(where: { $0.isWhitespace || forbidden.contains($0) }),
            !email.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return false }
        guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }
}
