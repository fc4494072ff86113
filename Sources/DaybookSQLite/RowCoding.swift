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

    /// Ids from the JSON text `ids(_:)` writes: the runs of 36 bytes between two `"` are the ids,
    /// read in place, so no JSON decoder (nor a split into `Character`s) is needed.
    static func ids(from text: String) -> [UUID] {
        guard text.utf8.count > 2 else { return [] }
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            var ids: [UUID] = []
            ids.reserveCapacity(bytes.count / 39)
            var open: Int?
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\"") {
                guard let start = open else {
                    open = index + 1
                    continue
                }
                if let id = UUID(utf8: UnsafeBufferPointer(rebasing: bytes[start..<index])) { ids.append(id) }
                open = nil
            }
            return ids
        } ?? ids(from: String(decoding: Array(text.utf8), as: UTF8.self))
    }

    /// Strings from the JSON text `strings(_:)` writes. Without a backslash no string in it can hold
    /// a quote, so `["a","b"]` is cut at each `","` (tags and colours nearly always are); anything
    /// else goes through a JSON decoder, which costs tens of microseconds per call.
    static func strings(from text: String) -> [String] {
        let bytes = Array(text.utf8)
        guard bytes.count > 2 else { return [] }
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        guard !bytes.contains(UInt8(ascii: "\\")), bytes.count >= 4, bytes[0] == UInt8(ascii: "["),
            bytes[1] == quote, bytes[bytes.count - 2] == quote, bytes[bytes.count - 1] == UInt8(ascii: "]")
        else {
            return (try? JSONDecoder().decode([String].self, from: Data(bytes))) ?? []
        }
        var strings: [String] = []
        var start = 2
        var index = 2
        let end = bytes.count - 2
        while index < end {
            if bytes[index] == quote, index + 2 < end, bytes[index + 1] == comma, bytes[index + 2] == quote {
                strings.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += 3
                start = index
            } else {
                index += 1
            }
        }
        strings.append(String(decoding: bytes[start..<end], as: UTF8.self))
        return strings
    }
}

extension Row {
    /// Every row of `statement`, decoded as the cursor steps. `fetchAll` first copies each value of
    /// each row (with the column names) into a row of its own: a sixth of the CPU of a list of 50
    /// check-ins. The row handed to `decode` is only valid during the call.
    static func all<T>(
        _ statement: Statement, arguments: StatementArguments, as decode: (Row) throws -> T
    ) throws -> [T] {
        var values: [T] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() { values.append(try decode(row)) }
        return values
    }

    /// The value at column `index`, as GRDB holds it. Rows from `Row.fetchAll` and `fetchOne` are
    /// copies, and GRDB decodes a copied value through a generic path that looks up runtime type
    /// metadata per value (a fifth of the CPU of a list of 50 days): the helpers below read the
    /// stored value instead.
    @inline(__always)
    func stored(_ index: Int) -> DatabaseValue.Storage {
        self[self.index(startIndex, offsetBy: index)].1.storage
    }

    /// Text, or "" for NULL (a number or blob where text was expected is converted, never a crash).
    func text(_ index: Int) -> String { optionalText(index) ?? "" }

    func optionalText(_ index: Int) -> String? {
        switch stored(index) {
        case .string(let text): text
        case .null: nil
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .blob(let data): String(decoding: data, as: UTF8.self)
        }
    }

    /// An integer, or 0 for NULL or text that is not one.
    func int64(_ index: Int) -> Int64 {
        switch stored(index) {
        case .int64(let number): number
        case .double(let number): Int64(exactly: number.rounded()) ?? 0
        case .string(let text): Int64(text) ?? 0
        case .null, .blob: 0
        }
    }

    func int(_ index: Int) -> Int { Int(truncatingIfNeeded: int64(index)) }

    func optionalDouble(_ index: Int) -> Double? {
        switch stored(index) {
        case .double(let number): number
        case .int64(let number): Double(number)
        case .string(let text): Double(text)
        case .null, .blob: nil
        }
    }

    func uuid(_ index: Int) -> UUID {
        UUID(text: text(index))!
    }

    func optionalUUID(_ index: Int) -> UUID? {
        optionalText(index).flatMap { UUID(text: $0) }
    }

    func time(_ index: Int) -> Date {
        Date(microsecondsSince1970: int64(index))
    }

    func localDate(_ index: Int) -> LocalDate {
        LocalDate(text(index))!
    }

    func uuids(_ index: Int) -> [UUID] { Stored.ids(from: text(index)) }

    func strings(_ index: Int) -> [String] { Stored.strings(from: text(index)) }
}
