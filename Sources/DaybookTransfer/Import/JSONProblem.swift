import Foundation

/// A decoding error said in a line, without the decoder's internals.
enum JSONProblem {
    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "“\(key.stringValue)” is missing\(where_(context))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "a value has the wrong type\(where_(context))"
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "it is not valid JSON" : "a value is not valid\(where_(context))"
        default:
            "it is not valid JSON"
        }
    }

    private static func where_(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "" : " at \(path.prefix(120))"
    }
}
