import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

/// An item in a grid: its thumbnail (loaded lazily), name and wears.
struct ItemCard: TemplateConvertible {
    let id: String
    /// The owner's page; a friend's view points elsewhere.
    var href: String
    let name: String
    let thumb: String?
    let wornText: String
    let archivedLabel: String?
    /// For pickers: whether the item is chosen, and its place.
    var checked = false

    init(_ item: ClosetItem) {
        id = item.id.lowercasedString
        href = "/closet/items/\(id)"
        name = item.name
        thumb = item.photoID.map { MediaPath.url($0, .small) }
        wornText = WearText.short(item.wear)
        archivedLabel = item.archivedReason?.label
    }

    var templateValue: [String: Any] {
        // `false`, not a missing key, for what a card lacks: Mustache would look for a missing
        // name in every enclosing context, and a card without a photo must not find another's.
        [
            "id": id, "href": href, "name": name, "wornText": wornText, "checked": checked,
            "thumb": thumb ?? false, "archivedLabel": archivedLabel ?? false,
        ]
    }
}

extension ItemCard {
    /// The closet grid's cards as HTML, written here rather than by a `{{#cards}}` section: the
    /// grid shows 30 cards a page, and swift-mustache's lookups (a split name, a climb of the context
    /// stack, several dynamic casts per `{{name}}`) for their six values were a quarter of the
    /// closet page's CPU. The markup is the same as the other card lists' templates.
    static func gridHTML(_ cards: [ItemCard]) -> String {
        var html = ""
        html.reserveCapacity(cards.count * 400)
        for card in cards {
            html += "<li class=\"closet-card\"><a href=\""
            html += HTMLEscaping.escape(card.href)
            html += "\">"
            if let thumb = card.thumb {
                html += "<img src=\""
                html += HTMLEscaping.escape(thumb)
                html += "\" alt=\"\" width=\"320\" height=\"320\" loading=\"lazy\" decoding=\"async\">"
            } else {
                html += "<span class=\"closet-no-photo\" aria-hidden=\"true\">👕</span>"
            }
            html += "<span class=\"closet-card-name\">"
            html += HTMLEscaping.escape(card.name)
            html += "</span><span class=\"closet-card-meta\">"
            html += HTMLEscaping.escape(card.wornText)
            if let archived = card.archivedLabel {
                html += " · "
                html += HTMLEscaping.escape(archived)
            }
            html += "</span></a></li>\n"
        }
        return html
    }
}

/// An outfit in a list: up to four item thumbnails (or its own photo), name and wears.
struct OutfitCard {
    let id: String
    let href: String
    let name: String
    let cover: String?
    let mosaic: [String]
    let itemCount: String
    let wornText: String
    var checked = false

    init(_ outfit: Outfit, items: [UUID: ClosetItem]) {
        id = outfit.id.lowercasedString
        href = "/closet/outfits/\(id)"
        name = outfit.name
        cover = outfit.photoID.map { MediaPath.url($0, .small) }
        mosaic = outfit.itemIDs.compactMap { items[$0]?.photoID }.prefix(4).map { MediaPath.url($0, .small) }
        itemCount = outfit.itemIDs.count == 1 ? "1 item" : "\(outfit.itemIDs.count) items"
        wornText = WearText.short(outfit.wear)
    }
}

/// How wears read on a page.
enum WearText {
    static func short(_ wear: WearSummary) -> String {
        switch wear.count {
        case 0: "Never worn"
        case 1: "Worn once"
        default: "Worn \(wear.count)×"
        }
    }

    static func long(_ wear: WearSummary) -> String {
        guard let last = wear.lastWorn else { return "Not worn yet." }
        let times = wear.count == 1 ? "once" : "\(wear.count) times"
        return "Worn \(times), last on \(DateText.medium(last))."
    }

    static func price(_ cents: Int) -> String { ClosetRules.priceText(cents) }
}

/// ★ The mood comparison as a sentence and two bars, or how many more worn days it needs.
struct MoodWhenWornView {
    let ready: Bool
    let wornText: String
    let otherText: String?
    let differenceText: String?
    let positive: Bool
    let wornPercent: Int
    let otherPercent: Int
    let pending: String?

