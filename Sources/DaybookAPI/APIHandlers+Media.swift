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
        for try await part in parts {
            switch part {
            case .file(let wrapper):
                guard file == nil else {
                    throw APIProblem.malformed(
                        "Send one photo per request.",
                        errors: [FieldError(field: "file", code: "repeated", message: "Send one file per request.")])
                }
                // One byte over the limit is enough to know it is too large (413 from the processor).
                file = try await Data(collecting: wrapper.payload.body, upTo: services.media.processor.limits.maxBytes + 1)
            case .undocumented:
                continue
            }
        }
        guard let file else {
            throw APIProblem.malformed(
                "The photo is missing: send it in a part named “file”.",
                errors: [FieldError(field: "file", code: "required", message: "Choose a photo to upload.")])
        }
        let record = try await services.media.upload(userID: auth.user.id, data: file, kind: MediaKind(input.query.kind))
        return .created(.init(body: .json(.init(record))))
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
                    bytes: file.bytes, contentType: ImageFormat(rawValue: file.format)?.mimeType ?? "application/octet-stream")
            }
        }
        self.init(
            id: record.id.apiString, kind: record.kind == .avatar ? .avatar : .photo, small: file(.small)!,
            large: file(.large)!, avatar: file(.avatar), original: file(.original)!, createdAt: record.createdAt)
    }
}
