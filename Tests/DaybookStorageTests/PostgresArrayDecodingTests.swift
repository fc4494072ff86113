import DaybookTestSupport
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import DaybookPostgres

/// `PGUUIDs` reads what PostgreSQL sends for a `uuid[]` exactly as PostgresNIO's `[UUID]` does,
/// and fails where it fails (a NULL element, two dimensions, a first index other than 1).
@Suite("PostgreSQL uuid arrays")
struct PostgresArrayDecodingTests {
    static let logger = Logger(label: "daybook.test")

    @Test(.enabled(if: TestDatabase.available.contains(.postgres)))
    func readsEveryArrayAsPostgresNIODoes() async throws {
        let url = try PostgresTestDatabase.serverURL()
        let ids = (0..<40).map { _ in UUID() }
        try await PostgresTestDatabase.admin(url) { connection in
            func both(_ query: PostgresQuery) async throws -> (ours: [UUID]?, theirs: [UUID]?) {
                let row = try #require(try await connection.query(query, logger: Self.logger).collect().first)
                let cell = try #require(row.first)
                return (try? cell.decode(PGUUIDs.self).ids, try? cell.decode([UUID].self))
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
}
