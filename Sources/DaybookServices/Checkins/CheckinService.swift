import DaybookCore
import DaybookStorage
import Foundation

/// A page of check-ins, newest first.
public struct CheckinPage: Sendable {
    public var items: [Checkin]
    public var nextCursor: String?
}

/// Changes to a check-in; nil leaves a field as it is. `activityID` is doubly optional so it can be
/// cleared.
public struct CheckinPatch: Sendable {
    public var at: Date?
    public var feelingID: UUID?
    public var activityID: UUID??
    public var personIDs: [UUID]?
    public var note: String?

    public init(
        at: Date? = nil, feelingID: UUID? = nil, activityID: UUID?? = nil, personIDs: [UUID]? = nil, note: String? = nil
    ) {
        self.at = at
        self.feelingID = feelingID
        self.activityID = activityID
        self.personIDs = personIDs
        self.note = note
    }
}

/// Quick mood logs, many a day (seed 002).
public struct CheckinService: Sendable {
    let store: any DaybookStore
    /// Names the feeling, activity and people a check-in refers to, to refuse ids that are not the
    /// user's own.
    let vocabulary: VocabularyService
    let now: @Sendable () -> Date

    public init(
        store: any DaybookStore, vocabulary: VocabularyService? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.vocabulary = vocabulary ?? VocabularyService(store: store, now: now)
        self.now = now
    }

    public func create(user: User, input: CheckinInput) async throws -> Checkin {
        var input = input
        input.at = input.at?.roundedToMicroseconds
        let time = now().roundedToMicroseconds
        let checkin = try await validated(user: user, input: input, id: .timeOrdered(at: time), createdAt: time)
        try await store.checkins.insert(checkin)
        return checkin
    }

    public func checkin(userID: UUID, id: UUID) async throws -> Checkin {
        guard let checkin = try await store.checkins.checkin(id: id, userID: userID) else { throw NotFound() }
        return checkin
    }

    /// Applies a patch. A changed time is placed on its local date in the user's current zone.
    public func update(user: User, id: UUID, patch: CheckinPatch) async throws -> Checkin {
        let old = try await checkin(userID: user.id, id: id)
        var input = CheckinInput(old)
        if let at = patch.at { input.at = at.roundedToMicroseconds }
        if let feeling = patch.feelingID { input.feelingID = feeling }
        if let activity = patch.activityID { input.activityID = activity }
        if let people = patch.personIDs { input.personIDs = people }
        if let note = patch.note { input.note = note }
        var updated = try await validated(user: user, input: input, id: id, createdAt: old.createdAt)
        if patch.at == nil {
            // The moment did not move: keep the date it was logged on, whatever zone the user is in now.
            updated.localDate = old.localDate
            updated.timeZone = old.timeZone
        }
        try await store.checkins.update(updated)
        return updated
    }

    public func delete(userID: UUID, id: UUID) async throws {
        guard try await store.checkins.delete(id: id, userID: userID) else { throw NotFound() }
    }

    public func page(userID: UUID, from: LocalDate?, to: LocalDate?, cursor: String?, limit: Int) async throws
        -> CheckinPage
    {
        var after: CheckinCursor?
        if let cursor, !cursor.isEmpty {
            guard let parsed = CheckinCursor(token: cursor) else {
                throw ValidationError([.invalidCursor])
            }
            after = parsed
        }
        if let from, let to, from > to {
            throw ValidationError([FieldError(field: "to", code: "invalid", message: "“to” must not be before “from”.")]
            )
        }
        let limit = min(max(limit, 1), 100)
        let items = try await store.checkins.checkins(
            userID: userID, from: from, to: to, after: after, limit: limit + 1)
        let page = Array(items.prefix(limit))
        return CheckinPage(
            items: page, nextCursor: items.count > limit ? page.last.map { CheckinCursor(after: $0).token } : nil)
    }

    /// Checks the fields, then that the feeling, activity and people are the user's own: another
    /// user's id is refused exactly like one that does not exist.
    private func validated(user: User, input: CheckinInput, id: UUID, createdAt: Date) async throws -> Checkin {
        var errors = FieldErrors()
        var checkin = errors.check {
            try CheckinRules.validate(input, id: id, userID: user.id, zone: user.zone, now: now())
        }
        // Record the zone under the user's own name for it: on Linux `TimeZone(identifier: "UTC")`
        // calls itself "GMT".
        if TimeZone(identifier: user.timeZone) != nil { checkin?.timeZone = user.timeZone }
        let lookup = try await vocabulary.lookup(
            userID: user.id, itemIDs: [input.feelingID, input.activityID].compactMap { $0 }, personIDs: input.personIDs)
        if let feeling = input.feelingID, lookup.items[feeling]?.kind != .feeling {
            errors.add("feelingId", "unknown", "This feeling does not exist.")
        }
        if let activity = input.activityID, lookup.items[activity]?.kind != .activity {
            errors.add("activityId", "unknown", "This activity does not exist.")
        }
        if input.personIDs.contains(where: { lookup.people[$0] == nil }) {
            errors.add("personIds", "unknown", "One of these people does not exist.")
        }
        try errors.throwIfAny()
        checkin!.createdAt = createdAt
        checkin!.updatedAt = now().roundedToMicroseconds
        return checkin!
    }
}
