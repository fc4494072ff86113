/// What a new password must be. Length is what makes a password strong; the common-password list
/// catches the long ones that every attacker tries first ("password123", "qwertyuiop").
///
/// There is no rule about digits or symbols: such rules make passwords harder to remember without
/// making them much harder to guess (NIST SP 800-63B).
public enum PasswordPolicy {
    public static let minLength = 10
    /// An upper bound so that nobody can make the server hash megabytes.
    public static let maxLength = 128

    /// Checks a new password as typed: it is never trimmed, since spaces are characters too.
    public static func validate(_ password: String, field: String = "password") throws {
        guard !password.isEmpty else {
            throw FieldError(
                field: field, code: "required", message: "Choose a password of at least \(minLength) characters.")
        }
        // A NUL would end the password for any C code it meets; tabs and line breaks cannot be
        // typed back reliably into a password field. Refused with a message, never stripped.
        guard !password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw FieldError(
                field: field, code: "control_character",
                message: "A password cannot contain control characters such as tabs, line breaks or NUL.")
        }
        let length = password.count
        guard length >= minLength else {
            throw FieldError(
                field: field, code: "too_short",
                message: "Use at least \(minLength) characters; a few words strung together is easy to remember.")
        }
        guard length <= maxLength else {
            throw FieldError(field: field, code: "too_long", message: "Use at most \(maxLength) characters.")
        }
        guard !CommonPasswords.contains(password) else {
            throw FieldError(
                field: field, code: "common_password",
                message: "That password is one of the most common ones and easy to guess. Choose another.")
        }
    }
}
