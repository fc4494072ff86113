import Foundation
import Testing

@testable import DaybookAPI

/// The API's instants at the edges of what RFC 3339 can write: the date part comes from
/// `LocalDate(dayNumber:)`, which must agree with the transcoder's own reading for years 0000…9999.
/// Far from 2001 a `Date` (a `Double` of seconds) holds no single microseconds, so the edge years
/// are written with whole or half seconds.
@Suite("RFC 3339 instants with microseconds")
struct MicrosecondDateTranscoderTests {
    let transcoder = MicrosecondDateTranscoder()

    @Test(arguments: [
        "0000-01-01T00:00:00.000000Z", "0000-02-29T12:34:56.500000Z", "0000-03-01T00:00:00.000000Z",
        "0001-01-01T00:00:00.000000Z", "1582-10-04T23:59:59.500000Z", "1969-12-31T23:59:59.999999Z",
        "1970-01-01T00:00:00.000000Z", "2000-02-29T06:07:08.090000Z", "2024-03-09T21:30:00.123456Z",
        "2100-02-28T23:00:00.500000Z", "9999-12-31T23:59:59.000000Z",
    ])
    func writesWhatItReads(text: String) throws {
        #expect(try transcoder.encode(try transcoder.decode(text)) == text)
    }

    @Test func refusesInstantsOutsideTheYearsItCanWrite() {
        #expect(throws: EncodingError.self) { try transcoder.encode(Date(timeIntervalSince1970: -62_167_219_201)) }
        #expect(throws: EncodingError.self) { try transcoder.encode(Date(timeIntervalSince1970: 253_402_300_800)) }
    }
}
