import Foundation

/// A closet category (seed 004 5.2.1.5): the user's own list, seeded with `ClosetDefaults` and
/// extended, renamed and reordered by them.
public struct ClosetCategory: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var userID: UUID
    public var name: String
    /// Display order, lowest first.
    public var position: Int

    public init(id: UUID = .timeOrdered(), userID: UUID, name: String, position: Int) {
        self.id = id
        self.userID = userID
        self.name = name
        self.position = position
    }
}

/// Why an item left the closet. An archived item keeps its history (wears, outfits) but is out of
/// the grid, the search and the pickers.
public enum ArchiveReason: String, Sendable, Hashable, Codable, CaseIterable {
    case sold, donated, lost
    case wornOut = "worn_out"
    case other

    public var label: String {
        switch self {
        case .sold: "Sold"
        case .donated: "Donated"
        case .lost: "Lost"
        case .wornOut: "Worn out"
        case .other: "Other"
        }
    }
}

/// A piece of clothing (or a bag, a ring…) the user owns (seed 004 5.2.1–5.2.3).
public struct ClosetItem: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var userID: UUID
    public var name: String
    public var categoryID: UUID
    /// Lower-case keywords (`ClosetKeywords`) and the user's own words, each once.
    public var tags: [String]
    /// Colour keywords, lower-case, each once (suggested from the photo, chosen by the user).
    public var colors: [String]
    public var photoID: UUID?
    public var brand: String
    public var size: String
    /// A season keyword (`spring`, `summer`, `autumn`, `winter`, `all-season`) or empty.
    public var season: String
    public var purchaseDate: LocalDate?
    /// In hundredths of the user's currency; nil when not given.
    public var priceCents: Int?
    public var notes: String
    public var archivedReason: ArchiveReason?
    public var createdAt: Date
    public var updatedAt: Date
    /// Read from the outfit calendar (days marked worn); ignored when saving.
    public var wear: WearSummary

    public init(
        id: UUID = .timeOrdered(), userID: UUID, name: String, categoryID: UUID, tags: [String] = [], colors: [String] = [],
        photoID: UUID? = nil, brand: String = "", size: String = "", season: String = "",
        purchaseDate: LocalDate? = nil, priceCents: Int? = nil, notes: String = "",
        archivedReason: ArchiveReason? = nil, createdAt: Date = Date(), updatedAt: Date = Date(),
        wear: WearSummary = WearSummary()
    ) {
        self.id = id
        self.userID = userID
        self.name = name
        self.categoryID = categoryID
        self.tags = tags
        self.colors = colors
        self.photoID = photoID
        self.brand = brand
        self.size = size
        self.season = season
        self.purchaseDate = purchaseDate
        self.priceCents = priceCents
        self.notes = notes
        self.archivedReason = archivedReason
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.wear = wear
    }

    public var isArchived: Bool { archivedReason != nil }

    /// What the closet search reads: name, brand and notes, lower-cased once when saved so that
    /// both databases match words the same way.
    public var searchText: String { [name, brand, notes].joined(separator: " ").lowercased() }

    /// Price divided by wears, in cents (rounded); nil without a price or before the first wear.
    public var costPerWearCents: Int? { wear.costPerWear(priceCents: priceCents) }

    /// The item as a friend it is shared with sees it: what it cost and when it was bought are
    /// the owner's own business (and so is the cost per wear they give away).
    public var asSharedWithFriend: ClosetItem {
        var shown = self
        shown.priceCents = nil
        shown.purchaseDate = nil
        return shown
    }
}

/// How often something was worn, and when last (days marked `worn` in the outfit calendar).
public struct WearSummary: Sendable, Hashable, Codable {
    public var count: Int
    public var lastWorn: LocalDate?

    public init(count: Int = 0, lastWorn: LocalDate? = nil) {
        self.count = count
        self.lastWorn = lastWorn
    }

    /// The summary of a list of worn dates (repeats count once: one day, one wear).
    public init(wornDates: [LocalDate]) {
        let days = Set(wornDates)
        self.init(count: days.count, lastWorn: days.max())
    }

    /// Price per wear, rounded to the cent; nil without a price or wears.
    public func costPerWear(priceCents: Int?) -> Int? {
        guard let priceCents, count > 0 else { return nil }
        // Integer halves-up rounding: no Double that could fall past Int.max on the way back.
        let (quotient, remainder) = priceCents.quotientAndRemainder(dividingBy: count)
        return quotient + (remainder >= count - remainder ? 1 : 0)
    }
}

/// A named, ordered set of items (seed 004 5.2.1.3), optionally with its own photo.
public struct Outfit: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var userID: UUID
    public var name: String
    public var itemIDs: [UUID]
    public var photoID: UUID?
    public var createdAt: Date
    public var updatedAt: Date
    /// Days the calendar marks this outfit worn; ignored when saving.
    public var wear: WearSummary

    public init(
        id: UUID = .timeOrdered(), userID: UUID, name: String, itemIDs: [UUID], photoID: UUID? = nil,
        createdAt: Date = Date(), updatedAt: Date = Date(), wear: WearSummary = WearSummary()
    ) {
        self.id = id
        self.userID = userID
        self.name = name
        self.itemIDs = itemIDs
        self.photoID = photoID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.wear = wear
    }
}

/// Whether a calendar day's clothes were worn or are planned.
public enum OutfitDayStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case worn, planned
}

/// One day of the outfit calendar (seed 004 5.2.1.7): an outfit or a loose set of items, worn or
/// planned, with a note. The items are kept for the day itself, so changing an outfit later does
/// not rewrite what was worn.
public struct OutfitDay: Sendable, Hashable, Codable {
    public var userID: UUID
    public var date: LocalDate
    public var status: OutfitDayStatus
    public var outfitID: UUID?
    public var itemIDs: [UUID]
    public var note: String
    public var updatedAt: Date

    public init(
        userID: UUID, date: LocalDate, status: OutfitDayStatus, outfitID: UUID? = nil, itemIDs: [UUID],
        note: String = "", updatedAt: Date = Date()
    ) {
        self.userID = userID
        self.date = date
        self.status = status
        self.outfitID = outfitID
        self.itemIDs = itemIDs
        self.note = note
        self.updatedAt = updatedAt
    }

    /// A planned day whose date has come: the user is asked whether it was worn.
    public func awaitsConfirmation(today: LocalDate) -> Bool { status == .planned && date <= today }
}
