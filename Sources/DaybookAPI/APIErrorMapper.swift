import DaybookCore
import DaybookHTTP
import DaybookMedia
import DaybookServices
import DaybookTransfer
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import OpenAPIRuntime

/// The one place where anything thrown while answering an API request becomes a problem response:
/// our own `APIProblem`s, the services' errors, and what the generated server and the router throw
/// (a `ServerError` around a `DecodingError` or the runtime's own error, an `HTTPError`).
///
/// The runtime's error type is not public, so its cases are told apart by the status it asks for
/// and by what the request lacks against the contract (`APIContract`: a required query parameter
/// or body); every such case is covered by `APIErrorTests`.
struct APIErrorMapper {
    /// The contract's query parameters and bodies, to name what a request got wrong.
    var contract: APIContract
    /// The request body as received, to point at the field a date failed to decode in.
    var requestBody: ByteBuffer
    var bodyLimit: Int
    var logger: Logger

    func problem(for error: any Error) -> APIProblem {
        switch error {
        case let problem as APIProblem:
            return problem
        case let error as ValidationError:
            return .validation(error.errors)
        case let error as FieldError:
            return .validation([error])
        case is NotFound:
            return .notFound
        case let error as AccountError:
            switch error {
            case .invalidCredentials: return .invalidCredentials
            case .tooManyAttempts(let seconds): return .tooManyAttempts(retryAfterSeconds: seconds)
            case .challengeExpired: return .challengeExpired
            case .secondFactorRequired: return .invalidCredentials  // answered as 202 by `login`; never here
            }
        case let error as ImageProcessingError:
            if case .processingFailed = error { return unexpected(error) }
            return .photo(error)
        case let error as ImportFileError:
            return .importFile(error)
        case let error as LimitReached:
            return .limitReached(error)
        case let error as TransferError:
            switch error {
            case .notFound: return .notFound
            case .notReady(let detail): return .conflict(detail)
            }
        case let error as ServerError:
            return problem(for: error)
        case let error as DecodingError:
            return bodyProblem(error)
        case is NIOTooManyBytesError:
            return .payloadTooLarge(limit: bodyLimit)
        case let error as HTTPError:
            if error.status == .contentTooLarge { return .payloadTooLarge(limit: bodyLimit) }
            if error.status.code >= 500 { return unexpected(error) }
            return .status(error.status, detail: error.body)
        case let error as any HTTPResponseError:
            if error.status.code >= 500 { return unexpected(error) }
            return .status(error.status)
        default:
            return unexpected(error)
        }
    }

    private func problem(for error: ServerError) -> APIProblem {
        let underlying = error.underlyingError
        switch underlying {
        case is APIProblem, is ValidationError, is FieldError, is NotFound, is AccountError, is NIOTooManyBytesError,
            is ImageProcessingError, is ImportFileError, is TransferError, is LimitReached:
            return problem(for: underlying)
        case let decoding as DecodingError:
            if let parameters = contract.queryParameters[error.operationID] {
                if let problem = queryProblem(error.request, parameters: parameters) { return problem }
                // Without a body (all but an upload), the parameter must be the one at fault.
                if contract.bodyTypes[error.operationID] == nil {
                    return .malformed("A query parameter is not well-formed.")
                }
            }
            return bodyProblem(decoding)
        default:
            break
        }
        switch error.httpStatus {
        case .unsupportedMediaType:
            let expected = contract.bodyTypes[error.operationID] ?? "application/json"
            return .unsupportedMediaType(error.request.headerFields[.contentType], expected: expected)
        case .badRequest:
            // The runtime's own request errors: a missing query parameter or body, say.
            let given = Set(Self.queryItems(of: error.request).map(\.name))
            let parameters = contract.queryParameters[error.operationID] ?? [:]
            if let name = parameters.filter({ $0.value.required && !given.contains($0.key) }).keys.sorted().first {
                return .malformed(
                    "The query parameter “\(name)” is required.",
                    errors: [FieldError(field: name, code: "required", message: "Give “\(name)”.")])
            }
            if contract.bodyTypes[error.operationID] != nil, requestBody.readableBytes == 0 {
                return .malformed("This request needs a JSON body.")
            }
            return .malformed("The request is not well-formed.")
        default:
            return unexpected(error)
        }
    }

