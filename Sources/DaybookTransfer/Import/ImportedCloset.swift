import DaybookCore
import Foundation

/// A closet item as Daybook's export has it. `id` is the file's own id, which its outfits and
/// calendar days refer to; the item gets a new id in the account it is imported into.
public struct ImportedClosetItem: Sendable, Hashable {
    public var source: String
    public var id: String
    public var name: String
    /// The category's name; made in the account when it has none of that name.
    public var category: String
    public var tags: [String]
    public var colors: [String]
    /// A path inside the archive.
    public var photo: String?
    public var brand: String
    public var size: String
    public var season: String
    public var purchaseDate: LocalDate?
    public var priceCents: Int?
    public var notes: String
    public var archivedReason: ArchiveReason?
    public var createdAt: Date

    public init(
        source: String, id: String, name: String, category: String, tags: [String] = [], colors: [String] = [],
        photo: String? = nil, brand: String = "", size: String = "", season: String = "",
        purchaseDate: LocalDate? = nil, priceCents: Int? = nil, notes: String = "",
        archivedReason: ArchiveReason? = nil, createdAt: Date
    ) {
        self.source = source
        self.id = id
        self.name = name
        self.category = category
        self.tags = tags
        self.colors = colors
        self.photo = photo
        self.brand = brand
        self.size = size
        self.season = season
        self.purchaseDate = purchaseDate
        self.priceCents = priceCents
        self.notes = notes
        self.archivedReason = archivedReason
        self.createdAt = createdAt
    }
}

/// An outfit: its items by their ids in the file.
public struct ImportedOutfit: Sendable, Hashable {
    public var source: String
    public var id: String
    public var name: String
    public var items: [String]
    public var photo: String?
    public var createdAt: Date

    public init(source: String, id: String, name: String, items: [String], photo: String? = nil, createdAt: Date) {
        self.source = source
        self.id = id
        self.name = name
        self.items = items
        self.photo = photo
        self.createdAt = createdAt
    }
}

/// A day of the outfit calendar: an outfit and items by their ids in the file.
public struct ImportedOutfitDay: Sendable, Hashable {
    public var source: String
    public var date: LocalDate
    public var status: OutfitDayStatus
    public var outfit: String?
    public var items: [String]
    public var note: String

    public init(
        source: String, date: LocalDate, status: OutfitDayStatus, outfit: String? = nil, items: [String] = [],
        note: String = ""
    ) {
        self.source = source
        self.date = date
        self.status = status
        self.outfit = outfit
        self.items = items
        self.note = note
    }
}

/// The closet of a file (only Daybook's own export has one).
public struct ImportedCloset: Sendable, Hashable {
    /// Category names in the file's order.
    public var categories: [String]
    public var items: [ImportedClosetItem]
    public var outfits: [ImportedOutfit]
    public var days: [ImportedOutfitDay]

    public init(
        categories: [String] = [], items: [ImportedClosetItem] = [], outfits: [ImportedOutfit] = [],
        days: [ImportedOutfitDay] = []
    ) {
        self.categories = categories
        self.items = items
        self.outfits = outfits
        self.days = days
    }

    public var isEmpty: Bool { items.isEmpty && outfits.isEmpty && days.isEmpty }

    /// Photo paths of items and outfits.
    public var photoCount: Int { items.count { $0.photo != nil } + outfits.count { $0.photo != nil } }
}
