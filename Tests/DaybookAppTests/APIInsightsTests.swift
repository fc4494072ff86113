import DaybookTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 16 over HTTP: each statistic with numbers worked out from the days logged here, the
/// charts as SVG and PNG, the diaries, bad parameters named, and another user's days invisible.
@Suite("API: insights")
struct APIInsightsTests {
    /// Twelve days ending yesterday: walks on the six even ones (mood 5), the others mood 2;
    /// thoughts on the last day, gratitude on the last two. Two check-ins yesterday at 08:00 and
    /// 20:00 UTC (calm), one the day before at 08:00 (calm). Returns walk's id and calm's.
    func logTwelveDays(_ api: API) async throws -> (walk: String, calm: String) {
        let walk = try await api.wordID("activities", "walk")
        let calm = try await api.wordID("feelings", "calm")
        for back in 1...12 {
            let walked = back % 2 == 0
            var body: [String: Any] = ["mood": walked ? 5 : 2, "activityIds": walked ? [walk] : []]
            if back == 1 { body["thoughts"] = "Quiet evening." }
            if back <= 2 { body["gratitude"] = ["tea \(back)"] }
            let saved = try await api.put("/days/\(TestDates.date(daysFromToday: -back))", body)
            #expect(saved.status == .created || saved.status == .ok, "\(saved.text)")
        }
        for (back, hour) in [(1, "08"), (1, "20"), (2, "08")] {
            let made = try await api.post(
                "/checkins", ["feelingId": calm, "at": "\(TestDates.date(daysFromToday: -back))T\(hour):00:00Z"])
            #expect(made.status == .created, "\(made.text)")
        }
        return (walk, calm)
    }