    // MARK: Query parameters

    /// Finds the parameter the runtime could not decode, the way it decodes them; nil when none
    /// of them is at fault.
    private func queryProblem(_ request: HTTPRequest, parameters: [String: APIContract.QueryParameter])
        -> APIProblem?
    {
        let items = Self.queryItems(of: request)
        for (name, parameter) in parameters.sorted(by: { $0.key < $1.key }) {
            let values = items.filter { $0.name == name }.map(\.value)
            if values.count > 1, parameter.kind != .list {
                return .malformed(
                    "Give the query parameter “\(name)” once.",
                    errors: [FieldError(field: name, code: "repeated", message: "Give “\(name)” once.")])
            }
            guard let value = values.first else { continue }
            switch parameter.kind {
            case .integer where Int(value) == nil:
                return .malformed(
                    "The query parameter “\(name)” must be a whole number.",
                    errors: [
                        FieldError(
                            field: name, code: "wrong_type", message: "“\(name)” must be a whole number, like 30.")
                    ])
            case .boolean where Bool(value) == nil:
                return .malformed(
                    "The query parameter “\(name)” must be true or false.",
                    errors: [FieldError(field: name, code: "wrong_type", message: "“\(name)” must be true or false.")])
            case .oneOf(let allowed) where !allowed.contains(value):
                let list = allowed.map { "“\($0)”" }.joined(separator: ", ")
                return .malformed(
                    "The query parameter “\(name)” must be one of \(list).",
                    errors: [FieldError(field: name, code: "invalid", message: "“\(name)” must be one of \(list).")])
            default:
                continue
            }
        }
        return nil
    }

    static func queryItems(of request: HTTPRequest) -> [(name: String, value: String)] {
        guard let path = request.path, let mark = path.firstIndex(of: "?") else { return [] }
        return URLEncoded.pairs(path[path.index(after: mark)...])
    }

    // MARK: Bodies

