import DaybookCore
import DaybookHTTP
import DaybookServices
import Foundation
import HTTPTypes
import Hummingbird

/// What every page controller shares: the services and the renderer.
struct Web: Sendable {
    let services: Services
    let renderer: PageRenderer

    /// A logged-out visitor is sent to the login page, which brings them back here afterwards.
    static func toLogin(_ request: Request) -> Response {
        var target = request.uri.path
        if request.method == .get, let query = request.uri.query, !query.isEmpty { target += "?" + query }
        if request.method != .get || target == "/" || target.hasPrefix("/logout") {
            return .redirect(to: "/login", type: .normal)
        }
        return .redirect(to: "/login?next=" + Web.queryEscape(target), type: .normal)
    }

    static func redirect(_ location: String) -> Response { .redirect(to: location, type: .normal) }

    /// After a log-in or sign-up: the session cookie, and a new CSRF token, so that a token planted
    /// or read before the log-in (session fixation's little sibling) is worth nothing after it.
    static func startSession(_ issued: IssuedSession, redirectTo location: String, context: AppRequestContext)
        -> Response
    {
        var response = redirect(location)
        response.setCookie(
            DaybookCookie.session(
                token: issued.token, persistent: issued.session.persistent, expiresAt: issued.session.expiresAt,
                secure: context.isSecure))
        response.setCookie(DaybookCookie.csrf(token: SessionToken.generate(), secure: context.isSecure))
        return response
    }

    /// Only a path on this site, decided by parsing, not by a list of bad prefixes: printable
    /// ASCII without `\` (browsers drop tabs and line breaks from a URL, so `/\t/evil.example`
    /// becomes `//evil.example`, and read `\` as `/`), one leading `/`, and no scheme or host
    /// when parsed as a URL reference.
    static func safeNext(_ raw: String?) -> String? {
        guard let raw, raw.hasPrefix("/"), !raw.hasPrefix("//"),
            raw.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) && $0 != "\\" }),
            let parsed = URLComponents(string: raw), parsed.scheme == nil, parsed.host == nil,
            parsed.path.hasPrefix("/"), !parsed.path.hasPrefix("//")
        else { return nil }
        return raw
    }

    /// What a throttled form says, beside its field or above it.
    static func tooManyAttempts(retryAfterSeconds seconds: Int) -> String {
        let minutes = max(1, (seconds + 59) / 60)
        return "Too many attempts. Wait \(minutes) minute\(minutes == 1 ? "" : "s") and try again."
    }

    static func queryEscape(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// The "not found" page: unknown things and other people's things look the same.
    func notFound(
        _ context: AppRequestContext, message: String = "There is nothing here, or it isn't yours to see.",
        action: (href: String, label: String)? = nil
    ) -> Response {
        self.message(
            context, heading: "Not found", message: message, action: action, status: .notFound)
    }

    /// A page with a heading, a sentence and perhaps one link onwards; with `confirm`, also a button
    /// that posts to its path (the "are you sure?" step before deleting something).
    func message(
        _ context: AppRequestContext, heading: String, message: String, action: (href: String, label: String)? = nil,
        tab: Tab? = nil, status: HTTPResponse.Status, confirm: (path: String, label: String)? = nil
    ) -> Response {
        let model = MessageModel(
            heading: heading, message: message, actionHref: action?.href, actionLabel: action?.label,
            confirmPath: confirm?.path, confirmLabel: confirm?.label)
        return renderer.page("message", model, title: heading, context: context, tab: tab, status: status)
    }

    struct MessageModel {
        let heading: String
        let message: String
        let actionHref: String?
        let actionLabel: String?
        var confirmPath: String? = nil
        var confirmLabel: String? = nil
    }
}

/// Field errors keyed for templates: `errors.email` is the message for the email field. Names
/// with dots or brackets (`song.link`) are looked up by a template-friendly key (`songLink`).
struct FormErrors {
    private(set) var messages: [String: String] = [:]

    init() {}

    /// `aliases` maps the names a service uses to the form's keys (`activityIds` → `activities`).
    init(_ error: ValidationError, aliases: [String: String] = [:]) {
        for field in error.errors {
            let key = aliases[field.field] ?? Self.key(field.field)
            if messages[key] == nil { messages[key] = field.message }
        }
    }

    subscript(_ key: String) -> String? {
        get { messages[key] }
        set { messages[key] = newValue }
    }

    var isEmpty: Bool { messages.isEmpty }
    var count: Int { messages.count }

    /// `song.link` → `songLink`; `gratitude[2]` → `gratitude`.
    static func key(_ field: String) -> String {
        var name = field
        if let bracket = name.firstIndex(of: "[") { name = String(name[..<bracket]) }
        let parts = name.split(separator: ".")
        guard let first = parts.first else { return name }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// For templates: the messages as a dictionary, and a sentence for the summary above a form.
    var dictionary: [String: String] { messages }
    var summary: String? {
        switch messages.count {
        case 0: nil
        case 1: "Please fix the field marked below."
        default: "Please fix the \(messages.count) fields marked below."
        }
    }
}

/// Dates and times as the pages show them, in English, with no dependence on the machine's locale.
enum DateText {

    /// "Monday, 3 March 2025".
    static func long(_ date: LocalDate) -> String {
        "\(Weekdays.name(date.isoWeekday)), \(date.day) \(Months.name(date.month)) \(date.year)"
    }

    /// "Monday, 3 March", with the year only when it is not `currentYear`.
    static func long(_ date: LocalDate, currentYear: Int) -> String {
        date.year == currentYear
            ? "\(Weekdays.name(date.isoWeekday)), \(date.day) \(Months.name(date.month))" : long(date)
    }

    /// "Mon 3 Mar".
    static func short(_ date: LocalDate) -> String {
        "\(Weekdays.shortName(date.isoWeekday)) \(date.day) \(Months.shortName(date.month))"
    }

    /// "3 Mar 2025".
    static func medium(_ date: LocalDate) -> String {
        "\(date.day) \(Months.shortName(date.month)) \(date.year)"
    }

    /// "14:05" in a zone.
    static func time(_ instant: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return two(parts.hour ?? 0) + ":" + two(parts.minute ?? 0)
    }

    /// "3 Mar 2025, 14:05" in a zone.
    static func dateTime(_ instant: Date, in zone: TimeZone) -> String {
        medium(LocalDate(instant, in: zone)) + ", " + time(instant, in: zone)
    }

    /// The value of an `<input type="datetime-local">`: "2025-03-03T14:05".
    static func inputValue(_ instant: Date, in zone: TimeZone) -> String {
        LocalDate(instant, in: zone).description + "T" + time(instant, in: zone)
    }

    /// Parses a `datetime-local` value ("2025-03-03T14:05", seconds optional) in a zone.
    static func parseInput(_ text: String, in zone: TimeZone) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "T", maxSplits: 1)
        guard parts.count == 2, let date = LocalDate(String(parts[0])) else { return nil }
        let clock = parts[1].split(separator: ":")
        guard clock.count == 2 || clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        // Seconds may carry a fraction ("05.250"); checked as a Double before any Int is made of
        // them ("1e300" seconds would trap in the conversion and stop the server).
        let seconds = clock.count == 3 ? Double(clock[2]) ?? -1 : 0
        guard seconds >= 0, seconds < 60 else { return nil }
        return date.instant(hour: hour, minute: minute, second: Int(seconds), in: zone)
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

extension String {
    /// nil for an empty string, so a template's `{{#value}}` section is skipped.
    var nonEmpty: String? { isEmpty ? nil : self }
}
