import DaybookCore
import Foundation

/// Day One's JSON export: a zip with one `<Journal>.json` per journal, each `{"entries": [...]}`
/// (`uuid`, `creationDate`, `modifiedDate`, `timeZone`, `text`, `tags`, `location`, `photos` with
/// `identifier`, `md5` and `type`), the photos in `photos/<md5>.<type>`. Every entry becomes a
/// journal entry tagged with its journal's name; `![](dayone-moment://ID)` marks become its photos.
public enum DayOneReader {
    public static func read(_ archive: SafeArchive) throws -> ImportBundle {
        let journals = archive.files.filter { $0.lowercased().hasSuffix(".json") && !$0.contains("/") }
        guard !journals.isEmpty else {
            throw ImportFileError("This is not a Day One JSON export: it holds no journal (.json) file.")
        }
        var bundle = ImportBundle(kind: .dayOne)
        for path in journals {
            let export: Export
            do {
                export = try JSONDecoder.importing(archive.limits).decode(Export.self, from: try archive.document(path))
            } catch let error as ImportFileError {
                throw error
            } catch {
                throw ImportFileError("“\(path)” is not a Day One journal: \(JSONProblem.describe(error)).")
            }
            let journalTag = JournalRules.tag((path as NSString).deletingPathExtension)
            for entry in export.entries {
                guard bundle.recordCount < archive.limits.records else {
                    throw ImportFileError.tooManyRecords(limit: archive.limits.records)
                }
                if bundle.journal.count & 255 == 0 { try archive.limits.checkTime() }
                guard let created = ISODate.parse(entry.creationDate) else {
                    bundle.problems.append(
                        ImportProblem(
                            message:
                                "An entry of \(path) has no valid creationDate (“\(entry.creationDate.prefix(40))”); it is left out."
                        ))
                    continue
                }
                let zone = entry.timeZone.flatMap(TimeZone.init(identifier:)) ?? .gmt
                var photos: [String] = []
                for photo in entry.photos ?? [] {
                    let name = photo.md5.map { "\($0).\(photo.type ?? "jpeg")" }
                    if let name, let found = archive.file(named: name, under: "photos/") {
                        photos.append(found)
                    } else {
                        bundle.problems.append(
                            ImportProblem(
                                message:
                                    "A photo of the entry of \(LocalDate(created, in: zone)) is missing from the export."
                            ))
                    }
                }
                let tags = (entry.tags ?? []) + (journalTag.map { [$0] } ?? [])
                bundle.journal.append(
                    ImportedJournalEntry(
                        source: "dayone\u{1F}\(entry.uuid)", date: LocalDate(created, in: zone), createdAt: created,
                        updatedAt: entry.modifiedDate.flatMap(ISODate.parse) ?? created,
                        body: Self.withoutPhotoMarks(entry.text ?? ""), tags: tags,
                        location: entry.location?.placeName ?? entry.location?.localityName ?? "",
                        coordinates: Coordinates(
                            latitude: entry.location?.latitude, longitude: entry.location?.longitude),
                        photos: photos))
            }
        }
        return bundle
    }

    /// The text without its `![](dayone-moment://…)` marks (the photos are attached instead), and
    /// without Day One's escaping of Markdown's punctuation.
    static func withoutPhotoMarks(_ text: String) -> String {
        // A mark between words takes the spaces before it along (no double space left behind).
        text.replacingOccurrences(
            of: #"[ \t]*!\[[^\]]*\]\(dayone-moment:/*[^)]*\)"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"\\([.!\-()\[\]#*_])"#, with: "$1", options: .regularExpression)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct Export: Decodable {
        var entries: [Entry] { records.elements }
        private var records: RecordArray<Entry>

        enum CodingKeys: String, CodingKey {
            case records = "entries"
        }
    }

    struct Entry: Decodable {
        var uuid: String
        var creationDate: String
        var modifiedDate: String?
        var timeZone: String?
        var text: String?
        var tags: [String]?
        var location: Location?
        var photos: [Photo]?
    }

    struct Location: Decodable {
        var placeName: String?
        var localityName: String?
        var latitude: Double?
        var longitude: Double?
    }

    struct Photo: Decodable {
        var identifier: String?
        var md5: String?
        var type: String?
    }
}
