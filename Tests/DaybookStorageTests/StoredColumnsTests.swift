import DaybookCore
import Foundation
import GRDB
import Testing

@testable import DaybookSQLite

/// A row read in place while the statement steps (`SteppedRow`) gives what the same row copied by
/// GRDB (`Row`) gives, for every helper the stores' decoders use, NULLs and odd types included.
@Suite("SQLite columns read in place")
struct StoredColumnsTests {
    struct Read: Equatable {
        var texts: [String?]
        var integers: [Int64]
        var optionalIntegers: [Int?]
        var doubles: [Double?]
        var nulls: [Bool]
        var id: UUID?
        var ids: [UUID]
        var date: LocalDate
        var strings: [String]
    }

    static func read(_ row: some StoredColumns) -> Read {
        Read(
            texts: (0..<7).map { row.optionalText($0) }, integers: (0..<7).map { row.int64($0) },
            optionalIntegers: (0..<7).map { row.optionalInt($0) }, doubles: (0..<7).map { row.optionalDouble($0) },
            nulls: (0..<7).map { row.isNull($0) }, id: row.optionalUUID(0), ids: row.uuids(5),
            date: row.localDate(6), strings: row.strings(4))
    }

    @Test func aSteppedRowReadsAsTheCopiedRow() throws {
        let queue = try DatabaseQueue()
        let id = UUID()
        let other = UUID()
        let rows: [StatementArguments] = [
            [id.lowercasedString, 42, 2.5, "ümlaut 🌧️", #"["tea","walk"]"#, Stored.ids([id, other]), "2026-11-27"],
            [nil, nil, nil, nil, "[]", "[]", "1999-01-31"],
            ["not an id", "17", "3.75", 12, #"["a\"b"]"#, "[\"\(id.uuidString)\"]", "2000-02-29"],
            ["", -3.6, 7, Data("blob".utf8), "", "", "0001-01-01"],
        ]
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a, b, c, d, e, f, g)")
            for row in rows { try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)", arguments: row) }
        }
        try queue.read { db in
            let sql = "SELECT a, b, c, d, e, f, g FROM t ORDER BY rowid"
            let copied = try Row.fetchAll(db, sql: sql).map(Self.read)
            let stepped = try Row.all(db.makeStatement(sql: sql), arguments: [], as: Self.read)
            #expect(stepped == copied)
            #expect(copied.count == rows.count)
            #expect(copied[0].id == id && copied[0].ids == [id, other] && copied[0].texts[3] == "ümlaut 🌧️")
            #expect(copied[0].strings == ["tea", "walk"] && copied[2].strings == ["a\"b"])
            #expect(copied[1].nulls.prefix(4).allSatisfy { $0 } && copied[1].optionalIntegers[1] == nil)
            #expect(copied[2].integers[1] == 17 && copied[2].doubles[2] == 3.75 && copied[2].ids == [id])
            #expect(copied[3].integers[1] == -4 && copied[3].texts[3] == "blob")
            let first = try Row.first(db.makeStatement(sql: sql), arguments: [], as: Self.read)
            #expect(first == copied[0])
            let none = try Row.first(db.makeStatement(sql: sql + " LIMIT 0"), arguments: [], as: Self.read)
            #expect(none == nil)
        }
    }
}
