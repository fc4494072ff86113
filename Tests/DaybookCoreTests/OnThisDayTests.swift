import DaybookCore
import Testing

@Suite struct OnThisDayTests {
    @Test func theSameDateInEarlierYearsNewestFirst() {
        let dates = OnThisDay.earlierDates(of: LocalDate("2026-11-24")!, yearsBack: 3)
        #expect(dates.map(\.description) == ["2025-11-24", "2024-11-24", "2023-11-24"])
    }

    @Test func theLeapDayShowsOnItselfAndOnTheTwentyEighthOfOtherYears() {
        let leap = OnThisDay.earlierDates(of: LocalDate("2028-02-29")!, yearsBack: 8)
        #expect(leap.map(\.description) == ["2024-02-29", "2020-02-29"])
        let common = OnThisDay.earlierDates(of: LocalDate("2026-02-28")!, yearsBack: 3)
        #expect(common.map(\.description) == ["2025-02-28", "2024-02-28", "2024-02-29", "2023-02-28"])
        // In a leap year the 28th is only itself: the 29th comes the next day.
        let leapYear28 = OnThisDay.earlierDates(of: LocalDate("2028-02-28")!, yearsBack: 1)
        #expect(leapYear28.map(\.description) == ["2027-02-28"])
    }
}
