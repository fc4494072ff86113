import DaybookCore
import Foundation
import Testing

@testable import DaybookTransfer

/// The readers' own rules, without a server: what a file must look like, and what it becomes.
@Suite("Import readers")
struct ImportReaderTests {
    let limits = ImportLimits()

    @Test func archivePathsOutsideTheArchiveAreRefused() {
        for path in ["../x", "a/../../x", "/etc/passwd", "\\windows\\x", "C:/x", "a\0b", "..\\x", ""] {
            #expect(!SafeArchive.isSafe(path), "\(path)")
        }
        for path in ["data.json", "photos/a.jpg", "a/b/c..d", "assets/photos/2023/1/abc"] {
            #expect(SafeArchive.isSafe(path), "\(path)")
        }
    }

    @Test func csvShapeCountsColumnsOutsideQuotesAndNamesLines() throws {
        let text = "a,b\n\"x,y\",\"two\nlines\"\n1,2\n"
        let shape = try CSVShape(Data(text.utf8), limits: limits)
        #expect(shape.recordLines == [1, 2, 4])
        var narrow = limits
        narrow.csvColumns = 3
        #expect(throws: ImportFileError.self) { try CSVShape(Data("a,b\n1,2,3,4\n".utf8), limits: narrow) }
        #expect(throws: ImportFileError.self) {
            try CSVShape(Data(repeating: UInt8(ascii: ","), count: 10_000), limits: limits)
        }
    }

    @Test func textThatIsNotUTF8NamesItsLine() {
        var data = Data("one\ntwo\n".utf8)
        data.append(contentsOf: [0x74, 0xC3, 0x28, 0x0A])
        #expect {
            try UTF8Text.decode(data)
        } throws: { error in
            (error as? ImportFileError)?.message.contains("line 3") == true
        }
        #expect((try? UTF8Text.decode(Data([0xEF, 0xBB, 0xBF, 0x61]))) == "a", "a byte-order mark is dropped")
    }

    @Test func daylioTimesAndTheOlderDateForm() throws {
        #expect(DaylioCSVReader.Columns.minutes("8:15 pm") == 20 * 60 + 15)
        #expect(DaylioCSVReader.Columns.minutes("12:05 AM") == 5)
        #expect(DaylioCSVReader.Columns.minutes("23:59") == 23 * 60 + 59)
        #expect(DaylioCSVReader.Columns.minutes("24:00") == nil)
        #expect(DaylioCSVReader.Columns.minutes("13:00 pm") == nil)
        let older = """
            year,date,weekday,time,mood,activities,note
            2021,March 4,Thursday,07:30,good,,early
            2021,5 Mar,Friday,07:30,good,,
            2021,Febtember 31,Friday,07:30,good,,
            """
        let bundle = try DaylioCSVReader.read(
            Data(older.utf8), timeZone: TimeZone(identifier: "Europe/Paris")!, limits: limits)
        #expect(bundle.moments.map(\.date.description) == ["2021-03-04", "2021-03-05"])
        #expect(bundle.moments.first?.at == ISODate.parse("2021-03-04T06:30:00Z"), "07:30 in Paris")
        #expect(bundle.problems.map(\.line) == [4])
        #expect(bundle.suggestedMoods == ["good": 4])
    }

    @Test func dayOneMarksAndEscapesGoFromTheText() {
        #expect(
            DayOneReader.withoutPhotoMarks("Hi\\! ![](dayone-moment://ABC) there\\.\n![x](dayone-moment:/DEF)")
                == "Hi! there.")
    }

    @Test func daylioNotesLoseTheirHTML() {
        #expect(HTMLText.plain("a<br>b <b>c</b> &amp; d") == "a\nb c & d")
        #expect(HTMLText.plain("plain") == "plain")
    }
}
