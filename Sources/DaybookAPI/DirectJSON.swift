import Foundation

// The answers of the busiest lists and of search, written field by field. Through `encode(to:)`
// every object costs a boxed keyed container, an encoder and a type check per field: 40 % of the
// CPU of a list of 50 check-ins, each with its feeling, activity and people. These write the same JSON (keys in
// the schema's order, optional fields left out when nil, as the generated `Codable` code does);
// `DirectJSONTests` holds each to `JSONEncoder` with every field set and every optional nil, so a
// field added to the schema fails there until it is added here.

extension Components.Schemas.VocabularyItem: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.object {
            writer.field("id", id)
            writer.field("kind", kind.rawValue)
            writer.field("name", name)
            writer.field("emoji", emoji)
            writer.field("archived", archived)
            writer.field("position", position)
        }
    }
}

extension Components.Schemas.Person: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.object {
            writer.field("id", id)
            writer.field("name", name)
            writer.field("archived", archived)
        }
    }
}

extension Components.Schemas.Checkin: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        try writer.object {
            writer.field("id", id)
            try writer.field("at", at)
            writer.field("localDate", localDate)
            writer.field("timeZone", timeZone)
            try writer.field("feeling", feeling)
            try writer.field("activity", activity)
            try writer.field("people", people)
            writer.field("note", note)
            try writer.field("createdAt", createdAt)
            try writer.field("updatedAt", updatedAt)
        }
    }
}

/// The fields a day's teaser and its entry begin with.
private func writeDayAndMood(
    _ writer: JSONValueWriter, date: String, mood: Int, moodName: Components.Schemas.MoodName, moodEmoji: String,
    moodColor: String
) {
    writer.field("date", date)
    writer.field("mood", mood)
    writer.field("moodName", moodName.rawValue)
    writer.field("moodEmoji", moodEmoji)
    writer.field("moodColor", moodColor)
}

extension Components.Schemas.DayTeaser: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.object {
            writeDayAndMood(
                writer, date: date, mood: mood, moodName: moodName, moodEmoji: moodEmoji, moodColor: moodColor)
            writer.field("noteFirstLine", noteFirstLine)
            writer.field("activityEmojis", activityEmojis)
        }
    }
}

extension Components.Schemas.DayEntry: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        try writer.object {
            writeDayAndMood(
                writer, date: date, mood: mood, moodName: moodName, moodEmoji: moodEmoji, moodColor: moodColor)
            try writer.field("activities", activities)
            writer.field("note", note)
            writer.field("thoughts", thoughts)
            writer.field("gratitude", gratitude)
            writer.field("question", question)
            writer.field("answer", answer)
            try writer.field("song", song)
            writer.field("photoId", photoId)
            try writer.field("createdAt", createdAt)
            try writer.field("updatedAt", updatedAt)
            writer.field("replaced", replaced)
        }
    }
}

extension Components.Schemas.Song: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.object {
            writer.field("title", title)
            writer.field("artist", artist)
            writer.field("link", link)
        }
    }
}

extension Components.Schemas.JournalEntry: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        try writer.object {
            writer.field("id", id)
            writer.field("title", title)
            writer.field("body", body)
            writer.field("tags", tags)
            writer.field("location", location)
            try writer.field("latitude", latitude)
            try writer.field("longitude", longitude)
            writer.field("date", date)
            writer.field("isPublic", isPublic)
            writer.field("visibility", visibility.rawValue)
            try writer.field("photos", photos)
            writer.field("photoIds", photoIds)
            try writer.field("createdAt", createdAt)
            try writer.field("updatedAt", updatedAt)
            try writer.field("author", author)
        }
    }
}

extension Components.Schemas.JournalPhoto: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.object {
            writer.field("id", id)
            writer.field("smallUrl", smallUrl)
            writer.field("largeUrl", largeUrl)
        }
    }
}

extension Components.Schemas.JournalAuthor: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.object {
            writer.field("id", id)
            writer.field("username", username)
            writer.field("displayName", displayName)
            writer.field("avatarUrl", avatarUrl)
        }
    }
}

extension Components.Schemas.SearchHit: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        try writer.object {
            writer.field("kind", kind.rawValue)
            writer.field("date", date)
            writer.field("id", id)
            writer.field("checkinId", checkinId)
            writer.field("title", title)
            try writer.field("snippet", snippet)
        }
    }
}

extension Components.Schemas.SearchSnippetPart: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.object {
            writer.field("text", text)
            writer.field("highlighted", highlighted)
        }
    }
}

// MARK: Fields

extension JSONValueWriter {
    /// `{`, the fields `body` writes (each after a comma but the first), `}`.
    func object(_ body: () throws -> Void) rethrows {
        json.byte(UInt8(ascii: "{"))
        let outer = fieldsWritten
        fieldsWritten = 0
        try body()
        fieldsWritten = outer
        json.byte(UInt8(ascii: "}"))
    }

    /// `"key":`, after a comma unless it is the object's first field.
    private func key(_ key: StaticString) {
        if fieldsWritten > 0 { json.byte(UInt8(ascii: ",")) }
        fieldsWritten += 1
        json.byte(UInt8(ascii: "\""))
        json.raw(key)
        json.raw("\":")
    }

    func field(_ key: StaticString, _ value: String) {
        self.key(key)
        json.string(value)
    }

    /// Left out when nil, as the generated `Codable` code does.
    func field(_ key: StaticString, _ value: String?) {
        if let value { field(key, value) }
    }

    func field(_ key: StaticString, _ value: Int) {
        self.key(key)
        json.integer(value)
    }

    func field(_ key: StaticString, _ value: Bool) {
        self.key(key)
        json.raw(value ? "true" : "false")
    }

    func field(_ key: StaticString, _ value: Bool?) {
        if let value { field(key, value) }
    }

    func field(_ key: StaticString, _ value: Double?) throws {
        guard let value else { return }
        self.key(key)
        try write(value)
    }

    func field(_ key: StaticString, _ value: Date) throws {
        self.key(key)
        try writeDate(value)
    }

    func field(_ key: StaticString, _ values: [String]) {
        self.key(key)
        writeList(values) { json.string($0) }
    }

    func field(_ key: StaticString, _ value: (some SpecialJSONValue)?) throws {
        guard let value else { return }
        self.key(key)
        try value.writeJSON(into: self)
    }

    func field(_ key: StaticString, _ values: [some SpecialJSONValue]) throws {
        self.key(key)
        try writeList(values) { try $0.writeJSON(into: self) }
    }
}

// The pages around them: through `encode(to:)`, the array copied each element into a generic box
// before writing it (5 % of a list of 50 check-ins in copies and destroys of `Checkin`).

/// A page of the API: `{"items":[…],"nextCursor":…}`.
protocol PageOfItems: SpecialJSONValue {
    associatedtype Item: SpecialJSONValue
    var items: [Item] { get }
    var nextCursor: String? { get }
}

extension PageOfItems {
    func writeJSON(into writer: JSONValueWriter) throws {
        try writer.object {
            try writer.field("items", items)
            writer.field("nextCursor", nextCursor)
        }
    }
}

extension Components.Schemas.CheckinPage: PageOfItems {}
extension Components.Schemas.DayTeaserPage: PageOfItems {}
extension Components.Schemas.JournalPage: PageOfItems {}
extension Components.Schemas.SearchPage: PageOfItems {}
