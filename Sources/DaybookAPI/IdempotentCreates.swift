import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// `Idempotency-Key` on every `POST` of a signed-in user (issue 19): the first request with a key
/// runs and its answer is kept; a repeat with the same method, path and body gets that answer
/// again (and makes nothing), the same key with another body is a 422, and a repeat while the
/// first still runs is a 409. Keys belong to the user who sent them. Failed requests (a 4xx or an
/// error) free their key, so a corrected retry runs. Kept a day (`AccountService.cleanUp`).
struct IdempotentCreates: ServerMiddleware {
    let idempotency: IdempotencyService

    static let header = HTTPField.Name("Idempotency-Key")!
    /// What an answer kept for a repeat may weigh: a create's answer is one record.
    static let maxKeptBody = 1024 * 1024

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        // An import's upload streams to the disk (it may be a gigabyte) and is idempotent by its
        // records' marks; it is never kept here.
        guard request.method == .post, operationID != "startImport", let key = request.headerFields[Self.header],
            let userID = RequestScope.current?.auth?.user.id
        else { return try await next(request, body, metadata) }
        guard IdempotencyService.isValidKey(key) else {
            throw APIProblem.malformed(
                "The Idempotency-Key is not one.",
                errors: [
                    FieldError(
                        field: "Idempotency-Key", code: "invalid",
                        message: "Use 1 to 255 visible ASCII characters, such as a UUID.")
                ])
        }
        // `APIMiddleware` has already read the body into memory, within its limit.
        var data = Data()
        if let body { data = try await Data(collecting: body, upTo: .max) }
        var same = Data("\(operationID) \(request.path ?? "")\n".utf8)
        same.append(Self.canonical(data, contentType: request.headerFields[.contentType]))

        let outcome = try await idempotency.once(userID: userID, key: key, request: same) {
            let (response, answer) = try await next(request, HTTPBody(data), metadata)
            var bytes = Data()
            if let answer { bytes = try await Data(collecting: answer, upTo: Self.maxKeptBody) }
            let keep =
                (200..<300).contains(response.status.code)
                ? IdempotentResponse(
                    status: response.status.code, contentType: response.headerFields[.contentType],
                    location: response.headerFields[.location], body: bytes) : nil
            return ((response, bytes), keep)
        }
        switch outcome {
        case .ran(let (response, bytes)):
            return (response, HTTPBody(bytes))
        case .replayed(let first):
            var fields = HTTPFields()
            if let type = first.contentType { fields[.contentType] = type }
            if let location = first.location { fields[.location] = location }
            fields[Self.replayed] = "true"
            return (HTTPResponse(status: .init(code: first.status), headerFields: fields), HTTPBody(first.body))
        case .reused:
            throw Self.reused
        case .inProgress:
            throw APIProblem(
                status: .conflict, code: "in_progress",
                detail: "A request with this Idempotency-Key is still running; try again in a moment.")
        }
    }

    /// The body as it is compared: JSON with its keys sorted (a client may serialise the same
    /// object in another order on a retry), a multipart body without its boundary (which a
    /// browser makes up anew for every send), anything else as it came.
    static func canonical(_ body: Data, contentType: String?) -> Data {
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("application/json"),
            let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let sorted = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        {
            return sorted
        }
        if type.hasPrefix("multipart/"), let contentType,
            let range = contentType.range(of: "boundary=", options: .caseInsensitive)
        {
            let boundary = contentType[range.upperBound...].split(separator: ";").first.map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            }
            if let boundary, !boundary.isEmpty, let marker = boundary.data(using: .utf8) {
                var copy = Data()
                var rest = body[...]
                while let found = rest.firstRange(of: marker) {
                    copy.append(rest[..<found.lowerBound])
                    rest = rest[found.upperBound...]
                }
                copy.append(rest)
                return copy
            }
        }
        return body
    }

    /// Marks an answer given again from the first request.
    static let replayed = HTTPField.Name("Idempotent-Replayed")!

    static let reused = APIProblem.validation(
        field: "Idempotency-Key", code: "reused",
        message: "This Idempotency-Key was used for a different request. Use a new key for each new thing.")
}
