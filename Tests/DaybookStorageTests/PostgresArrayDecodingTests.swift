import DaybookTestSupport
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import DaybookPostgres

/// `PGUUIDs` and `PGStrings` read what PostgreSQL sends for a `uuid[]` and a `text[]` exactly as
/// PostgresNIO's `[UUID]` and `[String]` do, and fail where they fail (a NULL element, two
/// dimensions, a first index other than 1, another type).
@Suite("PostgreSQL arrays")
struct PostgresArrayDecodingTests {
    static let logger = Logger(label: "daybook.test")

    /// The first column of the query's first row as read by `ours` and by PostgresNIO's `Theirs`;
    /// nil where either fails.
    static func both<Theirs: PostgresDecodable>(
        _ connection: PostgresConnection, _ query: PostgresQuery, ours: (PostgresCell) throws -> Theirs,
        theirs: Theirs.Type
    ) async throws -> (ours: Theirs?, theirs: Theirs?) {
        let row = try #require(try await connection.query(query, logger: logger).collect().first)
        let cell = try #require(row.first)
        return (try? ours(cell), try? cell.decode(Theirs.self))
    }

    @Test(.enabled(if: TestDatabase.available.contains(.postgres)))
    func readsEveryUUIDArrayAsPostgresNIODoes() async throws {
        let ids = (0..<40).map { _ in UUID() }
        try await PostgresTestDatabase.admin(try PostgresTestDatabase.serverURL()) { connection in
            func both(_ query: PostgresQuery) async throws -> (ours: [UUID]?, theirs: [UUID]?) {
                try await Self.both(connection, query, ours: { try $0.decode(PGUUIDs.self).ids }, theirs: [UUID].self)
            }
            for count in [0, 1, 2, 40] {
                let sent = Array(ids.prefix(count))
                let (ours, theirs) = try await both("SELECT \(sent)::uuid[]")
                #expect(ours == sent)
                #expect(theirs == sent)
            }
            let empty = try await both("SELECT '{}'::uuid[]")
            #expect(empty.ours == [] && empty.theirs == [])
            let coalesced = try await both("SELECT coalesce(array_agg(x), '{}') FROM unnest('{}'::uuid[]) AS x")
            #expect(coalesced.ours == [])
            let withNull = try await both("SELECT ARRAY[\(ids[0]), NULL]::uuid[]")
            #expect(withNull.ours == nil && withNull.theirs == nil)
            let square = try await both("SELECT ARRAY[ARRAY[\(ids[0])], ARRAY[\(ids[1])]]::uuid[]")
            #expect(square.ours == nil)
            let lowerBound = try await both(
                PostgresQuery(unsafeSQL: "SELECT '[3:4]={\(ids[0].uuidString),\(ids[1].uuidString)}'::uuid[]"))
            #expect(lowerBound.ours == nil && lowerBound.theirs == nil)
            let text = try await both("SELECT ARRAY['a']::text[]")
            #expect(text.ours == nil)
        }
    }

    @Test(.enabled(if: TestDatabase.available.contains(.postgres)))
    func readsEveryTextArrayAsPostgresNIODoes() async throws {
        try await PostgresTestDatabase.admin(try PostgresTestDatabase.serverURL()) { connection in
            func both(_ query: PostgresQuery) async throws -> (ours: [String]?, theirs: [String]?) {
                try await Self.both(
                    connection, query, ours: { try $0.decode(PGStrings.self).strings }, theirs: [String].self)
            }
            let lists = [[], [""], ["walk"], ["walk", "café", "🙂 and more", "a,b", "{x}", "\"quoted\""]]
            for sent in lists + [(0..<50).map(String.init)] {
                let (ours, theirs) = try await both("SELECT \(sent)::text[]")
                #expect(ours == sent)
                #expect(theirs == sent)
            }
            let empty = try await both("SELECT '{}'::text[]")
            #expect(empty.ours == [] && empty.theirs == [])
            let withNull = try await both("SELECT ARRAY['a', NULL]::text[]")
            #expect(withNull.ours == nil && withNull.theirs == nil)
            let square = try await both("SELECT ARRAY[ARRAY['a'], ARRAY['b']]::text[]")
            #expect(square.ours == nil)
            let uuids = try await both("SELECT ARRAY[gen_random_uuid()]")
            #expect(uuids.ours == nil)
        }
    }
}
