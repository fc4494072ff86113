import DaybookCore
import DaybookStorage
import Foundation
import PostgresNIO

/// How Swift values meet PostgreSQL's native types.
///
/// PostgresNIO's own `Date` coding goes through a `Double` of seconds since 2000 and truncates, so
/// a value can come back one microsecond off. Instants therefore travel as `PGTime`: exact
/// microseconds, converted the same way SQLite's integer microseconds are, so both stores return
/// equal `Date`s. Local dates travel as `PGDate`: a PostgreSQL `date` (days since 2000-01-01), no
/// time zone anywhere.

/// A `timestamptz`, exact to the microsecond.
struct PGTime: PostgresNonThrowingEncodable, PostgresDecodable, Sendable {
    /// Microseconds between 1970-01-01 and 2000-01-01, PostgreSQL's epoch.
    static let epochOffset: Int64 = 946_684_800 * 1_000_000

    var date: Date

    init(_ date: Date) { self.date = date }

    static var psqlType: PostgresDataType { .timestamptz }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) {
        byteBuffer.writeInteger(date.microsecondsSince1970 - Self.epochOffset)
    }

    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
        context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        guard type == .timestamptz || type == .timestamp, format == .binary else {
            throw PostgresDecodingError.Code.typeMismatch
        }
        guard buffer.readableBytes == 8, let micros = buffer.readInteger(as: Int64.self),
            micros != .max, micros != .min  // ±infinity
        else { throw PostgresDecodingError.Code.failure }
        date = Date(microsecondsSince1970: micros + Self.epochOffset)
    }
}

/// A `date`: a calendar day with no time and no zone.
struct PGDate: PostgresNonThrowingEncodable, PostgresDecodable, Sendable {
    /// Days from 1970-01-01 to 2000-01-01.
    static let epochOffset = 10_957

    var date: LocalDate

    init(_ date: LocalDate) { self.date = date }

    static var psqlType: PostgresDataType { .date }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) {
        let days = date.dayNumber - Self.epochOffset
        byteBuffer.writeInteger(Int32(days))
    }

    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
        context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        guard type == .date, format == .binary else { throw PostgresDecodingError.Code.typeMismatch }
        guard buffer.readableBytes == 4, let days = buffer.readInteger(as: Int32.self),
            days != .max, days != .min  // ±infinity
        else { throw PostgresDecodingError.Code.failure }
        let local = LocalDate(dayNumber: Int(days) + Self.epochOffset)
        guard (1...9999).contains(local.year) else { throw PostgresDecodingError.Code.failure }
        date = local
    }
}

extension PostgresRandomAccessRow {
    func value<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        try self[column].decode(T.self)
    }

    func time(_ column: String) throws -> Date { try self[column].decode(PGTime.self).date }

    func localDate(_ column: String) throws -> LocalDate { try self[column].decode(PGDate.self).date }
}

/// Where a query can run: the pool, or one connection inside a transaction.
///
/// A row is read one of two ways. By name (`PostgresRandomAccessRow`, `row.value("mood")`) is the
/// default. The rows every list and read by key returns (a day, a check-in, a journal entry) are
/// read in their select's order instead (`reading:` with a `PostgresColumns`): by name, each row
/// first became a table of its cells and each column's name was hashed to find its cell (in order,
/// a list of 50 days costs the server ~8 % less CPU; docs/performance-log.md, twenty-first pass).
protocol PostgresRowReading: Sendable {
    /// Every row of a query, each turned into a value by `read` as it arrives.
    func rows<Row>(
        _ query: PostgresQuery, logger: Logger, reading read: (PostgresRow) throws -> Row
    ) async throws -> [Row]
    /// Every row of a prepared statement (`PreparedSQL`) with `bindings` as `$1`, `$2`…
    func rows<Statement: PreparedSQL, Row>(
        _: Statement.Type, bindings: PostgresBindings, logger: Logger, reading read: (PostgresRow) throws -> Row
    ) async throws -> [Row]
    /// Runs a statement; the number of rows it returned (`RETURNING 1` counts what it changed).
    @discardableResult func execute(_ query: PostgresQuery, logger: Logger) async throws -> Int
}

