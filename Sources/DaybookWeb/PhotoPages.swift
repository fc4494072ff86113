import DaybookCore
import DaybookHTTP
import DaybookMedia
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird

/// Photos in the web app (issue 4): the uploads the pages' photo pickers send, the profile picture,
/// and the photo diary (seed 003).
///
/// Uploads come from `app.js`, not from a form post: the script shows a preview before saving and
/// the upload's progress (seed 001 NFR14), and sends the file's bytes as the body with the CSRF
/// token in `X-CSRF-Token`. The answer is a small JSON object either way, so the script can show
/// the message beside the picker.
struct PhotoPages: Sendable {
    let web: Web

    func add(to router: Router<AppRequestContext>) {
        router.post("/photos/upload") { request, context in try await upload(request, context, kind: .photo) }
        router.post("/profile/avatar") { request, context in try await upload(request, context, kind: .avatar) }
        router.post("/profile/avatar/remove") { request, context in try await removeAvatar(request, context) }
        router.get("/photos") { request, context in try await diary(request, context) }
        router.post("/photos/{id}/delete") { request, context in try await delete(request, context) }
    }

    // MARK: Uploads

    /// `POST /photos/upload` stores a photo and answers its id and thumbnail, for a form to refer
    /// to; `POST /profile/avatar` also makes it the profile picture.
    func upload(_ request: Request, _ context: AppRequestContext, kind: MediaKind) async throws -> Response {
        guard let auth = context.auth else {
            return Self.json(["message": "Log in again: your session has ended."], status: .unauthorized)
        }
        let limit = web.services.media.processor.limits.maxBytes
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            return Self.refused(ImageProcessingError.tooLarge(limit: limit))
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            return Self.refused(ImageProcessingError.tooLarge(limit: limit))
        }
        guard body.readableBytes > 0 else {
            return Self.json(["field": "file", "message": "Choose a photo first."], status: .badRequest)
        }
        let data = Data(buffer: body, byteTransferStrategy: .noCopy)
        do {
            let record: MediaRecord
            var place: Coordinates?
            if kind == .avatar {
                record = try await web.services.media.setAvatar(userID: auth.user.id, data: data).media
            } else {
                (record, place) = try await web.services.media.uploadOfferingPlace(
                    userID: auth.user.id, data: data, kind: .photo)
            }
            var answer = [
                "id": record.id.lowercasedString, "small": MediaPath.url(record.id, .small),
                "large": MediaPath.url(record.id, .large), "avatar": MediaPath.url(record.id, .avatar),
            ]
            // Offered once, for the journal form to fill in its place: the kept original has none.
            if let place {
                answer["latitude"] = String(format: "%.5f", place.latitude)
                answer["longitude"] = String(format: "%.5f", place.longitude)
            }
            return Self.json(answer, status: .created)
        } catch let error as ImageProcessingError {
            if case .processingFailed = error { throw error }
            return Self.refused(error)
        }
    }

    func removeAvatar(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        _ = try await web.services.media.removeAvatar(userID: auth.user.id)
        return Web.redirect("/profile?notice=avatar-removed")
    }

    static func refused(_ error: ImageProcessingError) -> Response {
        json(["field": "file", "code": error.code, "message": error.message], status: .init(code: error.httpStatus))
    }

    static func json(_ object: [String: String], status: HTTPResponse.Status) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(data: data)))
    }

    // MARK: Photo diary

    struct DiaryModel {
        let photos: [Tile]
        let hasPhotos: Bool
        let nextHref: String?
        let diaryNotice: String?

        struct Tile {
            let id: String
            let small: String
            let large: String
            let dateText: String
            let width: Int
            let height: Int
        }
    }

    /// Every photo of the user, newest first, in a grid; 60 to a page.
    func diary(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        let cursor = request.uri.queryParameters.get("after").flatMap(PageCursor.init(token:))
        let limit = 60
        let records = try await web.services.media.list(userID: auth.user.id, kind: .photo, after: cursor, limit: limit)
        let zone = auth.user.zone
        let tiles = records.map { record in
            DiaryModel.Tile(
                id: record.id.lowercasedString, small: MediaPath.url(record.id, .small),
                large: MediaPath.url(record.id, .large), dateText: DateText.short(LocalDate(record.createdAt, in: zone)),
                width: record.small.width, height: record.small.height)
        }
        let next = records.count == limit ? records.last.map { "/photos?after=" + PageCursor(after: $0).token } : nil
        let notice = request.uri.queryParameters.get("notice") == "deleted" ? "The photo is deleted." : nil
        let model = DiaryModel(photos: tiles, hasPhotos: !tiles.isEmpty, nextHref: next, diaryNotice: notice)
        return web.renderer.page("photos", model, title: "Photo diary", context: context, tab: .profile)
    }

    func delete(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let auth = context.auth else { return Web.toLogin(request) }
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }) else { return web.notFound(context) }
        do {
            try await web.services.media.delete(userID: auth.user.id, id: id)
        } catch is NotFound {
            return web.notFound(context)
        }
        return Web.redirect("/photos?notice=deleted")
    }
}
