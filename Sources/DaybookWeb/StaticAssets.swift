import DaybookCore
import Foundation
import HTTPTypes
import Hummingbird

/// The files under `Static/`, read once at start and kept in memory (they are a few kilobytes).
///
/// Each is linked as `/static/NAME?v=HASH`, the hash being of its content, and served with a year
/// of immutable caching: a new version of a file has a new URL, so browsers never keep a stale one.
struct StaticAssets: Sendable {
    struct Asset: Sendable {
        let name: String
        let body: ByteBuffer
        let contentType: String
        let version: String
        var url: String { "/static/\(name)?v=\(version)" }
        var etag: String { "\"\(version)\"" }
    }

    private let assets: [String: Asset]

    init(directory: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        var assets: [String: Asset] = [:]
        for name in names where !name.hasPrefix(".") {
            var data = try Data(contentsOf: directory.appendingPathComponent(name))
            if name == "app.css" {
                // The mood colours come from `Mood.color`, so the page, the calendar and (later)
                // the charts can never disagree.
                data.append(Data(Self.moodCSS.utf8))
            }
            assets[name] = Asset(
                name: name, body: ByteBuffer(bytes: data), contentType: Self.contentType(of: name),
                version: Self.version(of: data))
        }
        self.assets = assets
    }

    subscript(_ name: String) -> Asset? { assets[name] }

    /// The versioned URL of a file; a missing file is a packaging mistake worth failing loudly on.
    func url(_ name: String) -> String {
        guard let asset = assets[name] else { preconditionFailure("Static/\(name) is missing") }
        return asset.url
    }

    /// A response for a static file. Only a request for the current version is cached for good.
    func response(for name: String, request: Request) -> Response? {
        guard let asset = assets[name] else { return nil }
        let current = request.uri.queryParameters.get("v") == asset.version
        return Self.response(
            body: asset.body, contentType: asset.contentType, etag: asset.etag,
            cacheControl: current ? "public, max-age=31536000, immutable" : "no-cache", request: request)
    }

    static func response(
        body: ByteBuffer, contentType: String, etag: String, cacheControl: String, request: Request
    ) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .cacheControl: cacheControl, .eTag: etag]
        if request.headers[.ifNoneMatch] == etag {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last.map({ $0.lowercased() }) {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "webmanifest", "json": "application/manifest+json"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    /// 64-bit FNV-1a of the content, as 12 hex digits: a cache key, not a security measure.
    static func version(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
    }

    /// `.mood-1` … `.mood-5` set `--mood` to the mood's colour; the stylesheet uses that variable.
    static var moodCSS: String {
        "\n/* Mood colours, generated from DaybookCore.Mood */\n"
            + Mood.allCases.map { ".mood-\($0.rawValue) { --mood: \($0.color); }" }.joined(separator: "\n") + "\n"
    }
}
