import Foundation

/// How a check-in is checked. Whether the feeling, activity and people belong to the user is for
/// the service to check against storage; this is everything that needs no lookup.
public enum CheckinRules {
    public static let noteMaxLength = 10_000
    public static let peopleMax = 20
    /// How far ahead of the server's clock a time may be: phones' clocks drift, and a form filled
    /// in at 10:00 may be sent at 10:01 with "10:01" typed in.
    public static let futureTolerance: TimeInterval = 5 * 60
    /// 1900-01-01T00:00:00Z: anything earlier is a typo, not a memory.
    public static let earliest = Date(timeIntervalSince1970: -2_208_988_800)

    /// Checks every field and builds the check-in.
    ///
    /// Its local date is fixed now, in `zone` (the user's time zone): a check-in at 23:30 belongs
    /// to that evening's date for good, even if the user later moves to another zone.
    ///
    /// - Throws: `ValidationError` listing every bad field (`feelingId`, `at`, `note`, `personIds`).
    public static func validate(
        _ input: CheckinInput, id: UUID = .timeOrdered(), userID: UUID, zone: TimeZone, now: Date
    ) throws -> Checkin {
        var errors = FieldErrors()
        if input.feelingID == nil {
            errors.add("feelingId", "required", "Pick how you feel.")
        }
        let at = input.at ?? now
        if at > now.addingTimeInterval(futureTolerance) {
            errors.add("at", "future_date", "A check-in can't be in the future.")
        } else if at < earliest {
            errors.add("at", "out_of_range", "A check-in can't be before 1900.")
        }
        let note = input.note.trimmingWhitespaceAndNewlines()
        if note.isLonger(than: noteMaxLength) {
            errors.add(
                "note", "too_long",
                "The note can be at most \(noteMaxLength.withThousandsSeparators) characters; it has \(note.count).")
        }
        let people = input.personIDs.uniqued()
        if people.count > peopleMax {
            errors.add("personIds", "too_many", "Pick at most \(peopleMax) people.")
        }
        try errors.throwIfAny()

        guard let feelingID = input.feelingID else { preconditionFailure("a missing feeling was recorded as an error") }
        return Checkin(
            id: id, userID: userID, at: at, localDate: LocalDate(at, in: zone), timeZone: zone.identifier,
            feelingID: feelingID, activityID: input.activityID, personIDs: people, note: note,
            createdAt: now, updatedAt: now)
    }
}
