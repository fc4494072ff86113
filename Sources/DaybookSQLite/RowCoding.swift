import DaybookCore
import Foundation
import GRDB

/// How Swift values are written to and read from SQLite columns: ids as lower-case text, instants
/// as integer microseconds, lists as JSON text.
enum Stored {
    static func id(_ value: UUID) -> String { value.lowercasedString }
    static func optionalID(_ value: UUID?) -> String? { value.map(\.lowercasedString) }
    static func time(_ value: Date) -> Int64 { value.microsecondsSince1970 }

    static func ids(_ values: [UUID]) -> String {
        "[" + values.map { "\"\($0.lowercasedString)\"" }.joined(separator: ",") + "]"
    }

    static func strings(_ values: [String]) -> String {
        let data = (try? JSONEncoder().encode(values)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

extension Row {
    func uuid(_ column: String) -> UUID {
        let text: String = self[column]
        return UUID(text: text)!
    }

    func optionalUUID(_ column: String) -> UUID? {
        let text: String? = self[column]
        return text.flatMap { UUID(text: $0) }
    }

    func time(_ column: String) -> Date {
        Date(microsecondsSince1970: self[column])
    }

    func localDate(_ column: String) -> LocalDate {
        let text: String = self[column]
        return LocalDate(text)!
    }

    func uuids(_ column: String) -> [UUID] {
        let text: String = self[column]
        let strings = (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
        return strings.compactMap { UUID(text: $0) }
    }

    func strings(_ column: String) -> [String] {
        let text: String = self[column]
        return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }
}
