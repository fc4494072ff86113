import DaybookCore
import DaybookMedia
import DaybookServices
import DaybookStorage
import Foundation
import OpenAPIRuntime

/// Photos: upload (multipart), the photo diary, metadata and deletion. The files themselves are
/// served outside the API, at `/media/{id}/{size}`.
extension APIHandlers {
    func uploadMedia(_ input: Operations.uploadMedia.Input) async throws -> Operations.uploadMedia.Output {
        let auth = try authenticated()
        guard case .multipartForm(let parts) = input.body else {
            throw APIProblem.malformed("Send the photo as multipart/form-data, in a part named “file”.")
        }
        var file: Data?
        var iterator = parts.makeAsyncIterator()
        while let part = try await Self.nextPart(&iterator) {
            switch part {
            case .file(let wrapper):
                file = try await collectFile(wrapper.payload.body)
            case .undocumented(let raw):
                let name = String((raw.name ?? "").prefix(100))
                throw APIProblem.malformed(
                    name.isEmpty
                        ? "A part of the body has no name: send the photo alone, in a part named “file”."
                        : "“\(name)” is not a part of this request: send the photo alone, in a part named “file”.",
                    errors: [
                        FieldError(
                            field: name.isEmpty ? "file" : name, code: "unknown_part", message: "Send only “file”.")
                    ])
            }
        }
        guard let file else {
            throw APIProblem.malformed(
                "The photo is missing: send it in a part named “file”.",
                errors: [FieldError(field: "file", code: "required", message: "Choose a photo to upload.")])
        }
        let record = try await services.media.upload(
            userID: auth.user.id, data: file, kind: MediaKind(input.query.kind))
        return .created(.init(body: .json(.init(record))))
    }

    /// The next part of an upload's body. The runtime's own multipart errors (a malformed part
    /// header, a second `file` part, a body that ends early) are the client's mistake: 400, naming it.
    private static func nextPart(
        _ iterator: inout MultipartBody<Operations.uploadMedia.Input.Body.multipartFormPayload>.Iterator
    ) async throws -> Operations.uploadMedia.Input.Body.multipartFormPayload? {
        do {
            return try await iterator.next()
        } catch {
            throw multipartProblem(error)
        }
    }

    /// The file part's bytes; more than the processor takes is a 413 as soon as it shows.
    private func collectFile(_ body: HTTPBody) async throws -> Data {
        let limit = services.media.processor.limits.maxBytes
        var data = Data()
        do {
            for try await chunk in body {
                guard data.count + chunk.count <= limit else { throw ImageProcessingError.tooLarge(limit: limit) }
                data.append(contentsOf: chunk)
            }
        } catch let error as ImageProcessingError {
            throw error
        } catch {
            throw Self.multipartProblem(error)
        }
        return data
    }

    /// The runtime's multipart errors are internal types; their descriptions are what tells them apart.
    private static func multipartProblem(_ error: any Error) -> APIProblem {
        let description = String(describing: error)
        if description.contains("more than one value of the part") {
            return .malformed(
                "Send one photo per request.",
                errors: [FieldError(field: "file", code: "repeated", message: "Send one file per request.")])
        }
        if description.hasPrefix("Missing required parts") {
            return .malformed(
                "The photo is missing: send it in a part named “file”.",
                errors: [FieldError(field: "file", code: "required", message: "Choose a photo to upload.")])
        }
        return .malformed("The body is not well-formed multipart/form-data: send the photo in a part named “file”.")
    }

    func listMedia(_ input: Operations.listMedia.Input) async throws -> Operations.listMedia.Output {
        let auth = try authenticated()
        let limit = try pageLimit(input.query.limit)
        var cursor: PageCursor?
        if let token = input.query.cursor {
            guard let parsed = PageCursor(token: token) else {
                throw APIProblem.validation([.invalidCursor])
            }
            cursor = parsed
        }
        let records = try await services.media.list(
            userID: auth.user.id, kind: MediaKind(input.query.kind), after: cursor, limit: limit)
        let next = records.count == limit ? records.last.map { PageCursor(after: $0).token } : nil
        return .ok(.init(body: .json(.init(items: records.map(Components.Schemas.Media.init), nextCursor: next))))
    }

    func getMedia(_ input: Operations.getMedia.Input) async throws -> Operations.getMedia.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.mediaId, "mediaId")
        return .ok(.init(body: .json(.init(try await services.media.metadata(userID: auth.user.id, id: id)))))
    }

    func deleteMedia(_ input: Operations.deleteMedia.Input) async throws -> Operations.deleteMedia.Output {
        let auth = try authenticated()
        let id = try pathID(input.path.mediaId, "mediaId")
        try await services.media.delete(userID: auth.user.id, id: id)
        return .noContent(.init())
    }
}

extension MediaKind {
    /// The contract's `kind` parameter: a profile picture when it says so, a photo otherwise.
    init(_ kind: Components.Schemas.MediaKind?) {
        self = kind == .avatar ? .avatar : .photo
    }
}

extension Components.Schemas.Media {
    init(_ record: MediaRecord) {
        func file(_ variant: MediaVariant) -> Components.Schemas.MediaFile? {
            record.file(variant).map { file in
                .init(
                    url: MediaPath.url(record.id, variant), width: file.width, height: file.height,
                    bytes: file.bytes,
                    contentType: ImageFormat(rawValue: file.format)?.mimeType ?? "application/octet-stream")
            }
        }
        self.init(
            id: record.id.apiString, kind: record.kind == .avatar ? .avatar : .photo, small: file(.small)!,
            large: file(.large)!, avatar: file(.avatar), original: file(.original)!, createdAt: record.createdAt)
    }
}
