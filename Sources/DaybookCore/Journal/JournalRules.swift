import Foundation

/// How a journal entry is checked (seed 001 FR6–FR11): every bad field at once, each under the
/// name the client sent it as.
public enum JournalRules {
    public static let titleMaxLength = 200
    public static let bodyMaxLength = 50_000
    public static let locationMaxLength = 200
    public static let tagsMax = 20
    public static let tagMaxLength = 40
    /// Photos in one entry: a day's worth, scrolled sideways.
    public static let photosMax = 20

    /// Checks every field and builds the entry (a new one; the service keeps id and creation time
    /// when it replaces one).
    ///
    /// - Throws: `ValidationError` on `title`, `body`, `tags`, `location`, `photoIds`. An entry
    ///   needs words or at least one photo (reported on `body`).
    public static func validate(_ input: JournalEntryInput, id: UUID, userID: UUID, now: Date) throws -> JournalEntry {
        var errors = FieldErrors()
        let title = errors.check {
            try DayEntryRules.text(input.title, field: "title", max: titleMaxLength, what: "The title")
        }
        let body = errors.check {
            try DayEntryRules.text(input.body, field: "body", max: bodyMaxLength, what: "The entry")
        }
        let tags = errors.check { try validateTags(input.tags) }
        let location = errors.check {
            try DayEntryRules.text(input.location, field: "location", max: locationMaxLength, what: "The location")
        }
        let photoIDs = errors.check { try validatePhotos(input.photoIDs) }
        if let title, let body, let photoIDs, title.isEmpty, body.isEmpty, photoIDs.isEmpty {
            errors.add("body", "required", "Write something or add a photo.")
        }
        if let title, title.containsControlCharacters || title.contains(where: \.isNewline) {
            errors.add("title", "invalid", "A title is one line of text.")
        }
        try errors.throwIfAny()
        guard let title, let body, let tags, let location, let photoIDs else {
            preconditionFailure("every check either passed or was recorded as an error")
        }
        return JournalEntry(
            id: id, userID: userID, title: title, body: body, tags: tags, location: location, photoIDs: photoIDs,
            visibility: input.visibility, createdAt: now, updatedAt: now)
    }

    /// Splits, cleans and de-duplicates tags: `"#Travel, food"` → `["travel", "food"]`.
    public static func normalizeTags(_ raw: [String]) -> [String] {
        raw.flatMap { $0.split(whereSeparator: { $0 == "," || $0.isWhitespace }) }
            .map { tag in
                var text = Substring(tag)
                while text.first == "#" { text.removeFirst() }
                return text.lowercased()
            }
            .filter { !$0.isEmpty }
            .uniqued()
    }

    /// A tag from a URL or a filter field, or nil if it cannot be one.
    public static func tag(_ raw: String) -> String? {
        let tags = normalizeTags([raw])
        guard tags.count == 1, let tag = tags.first, (try? validateTags(tags)) != nil else { return nil }
        return tag
    }

    static func validateTags(_ raw: [String], field: String = "tags") throws -> [String] {
        let tags = normalizeTags(raw)
        guard tags.count <= tagsMax else {
            throw FieldError(
                field: field, code: "too_many", message: "Use at most \(tagsMax) tags; there are \(tags.count).")
        }
        if let long = tags.first(where: { $0.count > tagMaxLength }) {
            throw FieldError(
                field: field, code: "too_long",
                message: "The tag “\(long.prefix(20))…” is too long: at most \(tagMaxLength) characters.")
        }
        if let bad = tags.first(where: { $0.containsControlCharacters || $0.contains("/") }) {
            throw FieldError(
                field: field, code: "invalid", message: "The tag “\(bad)” has characters a tag cannot have.")
        }
        return tags
    }

    /// Drops repeats (a photo shows once), keeping the first place of each.
    static func validatePhotos(_ ids: [UUID], field: String = "photoIds") throws -> [UUID] {
        let unique = ids.uniqued()
        guard unique.count <= photosMax else {
            throw FieldError(field: field, code: "too_many", message: "An entry can have at most \(photosMax) photos.")
        }
        return unique
    }
}