    init(_ comparison: MoodComparison?, wornDays: Int, what: String) {
        guard let comparison else {
            ready = false
            wornText = ""
            otherText = nil
            differenceText = nil
            positive = false
            wornPercent = 0
            otherPercent = 0
            let needed = MoodComparison.minimumWornDays
            pending =
                "Wear \(what) on \(needed) days you also log your mood, and Daybook will show how those days felt. "
                + "So far: \(min(wornDays, needed - 1)) of \(needed)."
            return
        }
        ready = true
        pending = nil
        wornText =
            String(format: "%.1f", comparison.wornAverage) + " on the \(comparison.wornDays) days you wore \(what)"
        otherText = comparison.otherAverage.map {
            String(format: "%.1f", $0)
                + " on the \(comparison.otherDays) other day\(comparison.otherDays == 1 ? "" : "s")"
        }
        if let difference = comparison.difference {
            differenceText =
                (difference >= 0 ? "+" : "−") + String(format: "%.1f", abs(difference)) + " mood points when worn"
            positive = difference >= 0
        } else {
            differenceText = nil
            positive = true
        }
        wornPercent = Self.step(comparison.wornAverage)
        otherPercent = Self.step(comparison.otherAverage ?? 0)
    }
}

extension MoodWhenWornView {
    /// A mood average (1–5) as a bar width in percent, in steps of 5 (the style sheet's `w-…`).
    static func step(_ average: Double) -> Int { Int((average / 5 * 20).rounded()) * 5 }
}

/// The item form's fields, as typed or as saved.
struct ItemFormModel {
    let action: String
    let name: String
    let categories: [Option]
    let keywordGroups: [KeywordGroup]
    let ownTags: String
    let colors: [ColorOption]
    let seasons: [Option]
    let brand: String
    let size: String
    let purchaseDate: String
    let maxDate: String
    let price: String
    let notes: String
    let photos: [JournalFormModel.FormPhoto]
    let suggestedColors: [String]
    let hasSuggestions: Bool
    let errors: [String: String]
    let formSummary: String?
    let submitLabel: String
    let cancelHref: String

    struct Option {
        let value: String
        let label: String
        let selected: Bool
    }

    struct KeywordGroup {
        let name: String
        let keywords: [Option]
        let open: Bool
    }

    struct ColorOption {
        let value: String
        let label: String
        let selected: Bool
        let swatch: String
    }

    static let aliases = ["categoryId": "category", "photoId": "photos", "purchaseDate": "purchaseDate"]

    init(
        action: String, input: ClosetItemInput, categories: [ClosetCategory], today: LocalDate,
        suggestedColors: [String] = [], errors: FormErrors = FormErrors(), submitLabel: String, cancelHref: String
    ) {
        self.action = action
        name = input.name
        let chosenCategory = input.categoryID ?? categories.first?.id
        self.categories = categories.map {
            Option(value: $0.id.lowercasedString, label: $0.name, selected: $0.id == chosenCategory)
        }
        let tags = ClosetRules.normalizeWords(input.tags)
        keywordGroups = ClosetKeywords.groups.map { group in
            KeywordGroup(
                name: group.name,
                keywords: group.keywords.map { Option(value: $0, label: $0, selected: tags.contains($0)) },
                open: group.keywords.contains(where: tags.contains))
        }
        ownTags = tags.filter { !ClosetKeywords.isKeyword($0) }.joined(separator: ", ")
        let colors = ClosetRules.normalizeWords(input.colors)
        self.colors =
            ClosetKeywords.colors.map {
                ColorOption(
                    value: $0, label: $0.replacingOccurrences(of: "-", with: " "), selected: colors.contains($0),
                    swatch: "swatch-\($0)")
            }
            + colors.filter { !ClosetKeywords.colors.contains($0) }.map {
                ColorOption(value: $0, label: $0, selected: true, swatch: "swatch-other")
            }
        let season = input.season.lowercased()
        seasons =
            [Option(value: "", label: "Any / not set", selected: season.isEmpty)]
            + ClosetKeywords.seasons.map { Option(value: $0, label: $0.capitalized, selected: $0 == season) }
        brand = input.brand
        size = input.size
        purchaseDate = input.purchaseDate
        maxDate = today.description
        price = input.price
        notes = input.notes
        photos =
            input.photoID.map {
                [
                    JournalFormModel.FormPhoto(
                        photoID: $0.lowercasedString, thumb: MediaPath.url($0, .small), alt: "The item's photo")
                ]
            } ?? []
        self.suggestedColors = suggestedColors.filter { !colors.contains($0) }
        hasSuggestions = !self.suggestedColors.isEmpty
        self.errors = errors.dictionary
        formSummary = errors.summary
        self.submitLabel = submitLabel
        self.cancelHref = cancelHref
    }

    /// Reads the form: keyword checkboxes and the own-tags field both go to tags.
    static func input(from form: FormData) -> ClosetItemInput {
        ClosetItemInput(
            name: form["name"], categoryID: UUID(text: form["categoryId"]),
            tags: form.all("tags") + [form["ownTags"]], colors: form.all("colors") + [form["otherColors"]],
            photoID: form.uuids("photoIds").first, brand: form["brand"], size: form["size"], season: form["season"],
            purchaseDate: form["purchaseDate"], price: form["price"], notes: form["notes"])
    }
}
