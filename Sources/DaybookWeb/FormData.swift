import DaybookCore
import DaybookHTTP
import Foundation
import Hummingbird

/// The fields of an `application/x-www-form-urlencoded` body, in order, repeated names kept (a
/// group of checkboxes sends one pair per ticked box).
///
/// Read as pairs (`URLEncoded`) rather than decoded into a `Decodable`: a page must never answer
/// 400 because a field is missing or typed oddly; it re-renders the form with a message beside
/// the field.
struct FormData: Sendable {
    private(set) var pairs: [(name: String, value: String)] = []

    init(pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    init(urlEncoded text: String) {
        pairs = URLEncoded.pairs(text)
    }

    /// Reads and parses the request body. Anything that is not a url-encoded form reads as empty.
    static func from(_ request: Request, limit: Int = 1_048_576) async throws -> FormData {
        var request = request
        return try await collect(&request, limit: limit)
    }

    /// Reads and parses the body and keeps it in `request`, for a handler that reads it again (a
    /// body streamed from the connection can be read once only).
    static func collect(_ request: inout Request, limit: Int = 1_048_576) async throws -> FormData {
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true else {
            return FormData(pairs: [])
        }
        let body = try await request.collectBody(upTo: limit)
        return FormData(urlEncoded: String(buffer: body))
    }

    /// The first value sent under a name, or "" when there is none.
    subscript(_ name: String) -> String {
        pairs.first(where: { $0.name == name })?.value ?? ""
    }

    /// Whether the name was sent at all (a ticked checkbox).
    func has(_ name: String) -> Bool { pairs.contains(where: { $0.name == name }) }

    /// Every value sent under a name, in order.
    func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// Every value under a name that parses as a UUID; others are dropped (they cannot be the
    /// user's own words anyway).
    func uuids(_ name: String) -> [UUID] { all(name).compactMap { UUID(text: $0) } }
}
