import Crypto
import DaybookCore
import DaybookStorage
import DaybookTransfer
import Foundation

/// The closet's part of an import (Daybook's own export has one): categories matched by name in
/// any case, else made; items, outfits and calendar days checked by the same rules as when the
/// user makes them, so a hand-edited file cannot put in what the pages would refuse.
extension ImportPlanner {
    mutating func plan(_ closet: ImportedCloset) {
        guard !closet.isEmpty || !closet.categories.isEmpty else { return }
        for name in closet.categories { _ = categoryID(name) }
        var items: [String: UUID] = [:]
        for item in closet.items { add(item, ids: &items) }
        var outfits: [String: UUID] = [:]
        for outfit in closet.outfits { add(outfit, items: items, ids: &outfits) }
        for day in closet.days { add(day, items: items, outfits: outfits) }
    }

    /// The id a record of the file gets in this account: the same every time the same file is
    /// imported, so that outfits and days of a later run find the items an earlier run imported.
    static func derivedID(userID: UUID, mark: String) -> UUID {
        var bytes = Array(SHA256.hash(data: Data((userID.uuidString + mark).utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // a name-based id (RFC 9562 version 5 layout)
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    private mutating func add(_ item: ImportedClosetItem, ids: inout [String: UUID]) {
        let mark = Self.mark(item.source)
        let id = Self.derivedID(userID: context.userID, mark: mark)
        ids[item.id] = id
        guard isNew(mark) else { return }
        let input = ClosetItemInput(
            name: item.name, categoryID: categoryID(item.category), tags: item.tags, colors: item.colors,
            brand: item.brand, size: item.size, season: item.season,
            purchaseDate: item.purchaseDate?.description ?? "",
            price: item.priceCents.map { $0 < 0 ? "-1" : ClosetRules.priceText($0) } ?? "", notes: item.notes)
        do {
            var record = try ClosetRules.validate(
                input, id: id, userID: context.userID, today: context.closet.today, now: now.roundedToMicroseconds)
            record.photoID = item.photo.map { photo($0) }
            record.archivedReason = item.archivedReason
            record.createdAt = item.createdAt.roundedToMicroseconds
            context.closet.itemIDs.insert(id)
            write.closetItems.append(Marked(mark: mark, record: record))
        } catch {
            leftOut("The closet item “\(item.name.prefix(60))”", error)
        }
    }

    private mutating func add(_ outfit: ImportedOutfit, items: [String: UUID], ids: inout [String: UUID]) {
        let mark = Self.mark(outfit.source)
        let id = Self.derivedID(userID: context.userID, mark: mark)
        ids[outfit.id] = id
        guard isNew(mark) else { return }
        let input = OutfitInput(name: outfit.name, itemIDs: resolve(outfit.items, items))
        do {
            var record = try ClosetRules.validate(input, id: id, userID: context.userID, now: now.roundedToMicroseconds)
            record.photoID = outfit.photo.map { photo($0) }
            record.createdAt = outfit.createdAt.roundedToMicroseconds
            context.closet.outfitIDs.insert(id)
            write.outfits.append(Marked(mark: mark, record: record))
        } catch {
            leftOut("The outfit “\(outfit.name.prefix(60))”", error)
        }
    }

    private mutating func add(_ day: ImportedOutfitDay, items: [String: UUID], outfits: [String: UUID]) {
        let mark = Self.mark(day.source)
        guard !importedBefore(mark) else { return }
        guard !context.closet.takenDates.contains(day.date) else {
            outfitDaysKept += 1
            return
        }
        guard isNew(mark) else { return }
        let outfit = day.outfit.flatMap { outfits[$0] }.flatMap { context.closet.outfitIDs.contains($0) ? $0 : nil }
        let input = OutfitDayInput(status: day.status, outfitID: outfit, itemIDs: resolve(day.items, items), note: day.note)
        do {
            let record = try ClosetRules.validate(
                input, date: day.date, userID: context.userID, today: context.closet.today,
                now: now.roundedToMicroseconds)
            context.closet.takenDates.insert(day.date)
            write.outfitDays.append(Marked(mark: mark, record: record))
        } catch {
            leftOut("The outfit calendar's \(day.date)", error)
        }
    }

    /// The account's ids of the file's items, for those the account has (or this import adds).
    private func resolve(_ fileIDs: [String], _ items: [String: UUID]) -> [UUID] {
        fileIDs.compactMap { items[$0] }.filter { context.closet.itemIDs.contains($0) }
    }

    /// The id of the account's category with this name (any case), made if there is none.
    private mutating func categoryID(_ rawName: String) -> UUID? {
        guard let name = try? ClosetRules.categoryName(rawName) else { return nil }
        if let known = context.closet.categories.first(where: { $0.name.lowercased() == name.lowercased() }) {
            return known.id
        }
        guard context.closet.categories.count < ClosetRules.categoriesMax else { return nil }
        let category = ClosetCategory(
            userID: context.userID, name: name,
            position: (context.closet.categories.map(\.position).max() ?? -1) + 1)
        context.closet.categories.append(category)
        write.closetCategories.append(category)
        return category.id
    }

    private mutating func leftOut(_ what: String, _ error: any Error) {
        let reason =
            (error as? ValidationError)?.errors.first?.message ?? (error as? FieldError)?.message ?? "it is not valid"
        problems.append(ImportProblem(message: "\(what) is left out: \(reason)"))
    }
}
