import DaybookCore
import DaybookHTTP
import DaybookServices
import DaybookStorage
import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// The tabs of the app's main navigation (issue 2: Today, Journal, Calendar, Insights, Closet,
/// Profile).
enum Tab: String, CaseIterable, Sendable {
    case today, journal, calendar, insights, closet, profile

    var label: String {
        switch self {
        case .today: "Today"
        case .journal: "Journal"
        case .calendar: "Calendar"
        case .insights: "Insights"
        case .closet: "Closet"
        case .profile: "Profile"
        }
    }

    var href: String { "/" + rawValue }
}

/// Renders a page: the page's own template inside `layout`, as a complete HTML response.
///
/// A page template sees its own model first and, behind it, what every page has: `csrf` (for the
/// hidden field of each form), `me` (the logged-in user, if any) and `today`.
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    let assets: StaticAssets
    /// The main navigation's items with each tab (or none) marked current, rendered from
    /// `layout_tabs` once at start: they are the same on every page of a tab, and a tab list
    /// rendered per page was a sixth of the layout's lookups.
    let tabsHTML: [Tab?: String]

    init(templates directory: URL, assets: StaticAssets) throws {
        var library = MustacheLibrary()
        MustacheContentTypes.register(HTMLEscaping(), named: HTMLEscaping.name)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for name in names where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            do {
                try library.register(HTMLEscaping.pragma + text, named: String(name.dropLast(".mustache".count)))
            } catch {
                throw TemplateError(file: name, underlying: error)
            }
        }
        self.library = library
        self.assets = assets
        var tabsHTML: [Tab?: String] = [:]
        for current in Tab.allCases + [nil] {
            let links = Tab.allCases.map {
                TabLink(label: $0.label, href: $0.href, icon: Icons.tab($0), current: $0 == current).templateValue
            }
            guard let html = library.render(["tabs": links], withTemplate: "layout_tabs") else {
                throw TemplateError(file: "layout_tabs.mustache", underlying: CocoaError(.fileNoSuchFile))
            }
            tabsHTML[current] = html
        }
        self.tabsHTML = tabsHTML
    }

    struct TemplateError: Error, CustomStringConvertible {
        let file: String
        let underlying: any Error
        var description: String { "Template \(file) does not parse: \(underlying)" }
    }

    /// A page inside the layout.
    func page(
        _ template: String, _ model: Any, title: String, context: AppRequestContext, tab: Tab? = nil,
        status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]
    ) -> Response {
        let common = commonValues(context)
        let content = render(template, TemplateContext.merge(common, model))
        let layout = Layout(
            title: title, content: content, wide: template == "today" || template == "checkins",
            tabsHTML: tabsHTML[tab] ?? "",
            loggedIn: context.auth != nil, css: assets.url("app.css"), js: assets.url("app.js"),
            iconSVG: assets.url("icon.svg"), icon192: assets.url("icon-192.png"),
            appleTouchIcon: assets.url("apple-touch-icon.png"))
        return Self.html(
            render("layout", TemplateContext.merge(common, layout)), status: status, headers: extra)
    }

    func render(_ template: String, _ object: Any) -> String {
        guard let text = library.render(object, withTemplate: template) else {
            preconditionFailure("no template named \(template)")
        }
        return text
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        let buffer = ByteBuffer(string: text)
        var headers = extra
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentLength] = String(buffer.readableBytes)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: buffer))
    }

    private func commonValues(_ context: AppRequestContext) -> [String: Any] {
        var values: [String: Any] = ["csrf": context.csrfToken, "iconURL": assets.url("icon.svg")]
        if let user = context.auth?.user {
            values["me"] = UserBadge(user).templateValue
            values["today"] = LocalDate.today(in: user.zone).description
        }
        return values
    }

    /// Every page has these, so they hand over their dictionaries themselves (`TemplateConvertible`).
    struct Layout: TemplateConvertible {
        let title: String
        let content: String
        /// Today (two columns) and the check-in log (a table) use more of a wide screen.
        let wide: Bool
        /// The navigation's items, from `tabsHTML`.
        let tabsHTML: String
        let loggedIn: Bool
        let css: String
        let js: String
        let iconSVG: String
        let icon192: String
        let appleTouchIcon: String

        var templateValue: [String: Any] {
            [
                "title": title, "content": content, "wide": wide, "tabsHTML": tabsHTML,
                "loggedIn": loggedIn, "css": css, "js": js, "iconSVG": iconSVG, "icon192": icon192,
                "appleTouchIcon": appleTouchIcon,
            ]
        }
    }

    struct TabLink: TemplateConvertible {
        let label: String
        let href: String
        let icon: String
        let current: Bool

        var templateValue: [String: Any] { ["label": label, "href": href, "icon": icon, "current": current] }
    }
}

/// The logged-in user as the header and the profile show them: a name and initials in a circle.
struct UserBadge: TemplateConvertible {
    let name: String
    let username: String
    let initials: String
    /// The profile picture's 256 px square, when there is one; otherwise the initials show.
    let avatarURL: String?

    init(_ user: User) {
        name = user.shownName
        username = user.username
        initials = user.initials
        avatarURL = user.avatarMediaID.map { MediaPath.url($0, .avatar) }
    }

    var templateValue: [String: Any] {
        var values: [String: Any] = ["name": name, "username": username, "initials": initials]
        if let avatarURL { values["avatarURL"] = avatarURL }
        return values
    }
}

/// A model that hands the renderer its dictionary itself: for values repeated many times on a
/// page (the closet's grid cards), where reflecting each field costs more than building the page.
protocol TemplateConvertible {
    var templateValue: [String: Any] { get }
}

/// Turns a page model (structs, arrays, optionals) into the dictionaries and arrays Mustache
/// reads fastest, once per render.
///
/// swift-mustache looks names up in a struct through `Mirror`, anew for every `{{name}}` and for
/// every level of the context stack it climbs; on a month grid that is thousands of reflections.
/// Reflecting each value once here makes a lookup a dictionary access. Semantics are unchanged: a
/// nil optional becomes a missing key, which Mustache treats as it treats nil.
enum TemplateContext {
    /// The model's values over the ones every page has (`csrf`, `me`, …).
    static func merge(_ common: [String: Any], _ model: Any) -> [String: Any] {
        var values = common
        if let dictionary = convert(model) as? [String: Any] {
            for (key, value) in dictionary { values[key] = value }
        }
        return values
    }

    static func convert(_ value: Any) -> Any? {
        switch value {
        case let text as String: return text
        case let flag as Bool: return flag
        case let number as Int: return number
        case let ready as any TemplateConvertible: return ready.templateValue
        case let strings as [String]: return strings
        // Before the casts to dictionary types: casting an array to one looks at every element.
        case let array as any TemplateArray: return array.templateElements
        case let strings as [String: String]: return strings
        case let dictionary as [String: Any]: return dictionary.compactMapValues(convert)
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.flatMap { convert($0.value) }
        case .struct, .class:
            var dictionary: [String: Any] = [:]
            dictionary.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                if let label = child.label, let converted = convert(child.value) { dictionary[label] = converted }
            }
            return dictionary
        case .collection, .set:
            return mirror.children.compactMap { convert($0.value) }
        default:
            return value
        }
    }
}

/// An array converts element by element, without a `Mirror` of the array (which boxes every
/// element as a child with a label first: a third of the closet page's conversion).
protocol TemplateArray {
    var templateElements: [Any] { get }
}

extension Array: TemplateArray {
    var templateElements: [Any] { compactMap { TemplateContext.convert($0) } }
}
