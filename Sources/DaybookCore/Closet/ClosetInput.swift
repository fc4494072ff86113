import Foundation

/// An item as a form or an API request sends it, before any checking, so that a form can be shown
/// again exactly as typed when something in it is wrong.
public struct ClosetItemInput: Sendable, Hashable {
    public var name: String
    /// nil when none was chosen (or the text was not an id).
    public var categoryID: UUID?
    /// Each element may hold several words separated by commas (a text field sends them so).
    public var tags: [String]
    public var colors: [String]
    public var photoID: UUID?
    public var brand: String
    public var size: String
    public var season: String
    /// `YYYY-MM-DD` or empty.
    public var purchaseDate: String
    /// As typed (`49.90`, `49,90`) or empty.
    public var price: String
    public var notes: String

    public init(
        name: String = "", categoryID: UUID? = nil, tags: [String] = [], colors: [String] = [], photoID: UUID? = nil,
        brand: String = "", size: String = "", season: String = "", purchaseDate: String = "", price: String = "",
        notes: String = ""
    ) {
        self.name = name
        self.categoryID = categoryID
        self.tags = tags
        self.colors = colors
        self.photoID = photoID
        self.brand = brand
        self.size = size
        self.season = season
        self.purchaseDate = purchaseDate
        self.price = price
        self.notes = notes
    }

    /// The form of a saved item, for editing it.
    public init(_ item: ClosetItem) {
        self.init(
            name: item.name, categoryID: item.categoryID, tags: item.tags, colors: item.colors, photoID: item.photoID,
            brand: item.brand, size: item.size, season: item.season,
            purchaseDate: item.purchaseDate?.description ?? "", price: item.priceCents.map(ClosetRules.priceText) ?? "",
            notes: item.notes)
    }
}

/// An outfit as sent, before checking.
public struct OutfitInput: Sendable, Hashable {
    public var name: String
    /// In display order.
    public var itemIDs: [UUID]
    public var photoID: UUID?

    public init(name: String = "", itemIDs: [UUID] = [], photoID: UUID? = nil) {
        self.name = name
        self.itemIDs = itemIDs
        self.photoID = photoID
    }

    public init(_ outfit: Outfit) { self.init(name: outfit.name, itemIDs: outfit.itemIDs, photoID: outfit.photoID) }
}

/// A day of the outfit calendar as sent, before checking.
public struct OutfitDayInput: Sendable, Hashable {
    /// nil: worn up to today, planned after.
    public var status: OutfitDayStatus?
    public var outfitID: UUID?
    public var itemIDs: [UUID]
    public var note: String

    public init(status: OutfitDayStatus? = nil, outfitID: UUID? = nil, itemIDs: [UUID] = [], note: String = "") {
        self.status = status
        self.outfitID = outfitID
        self.itemIDs = itemIDs
        self.note = note
    }
}