extension PostgresRowReading {
    /// All rows of a query, each ready for lookup by column name.
    func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRandomAccessRow] {
        try await rows(query, logger: logger) { $0.makeRandomAccess() }
    }

    /// All rows of a prepared statement, each ready for lookup by column name.
    func rows<Statement: PreparedSQL>(
        _ statement: Statement.Type, bindings: PostgresBindings, logger: Logger
    ) async throws -> [PostgresRandomAccessRow] {
        try await rows(statement, bindings: bindings, logger: logger) { $0.makeRandomAccess() }
    }
}

extension PostgresClient: PostgresRowReading {}
extension PostgresConnection: PostgresRowReading {}

extension PostgresClient {
    func rows<Row>(
        _ query: PostgresQuery, logger: Logger, reading read: (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        try await readRows({ try await self.query(query, logger: logger) }, reading: read)
    }

    /// Runs a statement, reading whatever it returns; with `RETURNING 1` (one row per affected
    /// row), the count tells how many rows it changed.
    @discardableResult
    func execute(_ query: PostgresQuery, logger: Logger) async throws -> Int {
        try await storeErrors { try await self.query(query, logger: logger).collect().count }
    }
}

extension PostgresConnection {
    func rows<Row>(
        _ query: PostgresQuery, logger: Logger, reading read: (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        try await readRows({ try await self.query(query, logger: logger) }, reading: read)
    }

    @discardableResult
    func execute(_ query: PostgresQuery, logger: Logger) async throws -> Int {
        try await storeErrors { try await self.query(query, logger: logger).collect().count }
    }
}

/// Every row a statement returns, each turned into a value by `read` as it arrives; PostgreSQL's
/// errors become the store's (`storeErrors`).
func readRows<Rows: AsyncSequence, Row>(
    _ statement: () async throws -> Rows, reading read: (PostgresRow) throws -> Row
) async throws -> [Row] where Rows.Element == PostgresRow {
    try await storeErrors {
        var rows: [Row] = []
        for try await row in try await statement() { rows.append(try read(row)) }
        return rows
    }
}

/// PostgreSQL's binary array format, read element by element: PostgresNIO's generic array
/// decoding makes a cell and checks the element's type for each element, which was 4.3 % of
/// listing 50 days (their activities) and 1.8 % of listing 20 journal entries (their tags). One
/// dimension counted from 1, or none (the empty array), and no NULL element: what Daybook writes;
/// anything else is a decoding failure, as it is for PostgresNIO's arrays.
enum PostgresBinaryArray {
    /// Calls `element` with each element's bytes, in order, when the column is an `arrayType` of
    /// `elementType`.
    static func read(
        _ buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
        as arrayType: PostgresDataType, of elementType: PostgresDataType, element: (ByteBuffer) throws -> Void
    ) throws {
        guard type == arrayType, format == .binary else { throw PostgresDecodingError.Code.typeMismatch }
        // The header: dimensions, a has-NULLs flag, the element type; then each dimension's length
        // and first index; then each element's length and bytes (a length of -1 is a NULL).
        guard let dimensions = buffer.readInteger(as: Int32.self), buffer.readInteger(as: Int32.self) != nil,
            buffer.readInteger(as: UInt32.self) == elementType.rawValue
        else { throw PostgresDecodingError.Code.failure }
        guard dimensions == 1 else {
            guard dimensions == 0, buffer.readableBytes == 0 else { throw PostgresDecodingError.Code.failure }
            return
        }
        guard let count = buffer.readInteger(as: Int32.self), count >= 0, buffer.readInteger(as: Int32.self) == 1
        else { throw PostgresDecodingError.Code.failure }
        for _ in 0..<count {
            guard let length = buffer.readInteger(as: Int32.self), length >= 0,
                let bytes = buffer.readSlice(length: Int(length))
            else { throw PostgresDecodingError.Code.failure }
            try element(bytes)
        }
        guard buffer.readableBytes == 0 else { throw PostgresDecodingError.Code.failure }
    }
}

/// A `uuid[]` column: a day's activities, a check-in's people, a journal entry's photos.
struct PGUUIDs: PostgresDecodable, Sendable {
    var ids: [UUID] = []

    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
        context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        try PostgresBinaryArray.read(&buffer, type: type, format: format, as: .uuidArray, of: .uuid) { element in
            var element = element
            guard element.readableBytes == 16, let high = element.readInteger(as: UInt64.self),
                let low = element.readInteger(as: UInt64.self)
            else { throw PostgresDecodingError.Code.failure }
            var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &bytes) { raw in
                raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
                raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
            }
            ids.append(UUID(uuid: bytes))
        }
    }
}

