import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import Hummingbird

/// `GET /media/{id}/{size}`: a photo's file, `size` one of `small` (320 px), `large` (1280 px),
/// `avatar` (256 px square, profile pictures only) or `original` (as uploaded, its owner only).
///
/// - Who may see it is `MediaService.access`: the owner; anyone for a photo of a public entry;
///   friends for a profile picture; nobody else. Everything refused, unknown or malformed is the
///   same 404.
/// - The bytes under a URL never change, so the answer carries a strong ETag (the file's
///   SHA-256). The owner's browser may keep it for a year (`private`). A photo of a public entry
///   may become private again, and a copy in a shared cache could not be called back: those are
///   cached for five minutes and then revalidated, and so is a friend's copy in their own browser
///   (a friendship can end). `If-None-Match` answers 304 without reading the file.
/// - `Content-Type` comes from the stored format (never sniffed), with `nosniff` (set for every
///   response by `SecurityHeadersMiddleware`).
struct MediaRoutes {
    let media: MediaService

    static let ownersCopy = "private, max-age=31536000, immutable"
    static let publicCopy = "public, max-age=300, must-revalidate"
    static let friendsCopy = "private, max-age=300, must-revalidate"

    func add(to router: Router<AppRequestContext>) {
        router.get("/media/:id/:size") { request, context -> Response in
            try await serve(request, context: context)
        }
        router.head("/media/:id/:size") { request, context -> Response in
            // The GET's headers, Content-Length included (RFC 9110 §9.3.2), without its body:
            // setting an empty body instead set the length to 0.
            try await serve(request, context: context).createHeadResponse()
        }
    }

    func serve(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id").flatMap({ UUID(text: $0) }),
            let variant = context.parameters.get("size").flatMap(MediaVariant.init(rawValue:))
        else { return Self.notFound() }
        let served: ServedMedia
        do {
            served = try await media.access(id: id, variant: variant, viewer: context.auth?.user)
        } catch is NotFound {
            return Self.notFound()
        }
        var headers: HTTPFields = [
            .contentType: served.contentType,
            .eTag: served.etag,
            .cacheControl: served.isPublic
                ? Self.publicCopy : (served.viewerIsOwner ? Self.ownersCopy : Self.friendsCopy),
            .xContentTypeOptions: "nosniff",
        ]
        if Self.matches(request.headers[.ifNoneMatch], etag: served.etag) {
            return Response(status: .notModified, headers: headers)
        }
        let data: Data
        do {
            data = try await media.bytes(of: served)
        } catch is NotFound {
            return Self.notFound()
        }
        headers[.contentLength] = String(data.count)
        if variant == .original {
            // Opened on its own, the original is a download named after its type, never a page.
            headers[.contentDisposition] =
                "inline; filename=\"photo.\(served.file.format == "jpeg" ? "jpg" : served.file.format)\""
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Whether an `If-None-Match` value names this entity tag (weak comparison, as RFC 9110 asks
    /// for this header; `*` matches anything that exists).
    static func matches(_ header: String?, etag: String) -> Bool {
        guard let header else { return false }
        let opaque = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        for candidate in header.split(separator: ",") {
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = String(tag.dropFirst(2)) }
            if tag == opaque { return true }
        }
        return false
    }

    static func notFound() -> Response {
        Response(
            status: .notFound, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "Not found\n")))
    }
}

extension DaybookConfiguration {
    /// Where photo files live: `<data directory>/media` (content-addressed, see `FileBlobStore`).
    public var mediaDirectory: String {
        (dataDirectory as NSString).appendingPathComponent("media")
    }
}
