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
    /// - Parameter today: the writer's today, in their time zone: the default date and the latest
    ///   one allowed.
    /// - Throws: `ValidationError` on `title`, `body`, `tags`, `location`, `latitude`,
    ///   `longitude`, `date`, `photoIds`. An entry needs words or at least one photo (reported on
    ///   `body`).
    public static func validate(
        _ input: JournalEntryInput, id: UUID, userID: UUID, now: Date, today: LocalDate
    ) throws -> JournalEntry {
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
        let coordinates = errors.check { try validateCoordinates(latitude: input.latitude, longitude: input.longitude) }
        let date = errors.check { try validateDate(input.date, today: today) }
        let photoIDs = errors.check { try validatePhotos(input.photoIDs) }
        if let title, let body, let photoIDs, title.isEmpty, body.isEmpty, photoIDs.isEmpty {
            errors.add("body", "required", "Write something or add a photo.")
        }
        if let title, title.containsControlCharacters || title.contains(where: \.isNewline) {
            errors.add("title", "invalid", "A title is one line of text.")
        }
        try errors.throwIfAny()
        guard let title, let body, let tags, let location, let coordinates, let date, let photoIDs else {
            preconditionFailure("every check either passed or was recorded as an error")
        }
        return JournalEntry(
            id: id, userID: userID, title: title, body: body, tags: tags, location: location,
            coordinates: coordinates, date: date, photoIDs: photoIDs, visibility: input.visibility,
            createdAt: now, updatedAt: now)
    }

    /// The day an entry is about: empty means today; a day ahead of the writer's today is refused,
    /// and so is one before 1900 (a typo, not a memory).
    static func validateDate(_ text: String, today: LocalDate) throws -> LocalDate {
        let text = text.trimmingBlanks()
        if text.isEmpty { return today }
        guard let date = LocalDate(text) else {
            throw FieldError(field: "date", code: "invalid", message: "Give the date as YYYY-MM-DD, like \(today).")
        }
        guard date <= today else {
            throw FieldError(field: "date", code: "in_future", message: "The date cannot be after today (\(today)).")
        }
        guard date.year >= 1900 else {
            throw FieldError(field: "date", code: "invalid", message: "The date cannot be before 1900.")
        }
        return date
    }

    /// Both or neither, decimal degrees in range (latitude −90…90, longitude −180…180); nil when
    /// both are empty.
    static func validateCoordinates(latitude: String, longitude: String) throws -> Coordinates? {
        let latitudeText = latitude.trimmingBlanks()
        let longitudeText = longitude.trimmingBlanks()
        if latitudeText.isEmpty && longitudeText.isEmpty { return nil }
        var errors = FieldErrors()
        func degrees(_ text: String, field: String, limit: Double, what: String) -> Double? {
            if text.isEmpty {
                errors.add(field, "required", "Give the \(what) too, or clear both.")
                return nil
            }
            guard text.count <= 32, let value = Double(text), value.isFinite, abs(value) <= limit else {
                errors.add(
                    field, "invalid",
                    "The \(what) is a number of degrees from −\(Int(limit)) to \(Int(limit)), like \(limit == 90 ? "48.8584" : "2.2945")."
                )
                return nil
            }
            return value
        }
        let lat = degrees(latitudeText, field: "latitude", limit: 90, what: "latitude")
        let lon = degrees(longitudeText, field: "longitude", limit: 180, what: "longitude")
        try errors.throwIfAny()
        return Coordinates(latitude: lat!, longitude: lon!)
    }

    /// Splits, cleans and de-duplicates tags: `"#Travel, food"` → `["travel", "food"]`.
    public static func normalizeTags(_ raw: [String]) -> [String] {
        raw.flatMap(tags(in:)).uniqued()
    }

    /// One typed value's tags: cut at commas and white space, leading `#`s dropped, lower-cased,
    /// empty ones left out. ASCII, nearly every tag, is cut and lower-cased in its bytes: the walk
    /// over `Character`s and `lowercased()` were ~1 % of creating a journal entry.
    private static func tags(in text: String) -> [String] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { word in
                let tag = word.drop(while: { $0 == "#" })
                return tag.isEmpty ? nil : tag.lowercased()
            }
        }
        let isSeparator = { (byte: UInt8) in byte == UInt8(ascii: ",") || byte == 0x20 || (0x09...0x0D).contains(byte) }
        return text.utf8.split(whereSeparator: isSeparator).compactMap { word in
            let tag = word.drop(while: { $0 == UInt8(ascii: "#") })
            return tag.isEmpty ? nil : String(decoding: tag.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
    }

    /// One tag from a name another app gave (a journal called "Dev Journal", a tag "family 👪"):
    /// its words joined by hyphens, as the closet writes "light blue", so that a name with spaces
    /// stays one tag. Nil when nothing of it can be a tag.
    public static func tagFromName(_ raw: String) -> String? {
        let words = raw.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { $0.drop(while: { $0 == "#" }) }
            .filter { !$0.isEmpty }
        return tag(words.joined(separator: "-"))
    }

    /// A tag from a URL or a filter field, or nil if it cannot be one.
    public static func tag(_ raw: String) -> String? {
        let tags = normalizeTags([raw])
        guard tags.count == 1, let tag = tags.first, (try? validateTags(tags)) != nil else { return nil }
        return tag
    }

    /// `tags` with `tag` replaced by `replacement` (removed when nil), in place and each once.
    public static func replacing(_ tag: String, with replacement: String?, in tags: [String]) -> [String] {
        tags.compactMap { $0 == tag ? replacement : $0 }.uniqued()
    }

    static func validateTags(_ raw: [String], field: String = "tags") throws -> [String] {
        let tags = normalizeTags(raw)
        guard tags.count <= tagsMax else {
            throw FieldError(
                field: field, code: "too_many", message: "Use at most \(tagsMax) tags; there are \(tags.count).")
        }
        if let long = tags.first(where: { $0.isLonger(than: tagMaxLength) }) {
            throw FieldError(
                field: field, code: "too_long",
                message: "The tag “\(long.prefix(20))…” is too long: at most \(tagMaxLength) characters.")
        }
        if let bad = tags.first(where: \.hasCharactersATagCannotHave) {
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
