import DaybookCharts
import DaybookCore
import DaybookServices
import Foundation

/// One chart of the Insights page: the SVG inline, links to it as files, and its numbers.
struct InsightSection {
    let id: String
    let heading: String
    let intro: String
    let svg: String
    let svgHref: String
    let pngHref: String
    let tables: [Table]

    struct Table {
        let caption: String
        let headers: [String]
        let rows: [[Cell]]
        let columns: Int
        /// Short tables show at once; long ones fold under "Show the numbers".
        let open: Bool
    }

    struct Cell {
        let text: String
        /// `mood-1` … `mood-5` draws a swatch of that mood's colour before the text.
        let moodClass: String?
        let href: String?

        init(_ text: String, mood: Mood? = nil, href: String? = nil) {
            self.text = text
            self.moodClass = mood.map { "mood-\($0.rawValue)" }
            self.href = href
        }
    }
}

/// Statistics as page sections; chart links carry the parameters the page was drawn with.
struct InsightSections {
    let query: InsightPages.Query

    private func section(
        _ chart: Chart, intro: String, query: String = "", tables: [InsightSection.Table]
    ) -> InsightSection {
        InsightSection(
            id: chart.name, heading: chart.title, intro: intro, svg: chart.svg(),
            svgHref: "/insights/charts/\(chart.name).svg\(query)",
            pngHref: "/insights/charts/\(chart.name).png\(query)",
            tables: tables)
    }

    private func table(_ caption: String, _ headers: [String], _ rows: [[InsightSection.Cell]]) -> InsightSection.Table
    {
        InsightSection.Table(
            caption: caption, headers: headers, rows: rows, columns: headers.count, open: rows.count <= 12)
    }

    private func dayCell(_ date: LocalDate) -> InsightSection.Cell {
        InsightSection.Cell(DateText.short(date), href: "/days/\(date)")
    }

    private func moodCell(_ mood: Mood?) -> InsightSection.Cell {
        mood.map { InsightSection.Cell("\($0.emoji) \($0.name)", mood: $0) } ?? InsightSection.Cell("–")
    }

    private func averageCell(_ tally: MoodTally) -> InsightSection.Cell {
        InsightSection.Cell(ChartNumber.text(tally.average), mood: tally.average.map(Mood.init(nearest:)))
    }

    func week(_ week: MoodWeek) -> InsightSection {
        section(
            InsightCharts.week(week), intro: "Each day of this week.",
            tables: [
                table("This week", ["Day", "Mood"], week.days.map { [dayCell($0.date), moodCell($0.mood)] })
            ])
    }

    func streaks(_ streaks: Streaks) -> InsightSection {
        func row(_ label: String, _ streak: Streak) -> [InsightSection.Cell] {
            [
                InsightSection.Cell(label), InsightSection.Cell("\(streak.currentDays) days"),
                InsightSection.Cell(
                    streak.longest.map {
                        "\($0.length) days (\(DateText.medium($0.start)) – \(DateText.medium($0.end)))"
                    }
                        ?? "–"),
            ]
        }
        return section(
            InsightCharts.streaks(streaks),
            intro:
                "Days in a row with an entry (filled in later counts) and with a check-in. Today is not over: a streak "
                + "that reaches yesterday is still going.",
            tables: [
                table(
                    "Streaks", ["", "Now", "Longest"],
                    [row("Day entries", streaks.entries), row("Days with a check-in", streaks.checkins)])
            ])
    }

    func year(_ year: MoodYear, query: String) -> InsightSection {
        section(
            InsightCharts.year(year), intro: "The average mood of each month, and how many days it is made of.",
            query: query,
            tables: [
                table(
                    "\(year.year) by month", ["Month", "Average", "Days"],
                    year.months.map {
                        [
                            InsightSection.Cell($0.month.title), averageCell($0.tally),
                            InsightSection.Cell(String($0.tally.days)),
                        ]
                    })
            ])
    }

    func pixels(_ pixels: YearInPixels, query: String) -> InsightSection {
        let rows = pixels.months.enumerated().map { index, days -> [InsightSection.Cell] in
            let moods = days.compactMap(\.mood)
            return [InsightSection.Cell(String(YearMonth(year: pixels.year, month: index + 1)!.title.prefix(3)))]
                + Mood.allCases.reversed().map { mood in InsightSection.Cell(String(moods.count { $0 == mood })) }
                + [InsightSection.Cell("\(moods.count) of \(days.count)")]
        }
        return section(
            InsightCharts.pixels(pixels), intro: "Every day of the year, coloured by its mood.", query: query,
            tables: [
                table(
                    "Days at each mood, by month", ["Month"] + Mood.allCases.reversed().map(\.emoji) + ["Logged"], rows)
            ])
    }

