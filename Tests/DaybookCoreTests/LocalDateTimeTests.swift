import Foundation
import Testing

@testable import DaybookCore

/// Wall-clock times to instants on the days a clock changes (issue 61's first defect: a Daylio
/// row at 23:07 in Berlin on the spring-forward day was stored an hour late).
@Suite("A date and a time in a zone")
struct LocalDateTimeTests {
    func instant(_ date: String, _ hour: Int, _ minute: Int, _ zone: String) -> String? {
        LocalDate(date)!.instant(hour: hour, minute: minute, in: TimeZone(identifier: zone)!).map {
            $0.formatted(.iso8601)
        }
    }

    @Test func springForwardAndFallBackInBerlin() {
        #expect(instant("2018-03-25", 23, 7, "Europe/Berlin") == "2018-03-25T21:07:00Z")
        #expect(instant("2022-10-30", 10, 4, "Europe/Berlin") == "2022-10-30T09:04:00Z")
        #expect(instant("2018-03-25", 1, 30, "Europe/Berlin") == "2018-03-25T00:30:00Z")
        #expect(instant("2018-03-25", 3, 30, "Europe/Berlin") == "2018-03-25T01:30:00Z")
    }

    /// 02:30 does not exist on the spring-forward day: it is taken as 03:30 (after the gap).
    @Test func theSkippedHourComesAfterTheGap() {
        #expect(instant("2018-03-25", 2, 30, "Europe/Berlin") == "2018-03-25T01:30:00Z")
        #expect(instant("2024-03-10", 2, 15, "America/New_York") == "2024-03-10T07:15:00Z")
    }

    /// 02:30 happens twice on the fall-back day: the first (summer time) is taken.
    @Test func theDoubledHourIsItsFirstOccurrence() {
        #expect(instant("2022-10-30", 2, 30, "Europe/Berlin") == "2022-10-30T00:30:00Z")
        #expect(instant("2024-11-03", 1, 30, "America/New_York") == "2024-11-03T05:30:00Z")
    }

    /// Lord Howe Island moves its clocks by half an hour.
    @Test func aZoneWithAHalfHourShift() {
        // 2022-10-02: 02:00 (+10:30) becomes 02:30 (+11).
        #expect(instant("2022-10-02", 1, 59, "Australia/Lord_Howe") == "2022-10-01T15:29:00Z")
        #expect(instant("2022-10-02", 2, 45, "Australia/Lord_Howe") == "2022-10-01T15:45:00Z")
        #expect(instant("2022-10-02", 2, 15, "Australia/Lord_Howe") == "2022-10-01T15:45:00Z")
        // 2023-04-02: 02:00 (+11) becomes 01:30 (+10:30); 01:45 happens twice.
        #expect(instant("2023-04-02", 1, 45, "Australia/Lord_Howe") == "2023-04-01T14:45:00Z")
    }
}
