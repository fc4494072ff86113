import DaybookCore
import DaybookTransfer
import DaybookMedia
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// An API error as the client sees it: RFC 9457 problem details with a stable `code` and, for
/// field problems, one entry per bad field. Handlers throw it (or a service error that
/// `APIErrorMapper` turns into one); `APIMiddleware` writes it.
struct APIProblem: Error, Sendable {
    var status: HTTPResponse.Status
    /// Stable, for programs: `validation_failed`, `malformed_request`, `unauthorized`, …
    var code: String
    /// For people: what went wrong this time.
    var detail: String
    var errors: [FieldError] = []
    var headers: HTTPFields = [:]

    // MARK: The problems the API answers with

    /// Not JSON, a wrong type, a missing or unknown field, a parameter of the wrong type.
    static func malformed(_ detail: String, errors: [FieldError] = []) -> APIProblem {
        APIProblem(status: .badRequest, code: "malformed_request", detail: detail, errors: errors)
    }

    /// Well-formed values that break a rule, all of them at once.
    static func validation(_ errors: [FieldError]) -> APIProblem {
        let detail: String =
            switch errors.count {
            case 0: "The request is not valid."
            case 1: errors[0].message
            default:
                "\(errors.count) fields need attention: "
                    + errors.map(\.field).uniquedKeepingOrder().joined(separator: ", ") + "."
            }
        return APIProblem(status: .unprocessableContent, code: "validation_failed", detail: detail, errors: errors)
    }

    static func validation(field: String, code: String, message: String) -> APIProblem {
        validation([FieldError(field: field, code: code, message: message)])
    }

    /// No bearer token, or one that is unknown, expired or revoked.
    static func unauthorized(tokenPresented: Bool) -> APIProblem {
        APIProblem(
            status: .unauthorized, code: "unauthorized",
            detail: tokenPresented
                ? "This token is not valid: it is unknown, expired or revoked. Log in again."
                : "Log in first, and send the token as “Authorization: Bearer <token>”.",
            headers: [
                .wwwAuthenticate: tokenPresented
                    ? #"Bearer realm="daybook", error="invalid_token""# : #"Bearer realm="daybook""#
            ])
    }

