import DaybookCore
import Foundation

/// One journal entry as a Markdown file with front matter (date, title, tags, place, visibility,
/// photos), as note apps (Obsidian, Jekyll) read them. Values are JSON strings, which YAML reads.
public enum ExportMarkdown {
    /// `journal/2024-05-01-a-walk-by-the-river-1a2b3c4d.md`: sorted by date, readable, unique.
    public static func path(_ entry: ExportedJournalEntry) -> String {
        let words = entry.title.lowercased().unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) ? Character($0) : "-"
        }
        let slug = String(words).split(separator: "-").prefix(8).joined(separator: "-")
        let id = entry.id.lowercasedString.prefix(8)
        return "journal/\(entry.date)-\(slug.isEmpty ? "" : slug + "-")\(id).md"
    }

    public static func text(_ entry: ExportedJournalEntry) -> String {
        func quoted(_ text: String) -> String {
            let data = (try? JSONEncoder.export.encode(text)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self)
        }
        var lines = ["---", "date: \(entry.date)"]
        if !entry.title.isEmpty { lines.append("title: \(quoted(entry.title))") }
        lines.append("tags: [\(entry.tags.map(quoted).joined(separator: ", "))]")
        if !entry.location.isEmpty { lines.append("place: \(quoted(entry.location))") }
        if let latitude = entry.latitude, let longitude = entry.longitude {
            lines.append("latitude: \(latitude)")
            lines.append("longitude: \(longitude)")
        }
        lines.append("visibility: \(entry.visibility.rawValue)")
        if !entry.photos.isEmpty {
            lines.append("photos: [\(entry.photos.map { quoted("../" + $0) }.joined(separator: ", "))]")
        }
        lines.append("created: \(ExportDates.text(entry.createdAt))")
        lines.append("---")
        lines.append("")
        var body = entry.body
        for photo in entry.photos { body += "\n\n![](../\(photo))" }
        lines.append(body)
        return lines.joined(separator: "\n") + "\n"
    }
}
