import DaybookCore
import Foundation

/// Daylio's `.daylio` backup: a zip whose `backup.daylio` is base64 of a JSON document with
/// `dayEntries` (each with `year`, a 0-based `month`, `day`, `hour`, `minute`, `datetime` in
/// milliseconds, `timeZoneOffset`, `mood` (a `customMoods` id), `note_title`, `note`, `tags` (ids of
/// `tags`) and `assets` (ids of `assets`, whose `checksum` names a file under `assets/`)).
public enum DaylioBackupReader {
    /// `timeZone` is the person's: an entry whose offset is the one their zone had at that
    /// instant is kept in their zone (named, with its daylight-saving rules), not a bare offset.
    public static func read(_ archive: SafeArchive, timeZone: TimeZone = .gmt) throws -> ImportBundle {
        guard let path = archive.file(named: "backup.daylio") else {
            throw ImportFileError("This is not a Daylio backup: it holds no backup.daylio.")
        }
        let encoded = try archive.document(path)
        let text = encoded.filter { !$0.isWhitespaceByte }
        guard let json = Data(base64Encoded: text) else {
            throw ImportFileError("The backup's backup.daylio is not base64: the file is damaged.")
        }
        let backup: Backup
        do {
            backup = try JSONDecoder.importing(archive.limits).decode(Backup.self, from: json)
        } catch let error as ImportFileError {
            throw error
        } catch {
            throw ImportFileError("The backup's contents are not Daylio's JSON: \(JSONProblem.describe(error)).")
        }
        var bundle = ImportBundle(kind: .daylioBackup)
        let moods = Dictionary(backup.customMoods.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for mood in backup.customMoods.sorted(by: { ($0.mood_group_id ?? 9, $0.id) < ($1.mood_group_id ?? 9, $1.id) }) {
            let name = mood.name
            guard !bundle.moodNames.contains(name) else { continue }
            bundle.moodNames.append(name)
            // Daylio's groups run from 1 (rad) to 5 (awful).
            if let group = mood.mood_group_id, (1...5).contains(group) { bundle.suggestedMoods[name] = 6 - group }
        }
        let tags = Dictionary(backup.tags.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let assets = Dictionary((backup.assets ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in backup.dayEntries.elements {
            // The month is 0-based; checked before anything is added to it (a file's number can be
            // anything an Int holds).
            guard (0...11).contains(entry.month), let date = LocalDate(year: entry.year, month: entry.month + 1, day: entry.day)
            else {
                bundle.problems.append(
                    ImportProblem(
                        message:
                            "An entry dated \(entry.year)-\(entry.month)-\(entry.day) (month counted from 0) is not a date that exists; it is left out."
                    ))
                continue
            }
            guard let mood = moods[entry.mood] else {
                bundle.problems.append(
                    ImportProblem(message: "An entry of \(date) has a mood the backup does not define; it is left out.")
                )
                continue
            }
            let zone = Self.zone(offsetMilliseconds: entry.timeZoneOffset, at: entry.datetime, person: timeZone)
            let instant =
                entry.datetime.map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) }
                ?? date.instant(hour: entry.hour, minute: entry.minute, in: zone)
            guard let at = instant, at.isStorable else {
                bundle.problems.append(
                    ImportProblem(message: "An entry of \(date) has a time that cannot be; it is left out."))
                continue
            }
            let note = [entry.note_title ?? "", HTMLText.plain(entry.note ?? "")].filter { !$0.isEmpty }
                .joined(separator: "\n\n")
            let photos = (entry.assets ?? []).compactMap { assets[$0]?.checksum }.compactMap { checksum in
                archive.file(named: checksum, under: "assets/")
            }
            if photos.count < (entry.assets ?? []).count {
                bundle.problems.append(
                    ImportProblem(message: "A photo of \(date) is missing from the backup; the entry comes without it.")
                )
            }
            bundle.moments.append(
                ImportedMoment(
                    source: "daylio-backup\u{1F}\(entry.id)\u{1F}\(entry.datetime ?? 0)", at: at,
                    timeZone: zone.identifier, date: date, moodName: mood.name,
                    activities: (entry.tags ?? []).compactMap { tags[$0] }, note: note, photos: photos))
        }
        return bundle
    }

    /// The zone of an entry: the person's own where its offset matches theirs at that instant,
    /// else a fixed offset (Daylio keeps milliseconds; an offset past ±18 hours is no zone, and
    /// the person's is taken).
    static func zone(offsetMilliseconds: Int?, at datetime: Int64?, person: TimeZone) -> TimeZone {
        guard let offsetMilliseconds, (-18 * 3_600_000...18 * 3_600_000).contains(offsetMilliseconds) else {
            return person
        }
        let seconds = offsetMilliseconds / 1000
        let instant = datetime.map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) } ?? Date()
        if person.secondsFromGMT(for: instant) == seconds { return person }
        return TimeZone(secondsFromGMT: seconds) ?? person
    }

    struct Backup: Decodable {
        var customMoods: [CustomMood]
        var tags: [Tag]
        var dayEntries: RecordArray<Entry>
        var assets: [Asset]?
    }

    struct CustomMood: Decodable {
        var id: Int
        var custom_name: String?
        var mood_group_id: Int?
        var predefined_name_id: Int?

        /// The user's own name, or Daylio's built-in one (1 rad … 5 awful).
        var name: String {
            if let custom_name, !custom_name.isEmpty { return custom_name }
            let builtIn = ["rad", "good", "meh", "bad", "awful"]
            let index = (predefined_name_id ?? mood_group_id ?? 3) - 1
            return builtIn.indices.contains(index) ? builtIn[index] : "mood \(id)"
        }
    }

    struct Tag: Decodable {
        var id: Int
        var name: String
    }

    struct Entry: Decodable {
        var id: Int
        var minute: Int
        var hour: Int
        var day: Int
        var month: Int
        var year: Int
        var datetime: Int64?
        var timeZoneOffset: Int?
        var mood: Int
        var note: String?
        var note_title: String?
        var tags: [Int]?
        var assets: [Int]?
    }

    struct Asset: Decodable {
        var id: Int
        var checksum: String
    }
}

extension UInt8 {
    fileprivate var isWhitespaceByte: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
