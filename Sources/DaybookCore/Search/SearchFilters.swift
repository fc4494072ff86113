import Foundation

/// The kinds of things search finds.
public enum SearchKind: String, Sendable, Hashable, CaseIterable {
    case day
    case checkin
    case journal
    case item
}

/// What narrows a search, with or without words (issue 17). Each filter keeps only the kinds it
/// can say something about:
/// - `tag`: journal entries and closet items with that tag;
/// - `mood`: day entries with that mood, and the check-ins and journal entries of such days;
/// - `from`/`to`: the day a record is about (a closet item: the day it was added, in UTC), inclusive;
/// - `hasPhotos`: records with (true) or without (false) a photo; check-ins never have one.
public struct SearchFilters: Sendable, Hashable {
    public var kind: SearchKind?
    public var tag: String?
    public var mood: Mood?
    public var from: LocalDate?
    public var to: LocalDate?
    public var hasPhotos: Bool?

    public init(
        kind: SearchKind? = nil, tag: String? = nil, mood: Mood? = nil, from: LocalDate? = nil, to: LocalDate? = nil,
        hasPhotos: Bool? = nil
    ) {
        self.kind = kind
        self.tag = tag
        self.mood = mood
        self.from = from
        self.to = to
        self.hasPhotos = hasPhotos
    }

    public var isEmpty: Bool { self == SearchFilters() }

    /// Whether a record of `kind` can pass every filter given (so a store can skip a kind outright).
    public func admits(_ kind: SearchKind) -> Bool {
        if let only = self.kind, only != kind { return false }
        if tag != nil, kind != .journal, kind != .item { return false }
        if mood != nil, kind == .item { return false }
        if hasPhotos == true, kind == .checkin { return false }
        return true
    }

    /// Parses filters as a form or query string gives them (empty means "not given"); errors name
    /// each field.
    public static func parse(
        kind: String?, tag: String?, mood: String?, from: String?, to: String?, hasPhotos: String?
    ) throws(ValidationError) -> SearchFilters {
        var filters = SearchFilters()
        var errors: [FieldError] = []
        if let text = kind.given {
            if let value = SearchKind(rawValue: text) {
                filters.kind = value
            } else {
                errors.append(
                    FieldError(field: "kind", code: "invalid", message: "Choose day, checkin, journal or item."))
            }
        }
        if let text = tag.given {
            if let value = JournalRules.tag(text) {
                filters.tag = value
            } else {
                errors.append(FieldError(field: "tag", code: "invalid", message: "That cannot be a tag."))
            }
        }
        if let text = mood.given {
            if let level = Int(text), let value = Mood(rawValue: level) {
                filters.mood = value
            } else {
                errors.append(FieldError(field: "mood", code: "invalid", message: "A mood is a level from 1 to 5."))
            }
        }
        for (field, text) in [("from", from), ("to", to)] {
            guard let text = text.given else { continue }
            if let date = LocalDate(text) {
                if field == "from" { filters.from = date } else { filters.to = date }
            } else {
                errors.append(FieldError(field: field, code: "invalid", message: "Give the date as YYYY-MM-DD."))
            }
        }
        if let from = filters.from, let to = filters.to, from > to {
            errors.append(FieldError(field: "to", code: "invalid", message: "The end date is before the start date."))
        }
        if let text = hasPhotos.given {
            switch text.lowercased() {
            case "true", "1", "yes", "on": filters.hasPhotos = true
            case "false", "0", "no", "off": filters.hasPhotos = false
            default:
                errors.append(FieldError(field: "hasPhotos", code: "invalid", message: "Give true or false."))
            }
        }
        if !errors.isEmpty { throw ValidationError(errors) }
        return filters
    }
}
