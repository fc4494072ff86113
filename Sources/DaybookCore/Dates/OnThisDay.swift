import Foundation

/// "On this day": the same date in earlier years, for memories (issue 17).
public enum OnThisDay {
    /// How far back memories look.
    public static let yearsBack = 100

    /// The same month and day in each of the `yearsBack` years before `date`'s, newest first. A
    /// 29 February shows only in leap years; on 28 February of a year that has no 29th, the 29ths
    /// of earlier leap years come too, so they are not lost.
    public static func earlierDates(of date: LocalDate, yearsBack: Int = yearsBack) -> [LocalDate] {
        let includeLeapDay = date.month == 2 && date.day == 28 && LocalDate(year: date.year, month: 2, day: 29) == nil
        var dates: [LocalDate] = []
        for year in stride(from: date.year - 1, through: max(1, date.year - yearsBack), by: -1) {
            if let same = LocalDate(year: year, month: date.month, day: date.day) { dates.append(same) }
            if includeLeapDay, let leapDay = LocalDate(year: year, month: 2, day: 29) { dates.append(leapDay) }
        }
        return dates
    }
}
