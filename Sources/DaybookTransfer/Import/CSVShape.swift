import Foundation

/// A first pass over a CSV file's bytes, before any parser sees them: it refuses what would make
/// a parser use unbounded memory (a row of ten million columns, too many rows) and notes the line
/// each record starts on (a quoted field may hold line breaks), so problems can name lines.
struct CSVShape {
    /// The line (1-based) each record starts on; the header is record 0.
    var recordLines: [Int] = []

    init(_ bytes: some Collection<UInt8>, limits: ImportLimits) throws {
        var line = 1
        var columns = 1
        var quoted = false
        var recordStarted = false
        for byte in bytes {
            if !recordStarted, byte != 0x0A, byte != 0x0D {
                recordStarted = true
                recordLines.append(line)
                guard recordLines.count <= limits.records + 1 else {
                    throw ImportFileError("The file has more than \(limits.records) rows.")
                }
            }
            switch byte {
            case UInt8(ascii: "\""):
                quoted.toggle()
            case UInt8(ascii: ",") where !quoted:
                columns += 1
                guard columns <= limits.csvColumns else {
                    throw ImportFileError(
                        "Line \(line) has more than \(limits.csvColumns) columns: this is not an export Daybook reads.")
                }
            case 0x0A:
                line += 1
                if !quoted {
                    columns = 1
                    recordStarted = false
                }
            case 0x0D where !quoted:
                break
            default:
                break
            }
        }
    }

    /// The line of record `index` (0 is the header).
    func line(ofRecord index: Int) -> Int? {
        recordLines.indices.contains(index) ? recordLines[index] : nil
    }
}

/// Text from bytes that must be UTF-8; a file that is not says on which line it stops being text.
enum UTF8Text {
    static func decode(_ data: Data, what: String = "The file") throws -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var line = 1
        for chunk in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if String(validating: chunk, as: UTF8.self) == nil { break }
            line += 1
        }
        throw ImportFileError("\(what) is not UTF-8 text (line \(line) holds bytes that are not): save it as UTF-8.")
    }
}
