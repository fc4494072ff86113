import DaybookCore
import Foundation
import GRDB

/// How Swift values are written to and read from SQLite columns: ids as lower-case text, instants
/// as integer microseconds, lists as JSON text.
///
/// Rows are read by column *index*, against the explicit column list each store selects
/// (`SQLiteDayStore.columns`, …): reading by name is a case-insensitive scan of the row's columns
/// per value, which showed in the profile of every request.
enum Stored {
    static func id(_ value: UUID) -> String { value.lowercasedString }
    static func optionalID(_ value: UUID?) -> String? { value.map(\.lowercasedString) }
    static func time(_ value: Date) -> Int64 { value.microsecondsSince1970 }

    static func ids(_ values: [UUID]) -> String {
        "[" + values.map { "\"\($0.lowercasedString)\"" }.joined(separator: ",") + "]"
    }

    static func strings(_ values: [String]) -> String {
        if values.isEmpty { return "[]" }
        let data = (try? JSONEncoder().encode(values)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The names in a column list such as `SQLiteUserStore.columns`.
    static func names(_ columns: String) -> [String] {
        columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// A column list with each name qualified by a table alias: `id, name` → `u.id, u.name`.
    static func qualified(_ columns: String, by alias: String) -> String {
        names(columns).map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// Ids from the JSON text `ids(_:)` writes: the quoted runs between `"` are the ids, so no
    /// JSON decoder is needed.
    static func ids(from text: String) -> [UUID] {
        guard text.utf8.count > 2 else { return [] }
        return text.split(separator: "\"").compactMap { $0.utf8.count == 36 ? UUID(text: $0) : nil }
    }

    /// Strings from the JSON text `strings(_:)` writes. Without a backslash no string in it can hold
    /// a quote, so `["a","b"]` is split on `","` (tags and colours nearly always are); anything
    /// else goes through a JSON decoder, which costs tens of microseconds per call.
    static func strings(from text: String) -> [String] {
        let bytes = text.utf8
        guard bytes.count > 2 else { return [] }
        if !bytes.contains(UInt8(ascii: "\\")), text.hasPrefix("[\""), text.hasSuffix("\"]") {
            return text.dropFirst(2).dropLast(2).components(separatedBy: "\",\"")
        }
        return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }
}

extension Row {
    func uuid(_ index: Int) -> UUID {
        let text: String = self[index]
        return UUID(text: text)!
    }

    func optionalUUID(_ index: Int) -> UUID? {
        let text: String? = self[index]
        return text.flatMap { UUID(text: $0) }
    }

    func time(_ index: Int) -> Date {
        Date(microsecondsSince1970: self[index])
    }

    func localDate(_ index: Int) -> LocalDate {
        let text: String = self[index]
        return LocalDate(text)!
    }

    func uuids(_ index: Int) -> [UUID] { Stored.ids(from: self[index]) }

    func strings(_ index: Int) -> [String] { Stored.strings(from: self[index]) }
}
