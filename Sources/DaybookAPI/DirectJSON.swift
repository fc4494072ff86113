import Foundation

// The answers of the busiest lists, written field by field. Through `encode(to:)` every object
// costs a boxed keyed container, an encoder and a type check per field: 40 % of the CPU of a list
// of 50 check-ins, each with its feeling, activity and people. These write the same JSON (keys in
// the schema's order, optional fields left out when nil, as the generated `Codable` code does);
// `DirectJSONTests` holds each to `JSONEncoder` with every field set and every optional nil, so a
// field added to the schema fails there until it is added here.

extension Components.Schemas.VocabularyItem: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.json.raw("{\"id\":")
        writer.json.string(id)
        writer.json.raw(",\"kind\":")
        writer.json.string(kind.rawValue)
        writer.json.raw(",\"name\":")
        writer.json.string(name)
        writer.json.raw(",\"emoji\":")
        writer.json.string(emoji)
        writer.json.raw(",\"archived\":")
        writer.json.raw(archived ? "true" : "false")
        writer.json.raw(",\"position\":")
        writer.json.integer(position)
        writer.json.byte(UInt8(ascii: "}"))
    }
}

extension Components.Schemas.Person: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.json.raw("{\"id\":")
        writer.json.string(id)
        writer.json.raw(",\"name\":")
        writer.json.string(name)
        writer.json.raw(",\"archived\":")
        writer.json.raw(archived ? "true" : "false")
        writer.json.byte(UInt8(ascii: "}"))
    }
}

extension Components.Schemas.Checkin: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.json.raw("{\"id\":")
        writer.json.string(id)
        writer.json.raw(",\"at\":")
        try writer.writeDate(at)
        writer.json.raw(",\"localDate\":")
        writer.json.string(localDate)
        writer.json.raw(",\"timeZone\":")
        writer.json.string(timeZone)
        writer.json.raw(",\"feeling\":")
        try feeling.writeJSON(into: writer)
        if let activity {
            writer.json.raw(",\"activity\":")
            try activity.writeJSON(into: writer)
        }
        writer.json.raw(",\"people\":[")
        for (index, person) in people.enumerated() {
            if index > 0 { writer.json.byte(UInt8(ascii: ",")) }
            try person.writeJSON(into: writer)
        }
        writer.json.raw("],\"note\":")
        writer.json.string(note)
        writer.json.raw(",\"createdAt\":")
        try writer.writeDate(createdAt)
        writer.json.raw(",\"updatedAt\":")
        try writer.writeDate(updatedAt)
        writer.json.byte(UInt8(ascii: "}"))
    }
}

extension Components.Schemas.DayTeaser: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.json.raw("{\"date\":")
        writer.json.string(date)
        writer.json.raw(",\"mood\":")
        writer.json.integer(mood)
        writer.json.raw(",\"moodName\":")
        writer.json.string(moodName.rawValue)
        writer.json.raw(",\"moodEmoji\":")
        writer.json.string(moodEmoji)
        writer.json.raw(",\"moodColor\":")
        writer.json.string(moodColor)
        writer.json.raw(",\"noteFirstLine\":")
        writer.json.string(noteFirstLine)
        writer.json.raw(",\"activityEmojis\":")
        writer.writeStrings(activityEmojis)
        writer.json.byte(UInt8(ascii: "}"))
    }
}