    /// A body that did not decode: not JSON, or a field of the wrong type, missing or unknown.
    func bodyProblem(_ error: DecodingError) -> APIProblem {
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                if let text = MicrosecondDateTranscoder.rejectedText(in: context.debugDescription) {
                    let field = Self.path(ofString: text, in: requestBody) ?? "at"
                    return .malformed(
                        "“\(field)” is not a date-time.",
                        errors: [
                            FieldError(
                                field: field, code: "invalid",
                                message: "Give a date and time as RFC 3339, like 2024-03-03T21:30:00Z.")
                        ])
                }
                if requestBody.readableBytes == 0 { return .malformed("This request needs a JSON body.") }
                // Foundation's decoder calls a number that does not fit an integer "not valid JSON",
                // and says not where: if the body is JSON after all, find that number.
                if let field = Self.pathOfNonInteger(in: requestBody) {
                    return .malformed(
                        "“\(field)” should be a whole number.",
                        errors: [
                            FieldError(field: field, code: "wrong_type", message: "This should be a whole number.")
                        ])
                }
                return .malformed("The body is not valid JSON.")
            }
            let field = Self.fieldName(context.codingPath)
            if context.debugDescription.hasPrefix("Additional properties are disabled") {
                return .malformed(
                    "“\(field)” is not a field of this request.",
                    errors: [
                        FieldError(field: field, code: "unknown_field", message: "There is no field “\(field)” here.")
                    ])
            }
            return .malformed(
                "“\(field)” is not valid.",
                errors: [FieldError(field: field, code: "invalid", message: "This value is not valid here.")])
        case .keyNotFound(let key, let context):
            let field = Self.fieldName(context.codingPath + [key])
            return .malformed(
                "“\(field)” is missing.",
                errors: [FieldError(field: field, code: "required", message: "This field is required.")])
        case .valueNotFound(_, let context):
            guard !context.codingPath.isEmpty else { return .malformed("The body must be a JSON object.") }
            let field = Self.fieldName(context.codingPath)
            return .malformed(
                "“\(field)” can't be null.",
                errors: [FieldError(field: field, code: "required", message: "This field can't be null.")])
        case .typeMismatch(let type, let context):
            guard !context.codingPath.isEmpty else { return .malformed("The body must be a JSON object.") }
            let field = Self.fieldName(context.codingPath)
            let expected = Self.describe(type)
            return .malformed(
                "“\(field)” should be \(expected).",
                errors: [FieldError(field: field, code: "wrong_type", message: "This should be \(expected).")])
        @unknown default:
            return .malformed("The body is not well-formed.")
        }
    }

    /// `song.link`, `activityIds[2]`: the field as the client wrote it.
    static func fieldName(_ path: [any CodingKey]) -> String {
        var name = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == String(index) {
                name += "[\(index)]"
            } else {
                name += (name.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return name
    }

    static func describe(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array") || (name.hasPrefix("[") && !name.contains(":")) { return "a list" }
        if name.hasPrefix("Dictionary") || name.hasPrefix("[") { return "an object" }
        switch name {
        case "String": return "text (a string)"
        case "Bool": return "true or false"
        case "Int", "Int64", "Int32", "UInt", "UInt64": return "a whole number"
        case "Double", "Float", "Decimal": return "a number"
        default: return "an object"
        }
    }

    /// Where in a JSON body a string value occurs, preferring a key named `at` (the only instants
    /// requests carry): the date decoder does not say where it was.
    static func path(ofString text: String, in body: ByteBuffer) -> String? {
        guard
            let object = try? JSONSerialization.jsonObject(
                with: Data(body.readableBytesView), options: [.fragmentsAllowed])
        else { return nil }
        var found: [String] = []
        func search(_ value: Any, _ path: String) {
            switch value {
            case let string as String where string == text: found.append(path)
            case let dictionary as [String: Any]:
                for (key, element) in dictionary { search(element, path.isEmpty ? key : path + "." + key) }
            case let array as [Any]:
                for (index, element) in array.enumerated() { search(element, path + "[\(index)]") }
            default: break
            }
        }
        search(object, "")
        return found.first(where: { $0 == "at" || $0.hasSuffix(".at") }) ?? found.sorted().first
    }

    /// Where a JSON body holds a number that is not a whole number an `Int` can hold, if it is
    /// JSON at all. (Booleans are 0 and 1 here, which is fine: they never match.)
    static func pathOfNonInteger(in body: ByteBuffer) -> String? {
        guard
            let object = try? JSONSerialization.jsonObject(
                with: Data(body.readableBytesView), options: [.fragmentsAllowed])
        else { return nil }
        func search(_ value: Any, _ path: String) -> String? {
            switch value {
            case let dictionary as [String: Any]:
                for key in dictionary.keys.sorted() {
                    if let found = search(dictionary[key]!, path.isEmpty ? key : path + "." + key) { return found }
                }
                return nil
            case let array as [Any]:
                for (index, element) in array.enumerated() {
                    if let found = search(element, path + "[\(index)]") { return found }
                }
                return nil
            case let number as NSNumber where !(value is String):
                let double = number.doubleValue
                let whole = double.rounded() == double && abs(double) < 9.2e18
                return whole ? nil : path
            default:
                return nil
            }
        }
        return search(object, "")
    }

    // MARK: The unexpected

    /// Logged with everything we know; the client learns nothing about the inside.
    private func unexpected(_ error: any Error) -> APIProblem {
        var metadata: Logger.Metadata
        if let error = error as? ServerError {
            // Never the `ServerError` itself: it carries the request, `Authorization` header and all.
            metadata = [
                "operation": "\(error.operationID)", "cause": "\(error.causeDescription)",
                "underlying": "\(String(reflecting: error.underlyingError))",
            ]
        } else {
            metadata = ["error": "\(String(reflecting: error))"]
        }
        logger.error("API request failed", metadata: metadata)
        return .internalError
    }
}
