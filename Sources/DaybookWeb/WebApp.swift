import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird

/// The web app: server-rendered pages, their CSS and JS, the web app manifest and icons.
///
/// Pages need the `CSRFMiddleware` and `AuthenticationMiddleware` of `DaybookHTTP` in front of
/// them; every form carries the CSRF token, and every page but the welcome, login and sign-up pages
/// needs a logged-in user (others are sent to `/login`).
public struct WebApp: Sendable {
    let web: Web
    let assets: StaticAssets
    let manifest: ByteBuffer
    let manifestETag: String

    public init(services: Services) throws {
        guard let root = Bundle.module.resourceURL else {
            throw ResourceError(message: "the DaybookWeb resource bundle is missing")
        }
        try self.init(services: services, resources: root)
    }

    /// `resources` holds the `Templates` and `Static` folders.
    init(services: Services, resources root: URL) throws {
        let assets = try StaticAssets(directory: root.appendingPathComponent("Static"))
        for name in [
            "app.css", "app.js", "icon.svg", "icon-192.png", "icon-512.png", "apple-touch-icon.png", "favicon.ico",
        ]
        where assets[name] == nil {
            throw ResourceError(message: "Static/\(name) is missing")
        }
        let renderer = try PageRenderer(templates: root.appendingPathComponent("Templates"), assets: assets)
        self.web = Web(services: services, renderer: renderer)
        self.assets = assets
        let manifest = Self.manifestJSON(assets: assets)
        self.manifest = ByteBuffer(string: manifest)
        self.manifestETag = "\"\(StaticAssets.version(of: Data(manifest.utf8)))\""
    }

    struct ResourceError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    public func addRoutes(to router: Router<AppRequestContext>) {
        let assets = self.assets
        // Every page added below answers a service's refusal as a page (the API has its own).
        router.add(middleware: PageErrorMiddleware(web: web))
        router.get("/static/{name}") { request, context -> Response in
            guard let name = context.parameters.get("name"), let response = assets.response(for: name, request: request)
            else { throw HTTPError(.notFound) }
            return response
        }
        let manifest = self.manifest
        let etag = manifestETag
        router.get("/manifest.webmanifest") { request, _ -> Response in
            StaticAssets.response(
                body: manifest, contentType: "application/manifest+json", etag: etag,
                cacheControl: "public, max-age=3600", request: request)
        }
        // The service worker lives at the root, so that it may serve (and notify for) every page;
        // never cached long, so that a new version is picked up at once.
        router.get("/sw.js") { request, _ -> Response in
            guard let worker = assets["sw.js"] else { throw HTTPError(.notFound) }
            var response = StaticAssets.response(
                body: worker.body, contentType: "text/javascript; charset=utf-8", etag: worker.etag,
                cacheControl: "no-cache", request: request)
            response.headers[HTTPField.Name("Service-Worker-Allowed")!] = "/"
            return response
        }
        // What the service worker shows for a page it has not saved, when there is no connection.
        let web = self.web
        router.get("/offline") { _, context -> Response in
            web.renderer.page("offline", [String: String](), title: "Offline", context: context)
        }
        router.get("/favicon.ico") { request, _ -> Response in
            guard let icon = assets["favicon.ico"] else { throw HTTPError(.notFound) }
            return StaticAssets.response(
                body: icon.body, contentType: icon.contentType, etag: icon.etag, cacheControl: "public, max-age=86400",
                request: request)
        }
        router.get("/apple-touch-icon.png") { request, _ -> Response in
            guard let icon = assets["apple-touch-icon.png"] else { throw HTTPError(.notFound) }
            return StaticAssets.response(
                body: icon.body, contentType: icon.contentType, etag: icon.etag, cacheControl: "public, max-age=86400",
                request: request)
        }

        AuthPages(web: web).add(to: router)
        ProfilePages(web: web).add(to: router)
        TransferPages(web: web).add(to: router)
        TwoFactorPages(web: web).add(to: router)
        NotificationPages(web: web).add(to: router)
        VocabularyPages(web: web).add(to: router)
        TodayPages(web: web).add(to: router)
        DayPages(web: web).add(to: router)
        CalendarPages(web: web).add(to: router)
        CheckinPages(web: web).add(to: router)
        PhotoPages(web: web).add(to: router)
        SearchPages(web: web).add(to: router)
        JournalPages(web: web).add(to: router)
        JournalTagPages(web: web).add(to: router)
        PublicProfilePages(web: web).add(to: router)
        ClosetPages(web: web).add(to: router)
        ClosetCategoryPages(web: web).add(to: router)
        OutfitPages(web: web).add(to: router)
        OutfitCalendarPages(web: web).add(to: router)
        FriendPages(web: web).add(to: router)
        SharePages(web: web).add(to: router)
        InsightPages(web: web).add(to: router)
        DiaryPages(web: web).add(to: router)
    }

    /// The web app manifest: lets a phone add Daybook to its home screen and open it full screen.
    static func manifestJSON(assets: StaticAssets) -> String {
        """
        {
          "name": "Daybook",
          "short_name": "Daybook",
          "description": "A private log of your days: moods, check-ins, thoughts and gratitude.",
          "id": "/today",
          "start_url": "/today",
          "scope": "/",
          "display": "standalone",
          "orientation": "portrait",
          "background_color": "#f5f6f8",
          "theme_color": "#1e3a8a",
          "icons": [
            {"src": "\(assets.url("icon-192.png"))", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "\(assets.url("icon-512.png"))", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "\(assets.url("icon-512.png"))", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
            {"src": "\(assets.url("icon.svg"))", "sizes": "any", "type": "image/svg+xml"}
          ]
        }

        """
    }
}
