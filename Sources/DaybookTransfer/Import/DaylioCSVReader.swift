import CSV
import DaybookCore
import Foundation

/// Daylio's CSV export: `full_date,date,weekday,time,mood,activities,note_title,note` (the older
/// form: `year,date,weekday,time,mood,activities,note`, its date like “January 5”), one row per
/// moment, activities separated by ` | `. Mood names are whatever the user called them in Daylio.
public enum DaylioCSVReader {
    public static func read(_ data: Data, timeZone: TimeZone, limits: ImportLimits) throws -> ImportBundle {
        guard data.count <= limits.documentBytes else { throw ImportFileError.tooLarge(limit: limits.documentBytes) }
        let shape = try CSVShape(data, limits: limits)
        let text = try UTF8Text.decode(data)
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: true, trimFields: true)
        } catch {
            throw ImportFileError("The file is not a CSV file.")
        }
        let header = (reader.headerRow ?? []).map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
        guard let columns = Columns(header) else {
            throw ImportFileError(
                "This is not a Daylio CSV export: its first line should name the columns full_date (or year), date, time, mood, activities and note."
            )
        }
        var bundle = ImportBundle(kind: .daylioCSV)
        var record = 0
        var seen: [String: Int] = [:]
        var scalesSeen = 0
        while let row = reader.next() {
            record += 1
            let line = shape.line(ofRecord: record)
            if row.allSatisfy(\.isEmpty) { continue }
            func field(_ index: Int?) -> String { index.flatMap { row.indices.contains($0) ? row[$0] : nil } ?? "" }
            guard let date = columns.date(field(columns.fullDate), field(columns.year), field(columns.date)) else {
                let shown = field(columns.fullDate).isEmpty ? field(columns.date) : field(columns.fullDate)
                bundle.problems.append(
                    ImportProblem(
                        line: line, message: "“\(shown.prefix(40))” is not a date that exists; the row is left out."))
                continue
            }
            guard let minutes = Columns.minutes(field(columns.time)) else {
                bundle.problems.append(
                    ImportProblem(
                        line: line, message: "“\(field(columns.time).prefix(40))” is not a time; the row is left out."))
                continue
            }
            let mood = field(columns.mood)
            guard !mood.isEmpty else {
                bundle.problems.append(ImportProblem(line: line, message: "The row has no mood; it is left out."))
                continue
            }
            if seen[mood] == nil {
                seen[mood] = seen.count
                bundle.moodNames.append(mood)
            }
            let activities = field(columns.activities).components(separatedBy: "|")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            // Daylio writes its rich notes as HTML in the CSV too (`<br>`, `<b>`), as in backups.
            let title = HTMLText.plain(field(columns.noteTitle))
            let body = HTMLText.plain(field(columns.note))
            if !field(columns.scales).isEmpty { scalesSeen += 1 }
            let note = [title, body].filter { !$0.isEmpty }.joined(separator: "\n\n")
            guard let at = date.instant(hour: minutes / 60, minute: minutes % 60, in: timeZone) else {
                bundle.problems.append(
                    ImportProblem(
                        line: line, message: "“\(field(columns.time).prefix(40))” is not a time; the row is left out."))
                continue
            }
            bundle.moments.append(
                ImportedMoment(
                    source: [
                        "daylio", date.description, field(columns.time), mood, activities.joined(separator: "|"), note,
                    ]
                    .joined(separator: "\u{1F}"),
                    at: at, timeZone: timeZone.identifier, date: date, moodName: mood, activities: activities,
                    note: note, line: line))
        }
        if let error = reader.error {
            throw ImportFileError("The file is not well-formed CSV (\(error)).")
        }
        for name in bundle.moodNames {
            if let value = ImportBundle.suggestion(for: name) { bundle.suggestedMoods[name] = value }
        }
        if scalesSeen > 0 {
            bundle.problems.append(
                ImportProblem(
                    message:
                        "\(scalesSeen) row(s) have values in Daylio's “scales” column, which Daybook has no place for: they are left out (the rest of each row comes)."
                ))
        }
        return bundle
    }

    /// Where each column is, by its header.
    struct Columns {
        var fullDate: Int?
        var year: Int?
        var date: Int?
        var time: Int
        var mood: Int
        var activities: Int?
        var noteTitle: Int?
        var note: Int?
        var scales: Int?

        init?(_ header: [String]) {
            func index(_ name: String) -> Int? { header.firstIndex(of: name) }
            guard let time = index("time"), let mood = index("mood") else { return nil }
            fullDate = index("full_date")
            year = index("year")
            date = index("date")
            guard fullDate != nil || (year != nil && date != nil) else { return nil }
            self.time = time
            self.mood = mood
            activities = index("activities")
            noteTitle = index("note_title")
            note = index("note")
            scales = index("scales")
        }

        /// `full_date` (2023-01-05), or the older `year` with `date` (“January 5”, “5 Jan”).
        func date(_ full: String, _ year: String, _ monthDay: String) -> LocalDate? {
            if fullDate != nil { return LocalDate(full) }
            guard let year = Int(year) else { return nil }
            let words = monthDay.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "." }).map(String.init)
            guard words.count == 2 else { return nil }
            let (monthWord, dayWord) = Int(words[0]) == nil ? (words[0], words[1]) : (words[1], words[0])
            guard let day = Int(dayWord), let month = Self.month(monthWord) else { return nil }
            return LocalDate(year: year, month: month, day: day)
        }

        /// A month's name in any language Daylio writes (its older exports spell dates in the
        /// phone's language: "7 września"), full or short, as a date or on its own.
        static func month(_ word: String) -> Int? {
            let lower = word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            guard lower.count >= 3 else { return nil }
            if let month = DaylioMonthNames.months[lower] { return month }
            // An English prefix ("Sept", "Febr"), as the oldest exports were read before.
            return DaylioMonthNames.english.firstIndex { $0.hasPrefix(lower) }.map { $0 + 1 }
        }

        /// “20:15”, “8:15 PM”, “8:15 am”: minutes after midnight.
        static func minutes(_ text: String) -> Int? {
            var lower = text.lowercased().trimmingCharacters(in: .whitespaces)
            var offset = 0
            if lower.hasSuffix("am") || lower.hasSuffix("pm") {
                offset = lower.hasSuffix("pm") ? 12 : 0
                lower = String(lower.dropLast(2)).trimmingCharacters(in: .whitespaces)
                let parts = lower.split(separator: ":")
                guard parts.count == 2, var hour = Int(parts[0]), let minute = Int(parts[1]), (1...12).contains(hour),
                    (0..<60).contains(minute)
                else { return nil }
                if hour == 12 { hour = 0 }
                return (hour + offset) * 60 + minute
            }
            let parts = lower.split(separator: ":")
            guard parts.count == 2 || parts.count == 3, let hour = Int(parts[0]), let minute = Int(parts[1]),
                (0..<24).contains(hour), (0..<60).contains(minute)
            else { return nil }
            return hour * 60 + minute
        }
    }
}
