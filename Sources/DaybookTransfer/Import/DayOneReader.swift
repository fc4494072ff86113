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
            let journalTag = JournalRules.tagFromName((path as NSString).deletingPathExtension)
            for entry in export.entries {
                try bundle.checkRoom(under: archive.limits)
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
                for photo in Self.inOrder(entry.photos ?? [], text: entry.text ?? "") {
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
                let tags = (entry.tags ?? []).compactMap { JournalRules.tagFromName($0) } + (journalTag.map { [$0] } ?? [])
                let date = LocalDate(created, in: zone)
                let body = Self.withoutPhotoMarks(entry.text ?? "")
                let isEmpty = body.isEmpty && photos.isEmpty
                // Video and sound recordings are not kept by Daybook: said in the preview, by
                // entry, so nobody finds out by missing them.
                let (videos, audios) = ((entry.videos ?? []).count, (entry.audios ?? []).count)
                if videos + audios > 0 {
                    let rest = isEmpty ? "; with nothing else in it, the entry is left out" : "; the rest of the entry comes"
                    bundle.problems.append(
                        ImportProblem(
                            message:
                                "The entry of \(date) has \(Self.describe(videos: videos, audios: audios)), which Daybook does not keep\(rest)."
                        ))
                } else if isEmpty {
                    bundle.problems.append(ImportProblem(message: "The entry of \(date) is empty; it is left out."))
                }
                if isEmpty { continue }
                bundle.journal.append(
                    ImportedJournalEntry(
                        source: "dayone\u{1F}\(entry.uuid)", date: date, createdAt: created,
                        updatedAt: entry.modifiedDate.flatMap(ISODate.parse) ?? created,
                        body: body, tags: tags,
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

    /// Photos in the order the entry shows them: where the text places each (its
    /// `dayone-moment://ID` mark), then by Day One's `orderInEntry`, then as listed.
    static func inOrder(_ photos: [Photo], text: String) -> [Photo] {
        func place(_ photo: Photo) -> Int {
            guard let id = photo.identifier, let found = text.range(of: "dayone-moment://" + id) else { return .max }
            return text.distance(from: text.startIndex, to: found.lowerBound)
        }
        return photos.enumerated().sorted { a, b in
            (place(a.element), a.element.orderInEntry ?? .max, a.offset)
                < (place(b.element), b.element.orderInEntry ?? .max, b.offset)
        }.map(\.element)
    }

    static func describe(videos: Int, audios: Int) -> String {
        [
            videos == 0 ? nil : videos == 1 ? "a video" : "\(videos) videos",
            audios == 0 ? nil : audios == 1 ? "an audio recording" : "\(audios) audio recordings",
        ].compactMap { $0 }.joined(separator: " and ")
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
        var videos: [Recording]?
        var audios: [Recording]?
    }

    /// A video or an audio recording: only counted.
    struct Recording: Decodable {
        var identifier: String?
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
        var orderInEntry: Int?
    }
}
