import Foundation
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime
import Synchronization

extension Converter {
    /// The bodies of the generated server's operations whose input type is a `PlainJSONBody`: read
    /// by `RequestJSONReader` when they are in its plain form, by the runtime otherwise.
    ///
    /// The generated code calls `getRequiredRequestBodyAsJSON` with the input type; this overload,
    /// for types that conform, is the more specific one and wins there (`RequestJSONTests` checks
    /// that a write came this way). `OpenAPIRuntime::` names the runtime's own method.
    func getRequiredRequestBodyAsJSON<T: PlainJSONBody, C>(
        _ type: T.Type, from data: HTTPBody?, transforming transform: (T) -> C
    ) async throws -> C {
        guard let data else {
            return try await self.OpenAPIRuntime::getRequiredRequestBodyAsJSON(type, from: nil, transforming: transform)
        }
        // Collected as the runtime collects it; `APIMiddleware` has already held it to its limit.
        let bytes = try await Data(collecting: data, upTo: .max)
        if let value = bytes.withUnsafeBytes({ RequestJSONReader.read(T.self, from: $0, dates: configuration.dateTranscoder) }) {
            PlainJSONBodies.read.add(1, ordering: .relaxed)
            return transform(value)
        }
        return try await self.OpenAPIRuntime::getRequiredRequestBodyAsJSON(
            type, from: HTTPBody(bytes), transforming: transform)
    }
}

/// Bodies read by `RequestJSONReader` since start (tests: the fast path is the one taken).
enum PlainJSONBodies {
    static let read = Atomic<Int>(0)
}

extension Components.Schemas.CheckinInput: PlainJSONBody {
    init(reading reader: inout RequestJSONReader) throws {
        var at: Date?
        var feelingID: String?
        var activityID: String?
        var personIDs: [String]?
        var note: String?
        try reader.object { key, reader in
            switch key {
            case "at": at = try reader.date()
            case "feelingId": feelingID = try reader.string()
            case "activityId": activityID = try reader.string()
            case "personIds": personIDs = try reader.strings()
            case "note": note = try reader.string()
            default: throw RequestJSONReader.NotPlain()
            }
        }
        guard let feelingID else { throw RequestJSONReader.NotPlain() }
        self.init(at: at, feelingId: feelingID, activityId: activityID, personIds: personIDs, note: note)
    }
}

extension Components.Schemas.DayEntryInput: PlainJSONBody {
    /// Without `song` (an object) and `photoId` (often `null`): a body with them goes the
    /// runtime's way.
    init(reading reader: inout RequestJSONReader) throws {
        var mood: Int?
        var activityIDs: [String]?
        var note: String?
        var thoughts: String?
        var gratitude: [String]?
        var answer: String?
        try reader.object { key, reader in
            switch key {
            case "mood": mood = try reader.integer()
            case "activityIds": activityIDs = try reader.strings()
            case "note": note = try reader.string()
            case "thoughts": thoughts = try reader.string()
            case "gratitude": gratitude = try reader.strings()
            case "answer": answer = try reader.string()
            default: throw RequestJSONReader.NotPlain()
            }
        }
        guard let mood else { throw RequestJSONReader.NotPlain() }
        self.init(
            mood: mood, activityIds: activityIDs, note: note, thoughts: thoughts, gratitude: gratitude, answer: answer)
    }
}

extension Components.Schemas.JournalEntryInput: PlainJSONBody {
    /// Without `latitude` and `longitude` (fractions, or `null`): a body with them goes the
    /// runtime's way.
    init(reading reader: inout RequestJSONReader) throws {
        var title: String?
        var body: String?
        var tags: [String]?
        var location: String?
        var date: String?
        var photoIDs: [String]?
        var isPublic: Bool?
        var visibility: Components.Schemas.JournalVisibility?
        try reader.object { key, reader in
            switch key {
            case "title": title = try reader.string()
            case "body": body = try reader.string()
            case "tags": tags = try reader.strings()
            case "location": location = try reader.string()
            case "date": date = try reader.string()
            case "photoIds": photoIDs = try reader.strings()
            case "isPublic": isPublic = try reader.bool()
            case "visibility":
                guard let value = Components.Schemas.JournalVisibility(rawValue: try reader.string()) else {
                    throw RequestJSONReader.NotPlain()
                }
                visibility = value
            default: throw RequestJSONReader.NotPlain()
            }
        }
        self.init(
            title: title, body: body, tags: tags, location: location, date: date, photoIds: photoIDs,
            isPublic: isPublic, visibility: visibility)
    }
}