    func trend(_ trend: MoodTrend, query: String) -> InsightSection {
        // Long ranges are read month by month; short ones day by day.
        let rows: [[InsightSection.Cell]]
        let caption: String
        if trend.span.dayCount > 92 {
            caption = "Mood by month"
            var months: [YearMonth: MoodTally] = [:]
            for day in trend.logged { months[YearMonth(day.date), default: MoodTally()].add(day.mood) }
            rows = months.sorted { $0.key > $1.key }.map { month, tally in
                [InsightSection.Cell(month.title), averageCell(tally), InsightSection.Cell(String(tally.days))]
            }
        } else {
            caption = "Mood by day"
            rows = trend.points.reversed().filter { $0.mood != nil }.map { point in
                [dayCell(point.date), moodCell(point.mood), InsightSection.Cell(ChartNumber.text(point.movingAverage))]
            }
        }
        return section(
            InsightCharts.trend(trend), intro: "Each day's mood, and its 7-day moving average as a line.", query: query,
            tables: [
                table(
                    caption,
                    trend.span.dayCount > 92 ? ["Month", "Average", "Days"] : ["Day", "Mood", "7-day average"],
                    rows)
            ])
    }

    func distribution(_ distribution: MoodDistribution, query: String) -> InsightSection {
        section(
            InsightCharts.distribution(distribution), intro: "How many days were at each mood.", query: query,
            tables: [
                table(
                    "Days at each mood", ["Mood", "Days", "Share"],
                    distribution.slices.map {
                        [
                            moodCell($0.mood), InsightSection.Cell(String($0.days)),
                            InsightSection.Cell(ChartNumber.percent($0.share)),
                        ]
                    })
            ])
    }

    func weekdays(_ pattern: WeekdayPattern, query: String) -> InsightSection {
        section(
            InsightCharts.weekdays(pattern), intro: "The average mood of each weekday.", query: query,
            tables: [
                table(
                    "Mood by weekday", ["Weekday", "Average", "Days"],
                    pattern.weekdays.map {
                        [
                            InsightSection.Cell($0.name), averageCell($0.tally),
                            InsightSection.Cell(String($0.tally.days)),
                        ]
                    })
            ])
    }

    func correlations(_ insight: CorrelationInsight, query: String) -> InsightSection {
        let names = insight.names
        let rows = insight.correlations.rows.map { row -> [InsightSection.Cell] in
            [
                InsightSection.Cell(names.label(row.id)), InsightSection.Cell(ChartNumber.signed(row.difference)),
                InsightSection.Cell("\(ChartNumber.text(row.with.average)) (\(row.with.days) days)"),
                InsightSection.Cell("\(ChartNumber.text(row.without.average)) (\(row.without.days) days)"),
            ]
        }
        var tables = [
            table(
                "Mood with and without", ["Tag", "Difference", "With it", "Without it"], rows)
        ]
        if !insight.pairs.isEmpty {
            tables.append(
                table(
                    "Often on the same day", ["Activities", "Days together"],
                    insight.pairs.map {
                        [
                            InsightSection.Cell("\(names.label($0.first)) + \(names.label($0.second))"),
                            InsightSection.Cell(String($0.days)),
                        ]
                    }))
        }
        let hidden = insight.correlations.hiddenCount
        return section(
            InsightCharts.correlations(insight.correlations, names: names.label),
            intro: "The average mood on days with each activity, feeling or person, against days without it. Shown "
                + "once there are \(MoodCorrelations.minimumDays) days with it and \(MoodCorrelations.minimumDays) without"
                + (hidden > 0 ? " (\(hidden) more wait for enough days)." : ".")
                + " It tells what goes together, not why.",
            query: query, tables: tables)
    }

    func checkinHours(_ patterns: CheckinPatterns, names: VocabularyLookup, query: String) -> InsightSection {
        let rows = patterns.feelings.map { feeling -> [InsightSection.Cell] in
            let peak = feeling.byHour.indices.max { feeling.byHour[$0] < feeling.byHour[$1] } ?? 0
            return [
                InsightSection.Cell(names.label(feeling.id)), InsightSection.Cell(String(feeling.total)),
                InsightSection.Cell("\(peak):00–\(peak + 1):00"),
            ]
        }
        return section(
            InsightCharts.checkinHours(patterns, names: names.label),
            intro: "When in the day each feeling is logged (the hour where you were).", query: query,
            tables: [table("Feelings by hour", ["Feeling", "Check-ins", "Most often"], rows)])
    }

    func checkinWeekdays(_ patterns: CheckinPatterns, names: VocabularyLookup, query: String) -> InsightSection {
        let rows = patterns.feelings.map { feeling -> [InsightSection.Cell] in
            [InsightSection.Cell(names.label(feeling.id))] + feeling.byWeekday.map { InsightSection.Cell(String($0)) }
        }
        return section(
            InsightCharts.checkinWeekdays(patterns, names: names.label),
            intro: "Which weekdays each feeling is logged on.",
            query: query,
            tables: [table("Feelings by weekday", ["Feeling"] + patterns.weekdays.map(Weekdays.shortName), rows)])
    }
}
