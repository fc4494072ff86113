import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

/// The loaded account's closet for `make bench` (issue 14): `--closet-items` items over the
/// default categories, tagged with two to four keywords and a colour or two, 50 outfits of three
/// to five items, and an outfit day on each of the last `--outfit-days` dates (three to five
/// items, one day in four from an outfit). Written through the store after the rules check them,
/// like the journal entries.
extension BenchSeed {
    /// A keyword every tenth item has, for the tag-search benchmark.
    static let closetMarker = "cashmere"

    static func seedCloset(
        store: any DaybookStore, services: Services, user: User, items count: Int, outfitDays: Int,
        today: LocalDate, random: inout SplitMix64
    ) async throws -> [UUID] {
        guard count > 0 else { return [] }
        let categories = try await services.closet.categories(user: user)
        let keywords = ClosetKeywords.groups.flatMap(\.keywords).filter { $0 != closetMarker }
        let now = Date()
        var items: [UUID] = []
        for index in 0..<count {
            var tags = Array(keywords.shuffled(using: &random).prefix(Int.random(in: 2...4, using: &random)))
            if index % 10 == 0 { tags.append(closetMarker) }
            let input = ClosetItemInput(
                name: text(length: Int.random(in: 8...24, using: &random), random: &random),
                categoryID: categories.randomElement(using: &random)?.id, tags: tags,
                colors: Array(
                    ClosetKeywords.colors.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random))),
                brand: text(length: 8, random: &random), size: "M",
                season: ClosetKeywords.seasons.randomElement(using: &random) ?? "",
                price: String(Int.random(in: 10...300, using: &random)), notes: text(length: 60, random: &random))
            let at = now.addingTimeInterval(-Double(count - index) * 3_600).roundedToMicroseconds
            let item = try ClosetRules.validate(input, id: .timeOrdered(), userID: user.id, today: today, now: at)
            try await store.closet.saveItem(item, insert: true)
            items.append(item.id)
        }
        var outfits: [UUID] = []
        for _ in 0..<50 {
            let chosen = Array(items.shuffled(using: &random).prefix(Int.random(in: 3...5, using: &random)))
            let outfit = try ClosetRules.validate(
                OutfitInput(name: text(length: 16, random: &random), itemIDs: chosen), id: .timeOrdered(), userID: user.id,
                now: now.roundedToMicroseconds)
            try await store.closet.saveOutfit(outfit, insert: true)
            outfits.append(outfit.id)
        }
        for back in 0..<outfitDays {
            let date = today.adding(days: -back)
            let fromOutfit = back % 4 == 0 ? outfits.randomElement(using: &random) : nil
            let input = OutfitDayInput(
                status: .worn, outfitID: fromOutfit,
                itemIDs: Array(items.shuffled(using: &random).prefix(Int.random(in: 3...5, using: &random))),
                note: back % 3 == 0 ? text(length: 30, random: &random) : "")
            let day = try ClosetRules.validate(
                input, date: date, userID: user.id, today: today, now: now.roundedToMicroseconds)
            try await store.closet.putDay(day)
        }
        return items
    }
}