    /// A failed login; deliberately does not say which of the two was wrong.
    static var invalidCredentials: APIProblem {
        APIProblem(
            status: .unauthorized, code: "invalid_credentials", detail: "The email/username or password is wrong.",
            headers: [.wwwAuthenticate: #"Bearer realm="daybook""#])
    }

    /// The second step of a log-in came too late, or with a challenge nobody issued.
    static var challengeExpired: APIProblem {
        APIProblem(
            status: .unauthorized, code: "challenge_expired",
            detail: "This log-in has expired. Log in again with your password.",
            headers: [.wwwAuthenticate: #"Bearer realm="daybook""#])
    }

    static func tooManyAttempts(retryAfterSeconds seconds: Int) -> APIProblem {
        let seconds = max(1, seconds)
        let minutes = (seconds + 59) / 60
        return APIProblem(
            status: .tooManyRequests, code: "too_many_attempts",
            detail: "Too many attempts. Try again in \(minutes == 1 ? "a minute" : "\(minutes) minutes").",
            headers: [.retryAfter: String(seconds)])
    }

    /// A per-person limit (friend requests, push devices, exports, imports waiting).
    static func limitReached(_ error: LimitReached) -> APIProblem {
        APIProblem(
            status: .tooManyRequests, code: "limit_reached", detail: error.message,
            headers: [.retryAfter: String(error.retryAfterSeconds)])
    }

    static var notFound: APIProblem {
        APIProblem(status: .notFound, code: "not_found", detail: "There is no such record.")
    }

    static func noSuchEndpoint(_ method: HTTPRequest.Method, _ path: String) -> APIProblem {
        APIProblem(status: .notFound, code: "not_found", detail: "There is no \(method.rawValue) \(path) in this API.")
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [String]) -> APIProblem {
        APIProblem(
            status: .methodNotAllowed, code: "method_not_allowed",
            detail: "\(method.rawValue) is not an operation here; this path allows \(allowed.joined(separator: ", ")).",
            headers: [.allow: allowed.joined(separator: ", ")])
    }

    /// `expected`: what this operation takes (`application/json`, or `multipart/form-data` for a photo).
    static func unsupportedMediaType(_ received: String?, expected: String) -> APIProblem {
        APIProblem(
            status: .unsupportedMediaType, code: "unsupported_media_type",
            detail: "Send the body as \(expected)"
                + (received.map { ", not \($0.prefix(100))." } ?? ", with a Content-Type header saying so."))
    }

    static func payloadTooLarge(limit: Int) -> APIProblem {
        APIProblem(
            status: .contentTooLarge, code: "payload_too_large",
            detail: "The request body is larger than the \(limit / 1024) KB this API accepts.")
    }

    /// A photo refused by its size, type or content: 413, 415 or 422, always on the field `file`.
    static func photo(_ error: ImageProcessingError) -> APIProblem {
        let code: String =
            switch error.httpStatus {
            case 413: "payload_too_large"
            case 415: "unsupported_media_type"
            default: "validation_failed"
            }
        return APIProblem(
            status: .init(code: error.httpStatus), code: code, detail: error.message,
            errors: [FieldError(field: "file", code: error.code, message: error.message)])
    }

    /// A file that cannot be imported: 413 (too large) or 422, always on the field `file`.
    static func importFile(_ error: ImportFileError) -> APIProblem {
        APIProblem(
            status: .init(code: error.status), code: error.status == 413 ? "payload_too_large" : "validation_failed",
            detail: error.message,
            errors: [FieldError(field: "file", code: error.status == 413 ? "too_large" : "invalid", message: error.message)])
    }

    /// The record is not in the state the request needs (an export not finished, an import run).
    static func conflict(_ detail: String) -> APIProblem {
        APIProblem(status: .conflict, code: "conflict", detail: detail)
    }

    static var internalError: APIProblem {
        APIProblem(
            status: .internalServerError, code: "internal",
            detail: "Something went wrong on our side. It has been logged; please try again later.")
    }

    /// Any other HTTP status (from the router, say), with a generic code.
    static func status(_ status: HTTPResponse.Status, detail: String? = nil) -> APIProblem {
        let code: String =
            switch status.code {
            case 400: "malformed_request"
            case 401: "unauthorized"
            case 404: "not_found"
            case 409: "conflict"
            case 413: "payload_too_large"
            case 415: "unsupported_media_type"
            case 422: "validation_failed"
            case 429: "too_many_attempts"
            case 500...: "internal"
            default:
                status.reasonPhrase.isEmpty
                    ? "error" : status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_")
            }
        return APIProblem(status: status, code: code, detail: detail ?? status.reasonPhrase + ".")
    }

    // MARK: Writing it

    /// The body, `application/problem+json`. The type is `about:blank`: `code` says what kind of
    /// problem it is, so `title` is the status's phrase (RFC 9457 §4.2.1).
    func body() -> ByteBuffer {
        let problem = Components.Schemas.Problem(
            _type: "about:blank", title: status.reasonPhrase.isEmpty ? "Error" : status.reasonPhrase,
            status: status.code, detail: detail, code: code,
            errors: errors.isEmpty
                ? nil
                : errors.map { Components.Schemas.FieldError(field: $0.field, code: $0.code, message: $0.message) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data =
            (try? encoder.encode(problem))
            ?? Data(#"{"code":"internal","status":500,"title":"Internal Server Error","type":"about:blank"}"#.utf8)
        return ByteBuffer(data: data)
    }

    func response() -> Response {
        var fields = headers
        fields[.contentType] = "application/problem+json; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: body()))
    }
}

extension Sequence where Element: Hashable {
    func uniquedKeepingOrder() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