/// A `text[]` column: a day's gratitude, a journal entry's tags.
struct PGStrings: PostgresDecodable, Sendable {
    var strings: [String] = []

    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
        context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        try PostgresBinaryArray.read(&buffer, type: type, format: format, as: .textArray, of: .text) { element in
            strings.append(String(buffer: element))
        }
    }
}

/// A row's columns read in the order of its select, each named where it is read: a store's reader
/// reads like one by name, and a test build checks every name against the row's (a select whose
/// columns moved fails there, not in a user's data), but a release build only steps to the next
/// cell.
struct PostgresColumns {
    private var cells: PostgresRow.Iterator

    init(_ row: PostgresRow) { cells = row.makeIterator() }

    /// The next column's value; `column` is its name in the select.
    mutating func next<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        guard let cell = cells.next() else { throw PostgresDecodingError.Code.missingData }
        assert(cell.columnName == column, "read \(column) where the row has \(cell.columnName)")
        return try cell.decode(T.self)
    }

    mutating func time(_ column: String) throws -> Date { try next(column, as: PGTime.self).date }

    mutating func localDate(_ column: String) throws -> LocalDate { try next(column, as: PGDate.self).date }

    mutating func ids(_ column: String) throws -> [UUID] { try next(column, as: PGUUIDs.self).ids }

    mutating func strings(_ column: String) throws -> [String] { try next(column, as: PGStrings.self).strings }
}

/// The unique constraints whose violation the API reports by field name. Constraint names are set in
/// `PostgresMigrations`.
enum PostgresConstraint {
    static let fields = [
        "users_email_unique": "email",
        "users_username_unique": "username",
        "closet_categories_name_unique": "name",
    ]
}

/// The underlying PostgreSQL error, through PostgresNIO's transaction wrapper if there is one.
func postgresError(_ error: any Error) -> PSQLError? {
    if let error = error as? PSQLError { return error }
    if let error = error as? PostgresTransactionError {
        return error.closureError.flatMap(postgresError) ?? error.commitError.flatMap(postgresError)
            ?? error.beginError.flatMap(postgresError)
    }
    return nil
}

/// Runs database work, turning PostgresNIO's errors into the store's own:
/// - a unique violation (SQLSTATE 23505) becomes `StoreError.conflict`, named like the SQLite
///   store names it: `email`, `username`, or `id` for any other key;
/// - any other error the server reports becomes `PostgresStoreError.server` with its SQLSTATE and
///   message (never its detail, which can quote values);
/// - a connection failure becomes `PostgresStoreError.connection`.
/// PostgresNIO's own errors print only "Generic description …", which tells an operator nothing.
func storeErrors<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as StoreError {
        throw error
    } catch let error as PostgresStoreError {
        throw error
    } catch {
        guard let psql = postgresError(error) else { throw error }
        if let info = psql.serverInfo, let state = info[.sqlState] {
            let constraint = info[.constraintName]
            if state == "23505" {
                throw StoreError.conflict(field: PostgresConstraint.fields[constraint ?? ""] ?? "id")
            }
            throw PostgresStoreError.server(sqlState: state, message: info[.message] ?? "", constraint: constraint)
        }
        throw PostgresStoreError.connection("\(psql.code)" + (psql.underlying.map { ": \($0)" } ?? ""))
    }
}

extension PGTime: PostgresArrayEncodable, PostgresArrayDecodable {
    static var psqlArrayType: PostgresDataType { .timestamptzArray }
}
