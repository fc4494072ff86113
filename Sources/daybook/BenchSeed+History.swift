import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

extension BenchSeed {
    static let historyUsername = "history_user"

    /// The insights benchmark's account (issue 16): a day entry for every date of the last
    /// `years` years and `checkinsPerDay` check-ins on each, written through the store (the
    /// rules were checked by the services elsewhere; this is volume). Returns its bearer token.
    static func seedHistory(
        store: any DaybookStore, services: Services, years: Int, checkinsPerDay: Int, password: String,
        today: LocalDate, random: inout SplitMix64
    ) async throws -> String {
        let issued = try await services.accounts.register(
            Registration(
                email: "history@example.org", username: historyUsername, password: password, timeZone: "UTC"),
            kind: .api, persistent: true,
            client: ClientInfo(ipAddress: "127.0.0.1", deviceName: "daybook bench-seed"))
        let user = issued.user
        let feelings = try await services.vocabulary.items(userID: user.id, kind: .feeling)
        let activities = try await services.vocabulary.items(userID: user.id, kind: .activity)
        var people: [Person] = []
        for name in ["Alex", "Sam", "Mum", "Robin"] {
            people.append(try await services.vocabulary.addPerson(userID: user.id, name: name))
        }
        let days = years * 365
        let stamp = Date().roundedToMicroseconds
        for back in 1...days {
            let date = today.adding(days: -back)
            let chosen = activities.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)).map(\.id)
            let entry = DayEntry(
                userID: user.id, date: date, mood: Mood(rawValue: Int.random(in: 1...5, using: &random))!,
                activityIDs: chosen, note: text(length: 60, random: &random),
                thoughts: back % 3 == 0 ? text(length: 80, random: &random) : "",
                gratitude: back % 2 == 0 ? [text(length: 30, random: &random)] : [], createdAt: stamp, updatedAt: stamp)
            _ = try await store.days.upsert(entry)
            let midnight = date.start(in: .gmt)
            for _ in 0..<checkinsPerDay {
                let at = midnight.addingTimeInterval(Double(Int.random(in: 6 * 3_600..<23 * 3_600, using: &random)))
                let checkin = Checkin(
                    userID: user.id, at: at, localDate: date, timeZone: "UTC",
                    feelingID: feelings.randomElement(using: &random)!.id,
                    activityID: Bool.random(using: &random) ? activities.randomElement(using: &random)?.id : nil,
                    personIDs: Array(
                        people.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)).map(\.id)),
                    createdAt: at, updatedAt: at)
                try await store.checkins.insert(checkin)
            }
            if back % 730 == 0 { print("… \(back / 365) years of history") }
        }
        return issued.token
    }
}
