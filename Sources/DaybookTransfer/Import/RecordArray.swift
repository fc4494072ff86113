import Foundation

extension CodingUserInfoKey {
    /// The `ImportLimits` a reader decodes a file under (`RecordArray` reads it).
    static let importLimits = CodingUserInfoKey(rawValue: "daybook.importLimits")!
}

/// A file's list of records, decoded one at a time under the import's limits: more than
/// `records` is refused before the first extra one is decoded, and the deadline is looked at as it
/// goes. Every reader's top-level list of records is one of these, so the work a limit bounds is
/// never done before the limit is checked.
struct RecordArray<Element: Decodable>: Decodable {
    var elements: [Element]

    init(from decoder: any Decoder) throws {
        let limits = decoder.userInfo[.importLimits] as? ImportLimits ?? ImportLimits()
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count > limits.records {
            throw ImportFileError.tooManyRecords(limit: limits.records)
        }
        var elements: [Element] = []
        while !container.isAtEnd {
            guard elements.count < limits.records else { throw ImportFileError.tooManyRecords(limit: limits.records) }
            if elements.count & 255 == 0 { try limits.checkTime() }
            elements.append(try container.decode(Element.self))
        }
        self.elements = elements
    }
}

extension JSONDecoder {
    /// A decoder for a file read under `limits` (see `RecordArray`).
    static func importing(_ limits: ImportLimits) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[.importLimits] = limits
        return decoder
    }
}
