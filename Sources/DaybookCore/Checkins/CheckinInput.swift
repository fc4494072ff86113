import Foundation

/// A check-in as a form or an API request sends it (seed 002), before any checking.
public struct CheckinInput: Sendable, Hashable {
    /// When it happened; nil means now.
    public var at: Date?
    /// Required.
    public var feelingID: UUID?
    public var activityID: UUID?
    public var personIDs: [UUID]
    public var note: String

    public init(at: Date? = nil, feelingID: UUID? = nil, activityID: UUID? = nil, personIDs: [UUID] = [], note: String = "") {
        self.at = at
        self.feelingID = feelingID
        self.activityID = activityID
        self.personIDs = personIDs
        self.note = note
    }

    /// The form of a saved check-in, for editing it.
    public init(_ checkin: Checkin) {
        self.init(
            at: checkin.at, feelingID: checkin.feelingID, activityID: checkin.activityID,
            personIDs: checkin.personIDs, note: checkin.note)
    }
}
