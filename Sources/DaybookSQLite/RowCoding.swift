import CSQLite
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

    /// A JSON array of the strings, each written as the API writes one (`JSONString`). Not a
    /// `JSONEncoder`: one per list was 1 % of saving a day.
    static func strings(_ values: [String]) -> String {
        if values.isEmpty { return "[]" }
        var json: [UInt8] = [UInt8(ascii: "[")]
        json.reserveCapacity(values.reduce(2) { $0 + $1.utf8.count + 3 })
        for (index, value) in values.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONString.append(value, to: &json)
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
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
    static func ids(from bytes: UnsafeBufferPointer<UInt8>) -> [UUID] {
        guard bytes.count > 2 else { return [] }
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
    }

    /// Strings from the JSON text `strings(_:)` writes. Without a backslash no string in it can hold
    /// a quote, so `["a","b"]` is cut at each `","` (tags and colours nearly always are); anything
    /// else goes through a JSON decoder, which costs tens of microseconds per call. Read from the
    /// column's bytes in place, as ids are.
    static func strings(from bytes: UnsafeBufferPointer<UInt8>) -> [String] {
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

/// The columns of one row, read by index against the explicit column list each store selects:
/// a `Row` (a copy GRDB made: `fetchOne`, `fetchAll`) or a `SteppedRow` (the current row of a
/// statement being stepped: `Row.all`, `Row.first`). Each store's decoder
/// (`SQLiteCheckinStore.checkin(_:)`, …) takes either.
protocol StoredColumns {
    func isNull(_ index: Int) -> Bool
    /// Text, nil for NULL (a number or blob where text was expected is converted, never a crash).
    func optionalText(_ index: Int) -> String?
    /// The UTF-8 bytes of a text value, valid only during `body`; nil for NULL. What ids and
    /// dates are parsed from, without a `String` made for them.
    func withText<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T?
    /// An integer, or 0 for NULL or text that is not one.
    func int64(_ index: Int) -> Int64
    func optionalDouble(_ index: Int) -> Double?
}

extension StoredColumns {
    /// Text, or "" for NULL.
    func text(_ index: Int) -> String { optionalText(index) ?? "" }

    func int(_ index: Int) -> Int { Int(truncatingIfNeeded: int64(index)) }

    func optionalInt(_ index: Int) -> Int? { isNull(index) ? nil : int(index) }

    func uuid(_ index: Int) -> UUID { optionalUUID(index)! }

    func optionalUUID(_ index: Int) -> UUID? { withText(index) { UUID(utf8: $0) } ?? nil }

    func time(_ index: Int) -> Date { Date(microsecondsSince1970: int64(index)) }

    func localDate(_ index: Int) -> LocalDate { (withText(index) { LocalDate(utf8: $0) } ?? nil)! }

    func uuids(_ index: Int) -> [UUID] { withText(index) { Stored.ids(from: $0) } ?? [] }

    func strings(_ index: Int) -> [String] { withText(index) { Stored.strings(from: $0) } ?? [] }
}

/// The current row of a statement that `Row.all` or `Row.first` steps, read straight from SQLite:
/// no copy of the row, no column names, and a `String` made only for text that is kept (ids and
/// dates are parsed from the bytes). A copied row of 50 check-ins' worth of columns was 15 % of
/// the CPU of a list.
struct SteppedRow: StoredColumns {
    let statement: SQLiteStatement

    func isNull(_ index: Int) -> Bool { sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL }

    func withText<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        let column = Int32(index)
        // sqlite3_column_bytes after sqlite3_column_text, as SQLite asks, so the count is of the text.
        guard sqlite3_column_type(statement, column) != SQLITE_NULL, let start = sqlite3_column_text(statement, column)
        else { return nil }
        return body(UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, column))))
    }

    func optionalText(_ index: Int) -> String? {
        withText(index) { String(decoding: $0, as: UTF8.self) }
    }

    func int64(_ index: Int) -> Int64 {
        let column = Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return sqlite3_column_int64(statement, column)
        case SQLITE_FLOAT: return Int64(exactly: sqlite3_column_double(statement, column).rounded()) ?? 0
        case SQLITE_TEXT: return optionalText(index).flatMap { Int64($0) } ?? 0
        default: return 0
        }
    }

    func optionalDouble(_ index: Int) -> Double? {
        let column = Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER, SQLITE_FLOAT: return sqlite3_column_double(statement, column)
        case SQLITE_TEXT: return optionalText(index).flatMap { Double($0) }
        default: return nil
        }
    }
}

