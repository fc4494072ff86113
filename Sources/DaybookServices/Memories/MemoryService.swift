import DaybookCore
import DaybookStorage
import Foundation

/// What the user wrote, logged and photographed on one date of an earlier year.
public struct Memory: Sendable {
    public var date: LocalDate
    public var day: DayEntry?
    /// Newest first.
    public var checkins: [Checkin]
    /// Entries about that date, newest first.
    public var journal: [JournalEntry]

    /// The day's photo, then each entry's, each once.
    public var photoIDs: [UUID] {
        ((day?.photoID.map { [$0] } ?? []) + journal.flatMap(\.photoIDs)).uniqued()
    }
}

/// "On this day" (issue 17): the same date in earlier years, on Today and in the API.
public struct MemoryService: Sendable {
    let store: any DaybookStore
    let now: @Sendable () -> Date

    public init(store: any DaybookStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.now = now
    }

    /// The user's memories of `date` (their today when nil), newest year first; years with nothing
    /// are left out. Returns the date it looked at too.
    public func memories(user: User, on date: LocalDate? = nil) async throws -> (date: LocalDate, items: [Memory]) {
        let date = date ?? LocalDate.today(in: user.zone, now: now())
        let dates = OnThisDay.earlierDates(of: date)
        async let days = store.days.entries(userID: user.id, on: dates)
        async let checkins = store.checkins.checkins(userID: user.id, on: dates)
        async let journal = store.journal.entries(userID: user.id, on: dates)
        var byDate: [LocalDate: Memory] = [:]
        func memory(_ date: LocalDate) -> Memory {
            byDate[date] ?? Memory(date: date, day: nil, checkins: [], journal: [])
        }
        for day in try await days { byDate[day.date] = { var m = memory(day.date); m.day = day; return m }() }
        for checkin in try await checkins {
            var m = memory(checkin.localDate)
            m.checkins.append(checkin)
            byDate[checkin.localDate] = m
        }
        for entry in try await journal {
            var m = memory(entry.date)
            m.journal.append(entry)
            byDate[entry.date] = m
        }
        return (date, byDate.values.sorted { $0.date > $1.date })
    }
}
