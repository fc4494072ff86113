import Foundation

/// Ids that sort by when they were made (UUID version 7, RFC 9562 §5.7), for new rows.
///
/// Why: every stored id is the key of a B-tree (SQLite's id index and `search_docs`' unique
/// key, PostgreSQL's primary keys). A random (version 4) id lands on a random leaf, so a group of
/// writes dirties a page per write in each such index, and each dirty page is written to the WAL
/// and later written back by the checkpoint. Ids that grow with time land on the index's newest
/// leaf, which the next write touches again. On the bench database, inserting check-ins in groups
/// of eight cost about a third less with these ids (docs/performance-log.md, fifteenth pass).
///
/// What it reveals: the millisecond a row was made, to whoever sees its id. Ids are shown only
/// to those who may see the row, and the rows that leave their owner (a public or shared entry)
/// show their creation time anyway.
extension UUID {
    /// A new version 7 id: 48 bits of Unix milliseconds, then (RFC 9562 method 3) 12 bits of the
    /// fraction of that millisecond, so ids made by one process in order sort in order nearly
    /// always; the remaining 62 bits are random.
    public static func timeOrdered(at date: Date = Date()) -> UUID {
        let micros = UInt64(max(0, date.timeIntervalSince1970 * 1_000_000))
        let milliseconds = micros / 1000
        let fraction = (micros % 1000) * 4096 / 1000
        var random = SystemRandomNumberGenerator()
        let tail = random.next() as UInt64
        let high = milliseconds << 16 | 0x7000 | fraction
        let low = tail & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        return withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }
}
