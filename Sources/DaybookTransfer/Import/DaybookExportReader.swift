import DaybookCore
import Foundation

/// Daybook's own export zip: its `daybook.json` (see `ExportDocument`) and photos.
public enum DaybookExportReader {
    public static func read(_ archive: SafeArchive) throws -> ImportBundle {
        guard archive.paths["daybook.json"] != nil else {
            throw ImportFileError("This is not a Daybook export: it holds no daybook.json.")
        }
        let document: ExportDocument
        do {
            document = try JSONDecoder.export.decode(ExportDocument.self, from: try archive.document("daybook.json"))
        } catch let error as ImportFileError {
            throw error
        } catch {
            throw ImportFileError("daybook.json is not a Daybook export: \(JSONProblem.describe(error)).")
        }
        guard document.format == ExportDocument.format, document.version <= ExportDocument.version else {
            throw ImportFileError(
                "daybook.json is version \(document.version) of the export format; this Daybook reads up to \(ExportDocument.version). Update Daybook first."
            )
        }
        var bundle = ImportBundle(kind: .daybook)
        bundle.words = document.vocabulary.sorted { $0.position < $1.position }.map {
            ImportedWord(kind: $0.kind, name: $0.name, emoji: $0.emoji, archived: $0.archived)
        }
        bundle.people = document.people.map(\.name)
        func photo(_ path: String?) -> String? {
            guard let path else { return nil }
            if archive.paths[path] != nil { return path }
            bundle.problems.append(ImportProblem(message: "The photo \(path.prefix(80)) is missing from the export."))
            return nil
        }
        for day in document.days {
            guard let mood = Mood(rawValue: day.mood) else {
                bundle.problems.append(
                    ImportProblem(message: "The day \(day.date) has mood \(day.mood), not 1–5; it is left out."))
                continue
            }
            bundle.days.append(
                ImportedDay(
                    source: "daybook\u{1F}day\u{1F}\(day.date)\u{1F}\(ExportDates.text(day.createdAt))", date: day.date,
                    mood: mood, activities: day.activities, note: day.note, thoughts: day.thoughts,
                    gratitude: day.gratitude, question: day.question, answer: day.answer, song: day.song,
                    photo: photo(day.photo), createdAt: day.createdAt, updatedAt: day.updatedAt))
        }
        bundle.checkins = document.checkins.map {
            ImportedCheckin(
                source: "daybook\u{1F}checkin\u{1F}\($0.id)", at: $0.at, timeZone: $0.timeZone, date: $0.date,
                feeling: $0.feeling, activity: $0.activity, people: $0.people, note: $0.note)
        }
        bundle.journal = document.journal.map { entry in
            ImportedJournalEntry(
                source: "daybook\u{1F}journal\u{1F}\(entry.id)", date: entry.date, createdAt: entry.createdAt,
                updatedAt: entry.updatedAt, title: entry.title, body: entry.body, tags: entry.tags,
                location: entry.location,
                coordinates: Coordinates(latitude: entry.latitude, longitude: entry.longitude),
                visibility: entry.visibility, photos: entry.photos.compactMap(photo))
        }
        if let exported = document.closet {
            let closet = Self.closet(exported, photo: photo)
            bundle.closet = closet
        }
        return bundle
    }

    /// The closet, its ids kept as the file's own so that outfits and days can refer to items.
    static func closet(_ closet: ExportedCloset, photo: (String?) -> String?) -> ImportedCloset {
        ImportedCloset(
            categories: closet.categories,
            items: closet.items.map { item in
                ImportedClosetItem(
                    source: "daybook\u{1F}item\u{1F}\(item.id)", id: item.id.uuidString, name: item.name,
                    category: item.category, tags: item.tags, colors: item.colors, photo: photo(item.photo),
                    brand: item.brand, size: item.size, season: item.season, purchaseDate: item.purchaseDate,
                    priceCents: item.priceCents, notes: item.notes, archivedReason: item.archivedReason,
                    createdAt: item.createdAt)
            },
            outfits: closet.outfits.map { outfit in
                ImportedOutfit(
                    source: "daybook\u{1F}outfit\u{1F}\(outfit.id)", id: outfit.id.uuidString, name: outfit.name,
                    items: outfit.items.map(\.uuidString), photo: photo(outfit.photo), createdAt: outfit.createdAt)
            },
            days: closet.outfitDays.map { day in
                ImportedOutfitDay(
                    source: "daybook\u{1F}outfit-day\u{1F}\(day.date)", date: day.date, status: day.status,
                    outfit: day.outfit?.uuidString, items: day.items.map(\.uuidString), note: day.note)
            })
    }
}
