import Foundation

extension LocalDate {
    /// The instant a clock in `zone` shows `hour:minute:second` on this date: the one helper every
    /// import, offline check-in and schedule uses to turn a wall-clock time into an instant, so
    /// that daylight-saving days come out right (adding the time to midnight as seconds is an hour
    /// off on them).
    ///
    /// A time that a spring-forward gap skips (02:30 in Berlin on the last Sunday of March) is
    /// taken as that many minutes after the gap (03:30), and a time that a fall-back repeats as its
    /// first occurrence (summer time): what a phone's clock would have shown. Nil when a part is
    /// out of range (hour 0–23, minute and second 0–59), which is how a hostile file's
    /// `hour: 9223372036854775807` is refused without arithmetic that could trap.
    public func instant(hour: Int, minute: Int, second: Int = 0, in zone: TimeZone) -> Date? {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        var parts = DateComponents()
        parts.year = year
        parts.month = month
        parts.day = day
        parts.hour = hour
        parts.minute = minute
        parts.second = second
        let calendar = LocalDate.calendar(zone)
        guard let found = calendar.date(from: parts) else { return nil }
        // Foundation resolves a repeated time to either occurrence depending on the platform;
        // the earlier one (an hour before, showing the same clock time) is the one to keep.
        let earlier = found.addingTimeInterval(-3_600)
        let clock = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: earlier)
        if clock.year == year, clock.month == month, clock.day == day, clock.hour == hour, clock.minute == minute,
            clock.second == second
        {
            return earlier
        }
        return found
    }
}
