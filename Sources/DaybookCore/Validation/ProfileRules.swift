import Foundation

/// The free-form parts of a profile (seed 001): display name, bio and time zone.
public enum ProfileRules {
    public static let bioMaxLength = 500
    public static let displayNameMaxLength = 80

    /// A bio keeps its leading spaces and inner line breaks (people format them on purpose); only
    /// trailing whitespace, which a text area adds by accident, goes.
    public static func validateBio(_ raw: String, field: String = "bio") throws -> String {
        let bio = raw.trimmingTrailingWhitespace()
        guard bio.count <= bioMaxLength else {
            throw FieldError(
                field: field, code: "too_long",
                message: "A bio can be at most \(bioMaxLength) characters; this one has \(bio.count).")
        }
        return bio
    }

    /// A display name may be empty (the username is shown instead), but it is one line of text.
    public static func validateDisplayName(_ raw: String, field: String = "displayName") throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count <= displayNameMaxLength else {
            throw FieldError(
                field: field, code: "too_long", message: "A display name can be at most \(displayNameMaxLength) characters.")
        }
        guard !name.containsControlCharacters else {
            throw FieldError(field: field, code: "invalid", message: "A display name must be one line of plain text.")
        }
        return name
    }

    /// Accepts only IANA names the system knows (`Europe/Helsinki`, `UTC`): "today" is computed in
    /// this zone, and an abbreviation like `EST` or an offset like `+02:00` has no daylight-saving
    /// rules.
    ///
    /// `knownTimeZoneIdentifiers` alone is not enough: on Linux it comes from an older ICU list
    /// that has `Asia/Calcutta` but not `Asia/Kolkata`, the name iOS and Firefox report. So a
    /// region name (`Area/Location`) that the system can load under exactly that spelling counts too.
    /// The first day of the user's weeks: an ISO weekday, 1 (Monday) to 7 (Sunday).
    public static func validateWeekStart(_ value: Int, field: String = "weekStart") throws -> Int {
        guard (1...7).contains(value) else {
            throw FieldError(
                field: field, code: "out_of_range", message: "Weeks start on a weekday: 1 (Monday) to 7 (Sunday).")
        }
        return value
    }

    public static func validateTimeZone(_ raw: String, field: String = "timeZone") throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            throw FieldError(field: field, code: "required", message: "Choose a time zone, like Europe/Helsinki.")
        }
        guard isKnownTimeZone(name) else {
            throw FieldError(
                field: field, code: "invalid",
                message: "“\(name)” is not a time zone we know. Use a name like Europe/Helsinki or America/New_York.")
        }
        return name
    }

    private static let knownZones = Set(TimeZone.knownTimeZoneIdentifiers)

    private static func isKnownTimeZone(_ name: String) -> Bool {
        guard let zone = TimeZone(identifier: name) else { return false }
        return name == "UTC" || knownZones.contains(name) || (name.contains("/") && zone.identifier == name)
    }
}
