import DaybookCore
import Foundation

/// Journiv's export zip: `data.json` with `journals` (each with `entries`: `title`, `content`,
/// `entry_date`, `entry_datetime_utc`, `entry_timezone`, `tags`, `mood_log`, `media`, place) and
/// `mood_definitions`, the media files beside it. Entries become journal entries tagged with their
/// journal's title; mood logs become moments.
public enum JournivReader {
    public static func read(_ archive: SafeArchive) throws -> ImportBundle {
        guard let path = archive.file(named: "data.json") else {
            throw ImportFileError("This is not a Journiv export: it holds no data.json.")
        }
        let export: Export
        do {
            export = try JSONDecoder.importing(archive.limits).decode(Export.self, from: try archive.document(path))
        } catch let error as ImportFileError {
            throw error
        } catch {
            throw ImportFileError("data.json is not a Journiv export: \(JSONProblem.describe(error)).")
        }
        var bundle = ImportBundle(kind: .journiv)
        // Only the moods the entries use are asked about (Journiv defines twenty; a person uses a
        // few): each definition only suggests what its mood means.
        let definitions = Dictionary(
            (export.mood_definitions ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let folder = (path as NSString).deletingLastPathComponent
        for journal in export.journals {
            let journalTag = JournalRules.tagFromName(journal.title)
            for (index, entry) in journal.entries.enumerated() {
                try bundle.checkRoom(under: archive.limits)
                let zone = entry.entry_timezone.flatMap(TimeZone.init(identifier:)) ?? .gmt
                guard let date = LocalDate(entry.entry_date) else {
                    bundle.problems.append(
                        ImportProblem(
                            message:
                                "An entry of “\(journal.title.prefix(60))” is dated “\(entry.entry_date.prefix(40))”, not a date that exists; it is left out."
                        ))
                    continue
                }
                let at = entry.entry_datetime_utc.flatMap(ISODate.parse) ?? date.start(in: zone)
                let source =
                    "journiv\u{1F}\(entry.external_id ?? "")\u{1F}\(journal.title)\u{1F}\(index)\u{1F}\(entry.created_at ?? "")"
                var photos: [String] = []
                for media in entry.media ?? [] where (media.media_type ?? "image") == "image" {
                    let candidates = [
                        media.file_path, media.file_path.map { "\(folder.isEmpty ? "" : folder + "/")media/\($0)" },
                    ]
                    .compactMap { $0 }
                    if let found = candidates.first(where: { archive.paths[$0] != nil })
                        ?? archive.file(
                            named: (media.file_path.map { ($0 as NSString).lastPathComponent } ?? media.filename))
                    {
                        photos.append(found)
                    } else {
                        bundle.problems.append(
                            ImportProblem(
                                message:
                                    "The photo “\(media.filename.prefix(80))” of \(date) is missing from the export."))
                    }
                }
                let hasText = !(entry.content ?? "").isEmpty || !(entry.title ?? "").isEmpty || !photos.isEmpty
                if hasText {
                    bundle.journal.append(
                        ImportedJournalEntry(
                            source: source, date: date, createdAt: at,
                            updatedAt: entry.updated_at.flatMap(ISODate.parse) ?? at, title: entry.title ?? "",
                            body: entry.content ?? "",
                            tags: (entry.tags ?? []).compactMap { JournalRules.tagFromName($0) } + (journalTag.map { [$0] } ?? []),
                            location: entry.location_json?.name ?? entry.location?.name ?? "",
                            coordinates: Coordinates(latitude: entry.latitude, longitude: entry.longitude),
                            photos: photos))
                }
                if let mood = entry.mood_log {
                    let moodDate = mood.logged_date.flatMap(LocalDate.init) ?? date
                    let moodZone = mood.logged_timezone.flatMap(TimeZone.init(identifier:)) ?? zone
                    if !bundle.moodNames.contains(mood.mood_name) {
                        bundle.moodNames.append(mood.mood_name)
                        if let value = definitions[mood.mood_name]?.suggestion ?? ImportBundle.suggestion(for: mood.mood_name) {
                            bundle.suggestedMoods[mood.mood_name] = value
                        }
                    }
                    bundle.moments.append(
                        ImportedMoment(
                            source: source + "\u{1F}mood", at: mood.logged_datetime_utc.flatMap(ISODate.parse) ?? at,
                            timeZone: moodZone.identifier, date: moodDate, moodName: mood.mood_name,
                            note: mood.note ?? ""))
                }
            }
        }
        return bundle
    }

    struct Export: Decodable {
        var journals: [Journal]
        var mood_definitions: [MoodDefinition]?
    }

    struct MoodDefinition: Decodable {
        var name: String
        var category: String?
        var score: Int?

        /// Journiv's score runs from -5 to 5, its categories are positive, neutral and negative.
        var suggestion: Int? {
            if let score { return min(5, max(1, 3 + Int((Double(min(max(score, -5), 5)) / 2.5).rounded()))) }
            switch category {
            case "positive": return 4
            case "neutral": return 3
            case "negative": return 2
            default: return ImportBundle.suggestion(for: name)
            }
        }
    }

    struct Journal: Decodable {
        var title: String
        var entries: [Entry] { records.elements }
        private var records: RecordArray<Entry>

        enum CodingKeys: String, CodingKey {
            case title
            case records = "entries"
        }
    }

    struct Entry: Decodable {
        var title: String?
        var content: String?
        var entry_date: String
        var entry_datetime_utc: String?
        var entry_timezone: String?
        var tags: [String]?
        var mood_log: MoodLog?
        var media: [Media]?
        var latitude: Double?
        var longitude: Double?
        var location_json: Place?
        /// 0.1.0-beta.11 writes the place as text ("Berlin, Germany"); other versions as an object.
        var location: Place?
        var created_at: String?
        var updated_at: String?
        var external_id: String?
    }

    /// A place as text or as an object with a `name`.
    struct Place: Decodable {
        var name: String?

        enum CodingKeys: String, CodingKey { case name }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                name = text
            } else {
                name = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .name)
            }
        }
    }

    struct MoodLog: Decodable {
        var mood_name: String
        var note: String?
        var logged_date: String?
        var logged_datetime_utc: String?
        var logged_timezone: String?
    }

    struct Media: Decodable {
        var filename: String
        var file_path: String?
        var media_type: String?
    }
}
