import Foundation

/// Usernames: what friends type to find each other, and an alternative to the email at login.
///
/// Kept to plain ASCII so that two names that look alike are alike, and so they fit in a URL
/// without escaping. Stored as typed ("AnnaK"), but unique ignoring case: `canonical` is the key.
public enum Username {
    public static let minLength = 3
    public static let maxLength = 30

    /// The whole rule in one sentence, so every message about a username says what would be right.
    public static let rule = "Use 3 to 30 characters: letters a–z, digits 0–9, underscores (_) and dots (.)."

    /// Trims a username and checks it; returns it as typed (case kept).
    public static func validate(_ raw: String, field: String = "username") throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            throw FieldError(field: field, code: "required", message: "Choose a username. \(rule)")
        }
        guard name.count >= minLength else {
            throw FieldError(field: field, code: "too_short", message: "That username is too short. \(rule)")
        }
        guard name.count <= maxLength else {
            throw FieldError(field: field, code: "too_long", message: "That username is too long. \(rule)")
        }
        guard name.unicodeScalars.allSatisfy(isAllowed) else {
            throw FieldError(
                field: field, code: "invalid",
                message: "A username can contain only letters a–z, digits 0–9, underscores (_) and dots (.).")
        }
        return name
    }

    /// The form used for uniqueness and lookup: lower-cased.
    public static func canonical(_ name: String) -> String {
        name.lowercased()
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".": true
        default: false
        }
    }
}