extension Components.Schemas.JournalEntry: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.json.raw("{\"id\":")
        writer.json.string(id)
        writer.json.raw(",\"title\":")
        writer.json.string(title)
        writer.json.raw(",\"body\":")
        writer.json.string(body)
        writer.json.raw(",\"tags\":")
        writer.writeStrings(tags)
        writer.json.raw(",\"location\":")
        writer.json.string(location)
        if let latitude {
            writer.json.raw(",\"latitude\":")
            try writer.write(latitude)
        }
        if let longitude {
            writer.json.raw(",\"longitude\":")
            try writer.write(longitude)
        }
        writer.json.raw(",\"date\":")
        writer.json.string(date)
        writer.json.raw(",\"isPublic\":")
        writer.json.raw(isPublic ? "true" : "false")
        writer.json.raw(",\"visibility\":")
        writer.json.string(visibility.rawValue)
        writer.json.raw(",\"photos\":[")
        for (index, photo) in photos.enumerated() {
            if index > 0 { writer.json.byte(UInt8(ascii: ",")) }
            try photo.writeJSON(into: writer)
        }
        writer.json.raw("],\"photoIds\":")
        writer.writeStrings(photoIds)
        writer.json.raw(",\"createdAt\":")
        try writer.writeDate(createdAt)
        writer.json.raw(",\"updatedAt\":")
        try writer.writeDate(updatedAt)
        if let author {
            writer.json.raw(",\"author\":")
            try author.writeJSON(into: writer)
        }
        writer.json.byte(UInt8(ascii: "}"))
    }
}

extension Components.Schemas.JournalPhoto: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.json.raw("{\"id\":")
        writer.json.string(id)
        writer.json.raw(",\"smallUrl\":")
        writer.json.string(smallUrl)
        writer.json.raw(",\"largeUrl\":")
        writer.json.string(largeUrl)
        writer.json.byte(UInt8(ascii: "}"))
    }
}

extension Components.Schemas.JournalAuthor: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.json.raw("{\"id\":")
        writer.json.string(id)
        writer.json.raw(",\"username\":")
        writer.json.string(username)
        writer.json.raw(",\"displayName\":")
        writer.json.string(displayName)
        if let avatarUrl {
            writer.json.raw(",\"avatarUrl\":")
            writer.json.string(avatarUrl)
        }
        writer.json.byte(UInt8(ascii: "}"))
    }
}

extension Components.Schemas.DayEntry: SpecialJSONValue {
    func writeJSON(into writer: JSONValueWriter) throws {
        writer.json.raw("{\"date\":")
        writer.json.string(date)
        writer.json.raw(",\"mood\":")
        writer.json.integer(mood)
        writer.json.raw(",\"moodName\":")
        writer.json.string(moodName.rawValue)
        writer.json.raw(",\"moodEmoji\":")
        writer.json.string(moodEmoji)
        writer.json.raw(",\"moodColor\":")
        writer.json.string(moodColor)
        writer.json.raw(",\"activities\":[")
        for (index, activity) in activities.enumerated() {
            if index > 0 { writer.json.byte(UInt8(ascii: ",")) }
            try activity.writeJSON(into: writer)
        }
        writer.json.raw("],\"note\":")
        writer.json.string(note)
        writer.json.raw(",\"thoughts\":")
        writer.json.string(thoughts)
        writer.json.raw(",\"gratitude\":")
        writer.writeStrings(gratitude)
        writer.json.raw(",\"question\":")
        writer.json.string(question)
        writer.json.raw(",\"answer\":")
        writer.json.string(answer)
        if let song {
            writer.json.raw(",\"song\":{\"title\":")
            writer.json.string(song.title)
            writer.json.raw(",\"artist\":")
            writer.json.string(song.artist)
            if let link = song.link {
                writer.json.raw(",\"link\":")
                writer.json.string(link)
            }
            writer.json.byte(UInt8(ascii: "}"))
        }
        if let photoId {
            writer.json.raw(",\"photoId\":")
            writer.json.string(photoId)
        }
        writer.json.raw(",\"createdAt\":")
        try writer.writeDate(createdAt)
        writer.json.raw(",\"updatedAt\":")
        try writer.writeDate(updatedAt)
        if let replaced {
            writer.json.raw(",\"replaced\":")
            writer.json.raw(replaced ? "true" : "false")
        }
        writer.json.byte(UInt8(ascii: "}"))
    }
}
