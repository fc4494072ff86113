import Foundation
import Testing

@testable import DaybookCore

@Suite struct CheckinRulesTests {
    let userID = UUID()
    let feeling = UUID()
    let newYork = zone("America/New_York")

    @Test func defaultsToNowAndFixesTheLocalDate() throws {
        let now = instant(2026, 11, 22, 23, 30, in: "America/New_York")
        let id = UUID()
        let checkin = try CheckinRules.validate(
            CheckinInput(feelingID: feeling, note: " ok "), id: id, userID: userID, zone: newYork, now: now)
        #expect(checkin.id == id)
        #expect(checkin.at == now)
        #expect(checkin.localDate == date("2026-11-22"))  // though it is already the 23rd in UTC
        #expect(checkin.timeZone == "America/New_York")
        #expect(checkin.feelingID == feeling)
        #expect(checkin.note == "ok")
        #expect(checkin.createdAt == now && checkin.updatedAt == now)
    }

    @Test func theSameMomentInAnotherZoneIsAnotherDate() throws {
        let now = instant(2026, 6, 15, 20, 0, in: "America/Los_Angeles")
        let there = try CheckinRules.validate(CheckinInput(feelingID: feeling), userID: userID, zone: zone("America/Los_Angeles"), now: now)
        let here = try CheckinRules.validate(CheckinInput(feelingID: feeling), userID: userID, zone: zone("Pacific/Auckland"), now: now)
        #expect(there.localDate == date("2026-06-15"))
        #expect(here.localDate == date("2026-06-16"))
        #expect(here.timeZone == "Pacific/Auckland")
    }

    @Test func feelingIsRequired() {
        let errors = validationErrors {
            try CheckinRules.validate(CheckinInput(), userID: userID, zone: newYork, now: Date())
        }
        #expect(errors.map(\.field) == ["feelingId"])
        #expect(errors.map(\.code) == ["required"])
    }

    @Test func refusesTheFutureButToleratesClockDrift() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let drift = CheckinInput(at: now.addingTimeInterval(299), feelingID: feeling)
        #expect(try CheckinRules.validate(drift, userID: userID, zone: newYork, now: now).at == drift.at)
        let errors = validationErrors {
            try CheckinRules.validate(
                CheckinInput(at: now.addingTimeInterval(301), feelingID: feeling), userID: userID, zone: newYork, now: now)
        }
        #expect(errors.map(\.field) == ["at"])
        #expect(errors.map(\.code) == ["future_date"])
    }

    @Test func refusesBefore1900() throws {
        let now = Date()
        let old = CheckinRules.earliest.addingTimeInterval(-1)
        let errors = validationErrors {
            try CheckinRules.validate(CheckinInput(at: old, feelingID: feeling), userID: userID, zone: zone("UTC"), now: now)
        }
        #expect(errors.map(\.code) == ["out_of_range"])
        let first = try CheckinRules.validate(
            CheckinInput(at: CheckinRules.earliest, feelingID: feeling), userID: userID, zone: zone("UTC"), now: now)
        #expect(first.localDate == date("1900-01-01"))
    }

    @Test func deduplicatesPeopleAndLimitsThem() throws {
        let a = UUID(), b = UUID()
        let checkin = try CheckinRules.validate(
            CheckinInput(feelingID: feeling, personIDs: [b, a, b, a]), userID: userID, zone: newYork, now: Date())
        #expect(checkin.personIDs == [b, a])
        let twenty = (0..<20).map { _ in UUID() }
        #expect(try CheckinRules.validate(
            CheckinInput(feelingID: feeling, personIDs: twenty + twenty), userID: userID, zone: newYork, now: Date()
        ).personIDs == twenty)
        let errors = validationErrors {
            try CheckinRules.validate(
                CheckinInput(feelingID: feeling, personIDs: twenty + [UUID()]), userID: userID, zone: newYork, now: Date())
        }
        #expect(errors.map(\.field) == ["personIds"])
    }

    @Test func reportsEveryBadFieldAtOnce() {
        let now = Date()
        let errors = validationErrors {
            try CheckinRules.validate(
                CheckinInput(
                    at: now.addingTimeInterval(3600), personIDs: (0..<21).map { _ in UUID() },
                    note: String(repeating: "n", count: 10_001)),
                userID: userID, zone: newYork, now: now)
        }
        #expect(errors.map(\.field) == ["feelingId", "at", "note", "personIds"])
    }
}
