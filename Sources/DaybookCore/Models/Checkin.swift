import Foundation

/// A quick mood log (seed 002); a user makes many a day.
public struct Checkin: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var userID: UUID
    /// The instant it was logged.
    public var at: Date
    /// The date in the user's time zone at `at`, fixed when logged: a check-in at 23:30 local
    /// belongs to that local date even if the user later moves time zone.
    public var localDate: LocalDate
    /// The time zone `localDate` was computed in.
    public var timeZone: String
    public var feelingID: UUID
    public var activityID: UUID?
    public var personIDs: [UUID]
    public var note: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID = .timeOrdered(), userID: UUID, at: Date, localDate: LocalDate, timeZone: String, feelingID: UUID,
        activityID: UUID? = nil, personIDs: [UUID] = [], note: String = "", createdAt: Date = Date(),
        updatedAt: Date = Date()
    ) {
        self.id = id
        self.userID = userID
        self.at = at
        self.localDate = localDate
        self.timeZone = timeZone
        self.feelingID = feelingID
        self.activityID = activityID
        self.personIDs = personIDs
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension Checkin {
    /// The hour of the day (0–23) at `at` where it was logged: what check-in patterns count by.
    /// Kept beside the check-in, since SQLite cannot convert between time zones.
    public var localHour: Int {
        LocalDate.hour(of: at, in: TimeZone(identifier: timeZone) ?? .gmt)
    }
}
