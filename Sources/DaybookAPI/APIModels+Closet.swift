import DaybookCore
import DaybookServices
import Foundation

/// Closet values as the contract writes them. Prices travel as numbers of the currency (49.9),
/// kept as cents inside.

extension Components.Schemas.ClosetItem {
    init(_ item: ClosetItem, mood: MoodComparison? = nil) {
        self.init(
            id: item.id.apiString, name: item.name, categoryId: item.categoryID.apiString, tags: item.tags,
            colors: item.colors, photoId: item.photoID?.apiString,
            photo: item.photoID.map(Components.Schemas.JournalPhoto.init),
            brand: item.brand, size: item.size, season: item.season, purchaseDate: item.purchaseDate?.description,
            price: item.priceCents.map(Self.amount), notes: item.notes, archived: item.isArchived,
            archivedReason: item.archivedReason.flatMap { .init(rawValue: $0.rawValue) }, wornCount: item.wear.count,
            lastWorn: item.wear.lastWorn?.description, costPerWear: item.costPerWearCents.map(Self.amount),
            moodWhenWorn: mood.map(Components.Schemas.MoodWhenWorn.init), createdAt: item.createdAt,
            updatedAt: item.updatedAt)
    }

    static func amount(_ cents: Int) -> Double { Double(cents) / 100 }
}

extension Components.Schemas.MoodWhenWorn {
    init(_ comparison: MoodComparison) {
        self.init(
            wornDays: comparison.wornDays, wornAverage: comparison.wornAverage, otherDays: comparison.otherDays,
            otherAverage: comparison.otherAverage, difference: comparison.difference)
    }
}

extension Components.Schemas.ClosetCategory {
    init(_ category: ClosetCategory, count: Int) {
        self.init(id: category.id.apiString, name: category.name, position: category.position, itemCount: count)
    }
}

extension Components.Schemas.Outfit {
    init(_ outfit: Outfit, mood: MoodComparison? = nil) {
        self.init(
            id: outfit.id.apiString, name: outfit.name, itemIds: outfit.itemIDs.map(\.apiString),
            photoId: outfit.photoID?.apiString, photo: outfit.photoID.map(Components.Schemas.JournalPhoto.init),
            wornCount: outfit.wear.count, lastWorn: outfit.wear.lastWorn?.description,
            moodWhenWorn: mood.map(Components.Schemas.MoodWhenWorn.init), createdAt: outfit.createdAt,
            updatedAt: outfit.updatedAt)
    }
}

extension Components.Schemas.OutfitDay {
    init(_ day: OutfitDay, today: LocalDate) {
        self.init(
            date: day.date.description, status: day.status == .worn ? .worn : .planned,
            outfitId: day.outfitID?.apiString, itemIds: day.itemIDs.map(\.apiString), note: day.note,
            awaitsConfirmation: day.awaitsConfirmation(today: today), updatedAt: day.updatedAt)
    }
}
