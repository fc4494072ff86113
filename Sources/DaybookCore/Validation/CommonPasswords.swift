import Foundation

/// Passwords of 10 characters or more (`PasswordPolicy.minLength`) that attackers try first: the
/// long entries of a leaked-password frequency list, and the ways people lengthen short ones
/// (a word with digits or a year, a word twice, keyboard walks, repeated characters). Shorter
/// passwords are refused by length alone, so listing them would match nothing.
///
/// The list is the resource file `common-passwords.txt`, made by `scripts/common-passwords.py`.
public enum CommonPasswords {
    /// Whether a password is on the list, ignoring case.
    public static func contains(_ password: String) -> Bool {
        words.contains(password.lowercased())
    }

    /// How many passwords the list holds.
    public static var count: Int { words.count }

    /// Read on first use (a `static let` is lazy and thread-safe). A missing resource is a
    /// packaging mistake that must not pass silently: it stops the process at the first check.
    private static let words: Set<String> = {
        guard let url = Bundle.module.url(forResource: "common-passwords", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { fatalError("common-passwords.txt is missing from DaybookCore's resources") }
        return Set(text.split(separator: "\n").lazy.filter { !$0.hasPrefix("#") }.map(String.init))
    }()
}