    @Test(arguments: TestDatabase.available)
    func statisticsAddUpTheDaysLogged(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("counter")
            let (walk, calm) = try await logTwelveDays(api)

            let week = try await api.get("/insights/week")
            #expect(week.status == .ok, "\(week.text)")
            let days = week["days"] as? [[String: Any]] ?? []
            #expect(days.count == 7 && days.first?["weekday"] as? Int == 1 && week["weekStart"] as? Int == 1)
            #expect(days.contains { $0["date"] as? String == TestDates.todayUTC && $0["mood"] == nil })

            // Six days at 5 and six at 2: 42 over 12, half each.
            let distribution = try await api.get("/insights/distribution?range=30d")
            #expect(distribution["totalDays"] as? Int == 12)
            let moods = distribution["moods"] as? [[String: Any]] ?? []
            #expect(moods.first { $0["mood"] as? Int == 5 }?["days"] as? Int == 6)
            #expect(moods.first { $0["mood"] as? Int == 2 }?["share"] as? Double == 0.5)

            let trend = try await api.get("/insights/trend?range=30d")
            let trendMoods = trend["moods"] as? [Any] ?? []
            let averages = trend["movingAverages"] as? [Any] ?? []
            #expect(trendMoods.count == 30 && averages.count == 30 && trend["to"] as? String == TestDates.todayUTC)
            #expect(trendMoods.filter { $0 is Int }.count == 12 && trendMoods.filter { $0 is NSNull }.count == 18)
            // Yesterday's window, 1 to 7 days ago: 2, 5, 2, 5, 2, 5, 2 = 23 over 7 days, to two decimals.
            #expect(averages[28] as? Double == 3.29)

            // Walk: 6 days at 5 against 6 days at 2 without it: +3.
            let correlations = try await api.get("/insights/correlations?range=30d")
            let items = correlations["items"] as? [[String: Any]] ?? []
            let walkRow = try #require(items.first { ($0["tag"] as? [String: Any])?["id"] as? String == walk })
            #expect(walkRow["withDays"] as? Int == 6 && walkRow["withoutDays"] as? Int == 6)
            #expect(walkRow["withAverage"] as? Double == 5 && walkRow["withoutAverage"] as? Double == 2)
            #expect(walkRow["difference"] as? Double == 3)
            #expect((walkRow["tag"] as? [String: Any])?["name"] as? String == "walk")
            // Calm is on 2 days only: hidden.
            #expect(!items.contains { ($0["tag"] as? [String: Any])?["id"] as? String == calm })
            #expect(correlations["hidden"] as? Int ?? 0 >= 1)

            let streaks = try await api.get("/insights/streaks")
            let entries = streaks["entries"] as? [String: Any] ?? [:]
            #expect(entries["current"] as? Int == 12 && entries["longest"] as? Int == 12)
            #expect((streaks["checkins"] as? [String: Any])?["current"] as? Int == 2)

            let patterns = try await api.get("/insights/checkin-patterns?range=30d")
            let feeling = try #require((patterns["feelings"] as? [[String: Any]])?.first)
            #expect(patterns["total"] as? Int == 3)
            let hours = feeling["byHour"] as? [Int] ?? []
            #expect(hours.count == 24 && hours[8] == 2 && hours[20] == 1)

            let weekdays = try await api.get("/insights/weekdays?range=30d")
            let perDay = weekdays["weekdays"] as? [[String: Any]] ?? []
            #expect(perDay.count == 7 && perDay.reduce(0) { $0 + ($1["days"] as? Int ?? 0) } == 12)

            let thisYear = Int(TestDates.todayUTC.prefix(4))!
            let year = try await api.get("/insights/year")
            #expect(year["year"] as? Int == thisYear && (year["months"] as? [Any])?.count == 12)
            #expect((year["years"] as? [Int])?.contains(thisYear) == true)
            #expect(year["days"] as? Int ?? 0 >= 1)
            let pixels = try await api.get("/insights/pixels?year=2024")
            #expect((pixels["days"] as? [Any])?.count == 366)  // a leap year

            // Weeks start where the user says.
            #expect(try await api.patch("/me", ["weekStart": 7])["weekStart"] as? Int == 7)
            let sundays = try await api.get("/insights/week")
            #expect((sundays["days"] as? [[String: Any]])?.first?["weekday"] as? Int == 7)
            #expect(try await api.patch("/me", ["weekStart": 8]).errorCode("weekStart") == "out_of_range")
        }
    }

    @Test(arguments: TestDatabase.available)
    func chartsComeAsSVGAndPNG(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("drawer")
            _ = try await logTwelveDays(api)
            for name in [
                "week", "year", "trend", "distribution", "pixels", "streaks", "correlations", "weekdays",
                "checkin-hours",
                "checkin-weekdays",
            ] {
                let svg = try await api.get(
                    "/insights/charts/\(name).svg?range=30d".replacingOccurrences(
                        of: "?range=30d",
                        with: ["week", "streaks", "year", "pixels"].contains(name) ? "" : "?range=30d"))
                #expect(svg.status == .ok, "\(name): \(svg.text)")
                #expect(svg.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
                #expect(svg.text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), "\(name)")
                #expect(svg.text.contains("<title id=\"chart-\(name)-title\">") && svg.text.contains("<desc"))
            }
            let png = try await api.get("/insights/charts/trend.png?range=90d")
            #expect(png.status == .ok && png.headers[.contentType] == "image/png")
            #expect(Array(png.bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            // Twice the SVG's 360 units: width is the big-endian integer after "IHDR".
            let width = png.bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 720)
            try await api.get("/insights/charts/nonsense.svg").expectProblem(.notFound, "not_found")
            #expect(try await api.get("/insights/charts/pixels.png?year=0").errorCode("year") == "invalid")
        }
    }

    @Test(arguments: TestDatabase.available)
    func badParametersNameThemselves(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("fussy")
            #expect(try await api.get("/insights/year?year=0").errorCode("year") == "invalid")
            #expect(try await api.get("/insights/pixels?year=abc").errorCode("year") == "invalid")
            let unknown = try await api.get("/insights/trend?range=fortnight")
            unknown.expectProblem(.unprocessableContent, "validation_failed")
            #expect(unknown.errorCode("range") == "invalid")
            #expect(try await api.get("/insights/distribution?from=2025-01-01").errorCode("to") == "required")
            #expect(try await api.get("/insights/weekdays?to=2025-01-01").errorCode("from") == "required")
            #expect(
                try await api.get("/insights/correlations?from=2025-02-01&to=2025-01-01").errorCode("to")
                    == "before_from")
            #expect(
                try await api.get("/insights/checkin-patterns?from=yesterday&to=2025-01-01").errorCode("from")
                    == "invalid")
            #expect(
                try await api.get("/insights/trend?range=30d&from=2025-01-01&to=2025-01-02").errorCode("range")
                    == "conflict")
            #expect(try await api.get("/insights/trend?range=a&range=b").errorCode("range") == "repeated")
            #expect(try await api.get("/diaries/thoughts?cursor=nope").errorCode("cursor") == "invalid")
            try await api.with(token: nil).get("/insights/week").expectProblem(.unauthorized, "unauthorized")
            try await api.with(token: nil).get("/insights/charts/week.svg").expectProblem(.unauthorized, "unauthorized")
        }
    }

    @Test(arguments: TestDatabase.available)
    func diariesPageThroughThoughtsAndGratitude(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("diarist")
            _ = try await logTwelveDays(api)
            let thoughts = try await api.get("/diaries/thoughts")
            #expect(thoughts.items.map { $0["lines"] as? [String] } == [["Quiet evening."]])
            #expect(thoughts.items.first?["date"] as? String == TestDates.date(daysFromToday: -1))
            let first = try await api.get("/diaries/gratitude?limit=1")
            #expect(first.items.map { $0["lines"] as? [String] } == [["tea 1"]])
            let cursor = try #require(first["nextCursor"] as? String)
            let second = try await api.get("/diaries/gratitude?limit=1&cursor=\(cursor)")
            #expect(second.items.map { $0["lines"] as? [String] } == [["tea 2"]])
            #expect(second["nextCursor"] == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anotherUsersDaysAreNotCounted(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let owner = try await API(client).register("owner")
            let other = try await API(client).register("other")
            _ = try await logTwelveDays(owner)
            #expect(try await other.get("/insights/distribution?range=all")["totalDays"] as? Int == 0)
            #expect(
                try await other.get("/insights/streaks")["entries"].flatMap { ($0 as? [String: Any])?["longest"] }
                    as? Int == 0)
            #expect(try await other.get("/insights/checkin-patterns")["total"] as? Int == 0)
            #expect(try await other.get("/diaries/thoughts").items.isEmpty)
            #expect(try await other.get("/diaries/gratitude").items.isEmpty)
            let chart = try await other.get("/insights/charts/distribution.svg?range=all")
            #expect(chart.text.contains("No entries in this range."))
        }
    }
}