/// Steps a statement for `Row.all` and `Row.first`, giving SQLite's statement at each row; GRDB's
/// `step` around each `sqlite3_step` keeps its own bookkeeping (transactions, errors). GRDB's
/// `RowCursor` (behind `fetchCursor`, `fetchOne`, `fetchAll`) would first build a dictionary of the
/// statement's lower-cased column names, for `row["name"]`, on every call: 3 % of serving a
/// thumbnail, whose statement has 26 columns.
private final class StatementSteps: DatabaseCursor {
    typealias Element = SQLiteStatement
    let _statement: Statement
    var _isDone = false

    /// Binds `arguments` (checked against the statement's parameters) after a reset.
    init(_ statement: Statement, arguments: StatementArguments) throws {
        _statement = statement
        try statement.setArguments(arguments)
    }

    /// As `RowCursor`: a statement left mid-way would keep its read snapshot open.
    deinit { sqlite3_reset(_statement.sqliteStatement) }

    func _element(sqliteStatement: SQLiteStatement) -> SQLiteStatement { sqliteStatement }
}

extension Row: StoredColumns {
    /// Every row of `statement`, decoded as the statement steps (`SteppedRow`). `fetchAll` first
    /// copies each value of each row (with the column names) into a row of its own. The row handed
    /// to `decode` is only valid during the call.
    static func all<T>(
        _ statement: Statement, arguments: StatementArguments, as decode: (SteppedRow) throws -> T
    ) throws -> [T] {
        var values: [T] = []
        try forEach(statement, arguments: arguments) { values.append(try decode($0)) }
        return values
    }

    /// Calls `body` with each row of `statement` in place (see `all`).
    static func forEach(
        _ statement: Statement, arguments: StatementArguments, _ body: (SteppedRow) throws -> Void
    ) throws {
        let steps = try StatementSteps(statement, arguments: arguments)
        while let row = try steps.next() { try body(SteppedRow(statement: row)) }
    }

    /// The first row of `statement`, decoded in place (see `all`), or nil if there is none.
    static func first<T>(
        _ statement: Statement, arguments: StatementArguments, as decode: (SteppedRow) throws -> T
    ) throws -> T? {
        let steps = try StatementSteps(statement, arguments: arguments)
        return try steps.next().map { try decode(SteppedRow(statement: $0)) }
    }

    /// The value at column `index`, as GRDB holds it. GRDB decodes a copied value through a
    /// generic path that looks up runtime type metadata per value (a fifth of the CPU of a list of
    /// 50 days when lists were copied): the helpers read the stored value instead.
    @inline(__always)
    func stored(_ index: Int) -> DatabaseValue.Storage {
        self[self.index(startIndex, offsetBy: index)].1.storage
    }

    func isNull(_ index: Int) -> Bool { hasNull(atIndex: index) }

    func optionalText(_ index: Int) -> String? {
        switch stored(index) {
        case .string(let text): text
        case .null: nil
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .blob(let data): String(decoding: data, as: UTF8.self)
        }
    }

    func withText<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard var text = optionalText(index) else { return nil }
        return text.withUTF8(body)
    }

    func int64(_ index: Int) -> Int64 {
        switch stored(index) {
        case .int64(let number): number
        case .double(let number): Int64(exactly: number.rounded()) ?? 0
        case .string(let text): Int64(text) ?? 0
        case .null, .blob: 0
        }
    }

    func optionalDouble(_ index: Int) -> Double? {
        switch stored(index) {
        case .double(let number): number
        case .int64(let number): Double(number)
        case .string(let text): Double(text)
        case .null, .blob: nil
        }
    }
}
