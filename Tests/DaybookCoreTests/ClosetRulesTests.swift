import Foundation
import Testing

@testable import DaybookCore

@Suite struct ClosetRulesTests {
    let userID = UUID()
    let today = LocalDate("2025-06-15")!
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    func fields(_ input: ClosetItemInput) -> [String: String] {
        do {
            _ = try ClosetRules.validate(input, id: UUID(), userID: userID, today: today, now: now)
            return [:]
        } catch let error as ValidationError {
            return Dictionary(error.errors.map { ($0.field, $0.code) }, uniquingKeysWith: { a, _ in a })
        } catch {
            return ["unexpected": "\(error)"]
        }
    }

    @Test func cleansAnItem() throws {
        let category = UUID()
        let item = try ClosetRules.validate(
            ClosetItemInput(
                name: "  Linen shirt ", categoryID: category, tags: ["#Linen, Summer wear", "linen"],
                colors: ["Navy", "light blue"], brand: " Uniqlo ", size: "M", season: "Summer",
                purchaseDate: "2024-02-29", price: "49,90", notes: "Iron low"),
            id: UUID(), userID: userID, today: today, now: now)
        #expect(item.name == "Linen shirt")
        #expect(item.tags == ["linen", "summer-wear"])
        #expect(item.colors == ["navy", "light-blue"])
        #expect(item.brand == "Uniqlo" && item.season == "summer")
        #expect(item.purchaseDate == LocalDate("2024-02-29"))
        #expect(item.priceCents == 4990)
        #expect(item.searchText == "linen shirt uniqlo iron low")
    }

    @Test func refusesBadFieldsAllAtOnce() {
        #expect(
            fields(
                ClosetItemInput(
                    name: " ", categoryID: nil, tags: Array(repeating: "x", count: 1) + (0..<40).map { "t\($0)" },
                    season: "monsoon", purchaseDate: "2025-02-30", price: "-3", notes: "ok"))
                == [
                    "name": "required", "categoryId": "required", "tags": "too_many", "season": "invalid",
                    "purchaseDate": "invalid", "price": "out_of_range",
                ])
        #expect(
            fields(ClosetItemInput(name: "A", categoryID: UUID(), purchaseDate: "2025-06-16")) == [
                "purchaseDate": "future_date"
            ])
        #expect(fields(ClosetItemInput(name: "A\nB", categoryID: UUID())) == ["name": "invalid"])
        #expect(fields(ClosetItemInput(name: "A", categoryID: UUID(), colors: ["a/b"])) == ["colors": "invalid"])
    }

    @Test(
        arguments: [
            ("", nil), ("0", 0), ("49", 4900), ("49.9", 4990), ("49,90", 4990), (" 1000000 ", 100_000_000), (".5", 50),
        ] as [(String, Int?)])
    func readsPrices(_ text: String, _ cents: Int?) throws {
        #expect(try ClosetRules.priceCents(text) == cents)
    }

    @Test(arguments: ["abc", "1.2.3", "4.999", "1e3", "-1", "1000000.01", "NaN", "inf", "12 €", "."])
    func refusesPrices(_ text: String) {
        #expect(fieldError { try ClosetRules.priceCents(text) }?.field == "price")
    }

    @Test func writesPrices() {
        #expect(ClosetRules.priceText(4990) == "49.90")
        #expect(ClosetRules.priceText(5) == "0.05")
        #expect(ClosetRules.priceText(100_000) == "1000.00")
    }

    @Test func checksOutfits() throws {
        let a = UUID()
        let b = UUID()
        let outfit = try ClosetRules.validate(
            OutfitInput(name: " Monday ", itemIDs: [a, b, a]), id: UUID(), userID: userID, now: now)
        #expect(outfit.name == "Monday" && outfit.itemIDs == [a, b])
        let empty = validationErrors {
            try ClosetRules.validate(OutfitInput(name: "", itemIDs: []), id: UUID(), userID: userID, now: now)
        }
        #expect(Set(empty.map(\.field)) == ["name", "itemIds"])
        let huge = validationErrors {
            try ClosetRules.validate(
                OutfitInput(name: "All", itemIDs: (0..<200).map { _ in UUID() }), id: UUID(), userID: userID, now: now)
        }
        #expect(huge.map(\.code) == ["too_many"])
    }

    @Test func checksCalendarDays() throws {
        let item = UUID()
        let past = try ClosetRules.validate(
            OutfitDayInput(itemIDs: [item]), date: today, userID: userID, today: today, now: now)
        #expect(past.status == .worn)
        let future = try ClosetRules.validate(
            OutfitDayInput(itemIDs: [item]), date: today.adding(days: 7), userID: userID, today: today, now: now)
        #expect(future.status == .planned)
        #expect(future.awaitsConfirmation(today: today) == false)
        #expect(future.awaitsConfirmation(today: today.adding(days: 7)))
        let wornTomorrow = validationErrors {
            try ClosetRules.validate(
                OutfitDayInput(status: .worn, itemIDs: [item]), date: today.adding(days: 1), userID: userID,
                today: today,
                now: now)
        }
        #expect(wornTomorrow.map(\.field) == ["status"])
        let nothing = validationErrors {
            try ClosetRules.validate(OutfitDayInput(), date: today, userID: userID, today: today, now: now)
        }
        #expect(nothing.map(\.field) == ["itemIds"])
        let farAway = validationErrors {
            try ClosetRules.validate(
                OutfitDayInput(itemIDs: [item]), date: today.adding(days: 400), userID: userID, today: today, now: now)
        }
        #expect(farAway.map(\.field) == ["date"])
    }

    @Test func keywordsAreManyAndGrouped() {
        #expect(ClosetKeywords.all.count >= 60)
        #expect(Set(ClosetKeywords.all).count == ClosetKeywords.all.count)
        #expect(ClosetKeywords.all.allSatisfy { ClosetRules.tag($0) == $0 })
    }
}

@Suite struct WearAndMoodTests {
    @Test func countsWearsAndCostPerWear() {
        let days = ["2025-01-03", "2025-01-01", "2025-01-03", "2025-02-10"].map { LocalDate($0)! }
        let wear = WearSummary(wornDates: days)
        #expect(wear.count == 3)
        #expect(wear.lastWorn == LocalDate("2025-02-10"))
        #expect(wear.costPerWear(priceCents: 10_000) == 3333)
        #expect(wear.costPerWear(priceCents: nil) == nil)
        #expect(WearSummary().costPerWear(priceCents: 5000) == nil)
        let item = ClosetItem(
            userID: UUID(), name: "Coat", categoryID: UUID(), priceCents: 2000, wear: WearSummary(count: 3))
        #expect(item.costPerWearCents == 667)
    }

    /// Worked by hand: worn on 5 days with moods 5, 4, 4, 5, 3 (sum 21, average 4.2); not worn on
    /// 4 days with moods 2, 3, 3, 4 (sum 12, average 3.0); difference +1.2.
    @Test func comparesMoodOnWornDaysWithTheRest() throws {
        let days: [(mood: Int, worn: Bool)] = [
            (5, true), (2, false), (4, true), (3, false), (4, true), (3, false), (5, true), (4, false), (3, true),
        ]
        let comparison = try #require(MoodComparison(days: days))
        #expect(comparison.wornDays == 5 && comparison.otherDays == 4)
        #expect(abs(comparison.wornAverage - 4.2) < 1e-9)
        #expect(comparison.otherAverage == 3.0)
        #expect(abs(comparison.difference! - 1.2) < 1e-9)
        // Four worn days are not enough to say anything.
        #expect(MoodComparison(days: Array(days.dropFirst())) == nil)
        // Worn every day: nothing to compare against.
        let always = try #require(MoodComparison(days: Array(repeating: (3, true), count: 6)))
        #expect(always.otherAverage == nil && always.difference == nil)
    }
}

@Suite struct ColorNamingTests {
    @Test(
        arguments: [
            (0, 0, 0, "black"), (255, 255, 255, "white"), (128, 128, 128, "grey"), (20, 30, 80, "navy"),
            (40, 90, 200, "blue"), (150, 200, 240, "light-blue"), (200, 30, 30, "red"), (110, 20, 40, "burgundy"),
            (240, 160, 190, "pink"), (110, 70, 40, "brown"), (225, 205, 170, "beige"), (240, 200, 40, "yellow"),
            (240, 130, 30, "orange"), (40, 140, 60, "green"), (110, 110, 50, "olive"), (120, 60, 170, "purple"),
        ] as [(UInt8, UInt8, UInt8, String)])
    func namesColours(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ name: String) {
        #expect(ColorNaming.name(red: r, green: g, blue: b) == name)
    }

    @Test func findsTheDominantColours() {
        // 70 % navy, 25 % white, 5 % red (too little to suggest); alpha-transparent pixels skipped.
        var pixels: [UInt8] = []
        for _ in 0..<70 { pixels += [20, 30, 80, 255] }
        for _ in 0..<25 { pixels += [250, 250, 250, 255] }
        for _ in 0..<5 { pixels += [200, 30, 30, 255] }
        for _ in 0..<100 { pixels += [0, 255, 0, 0] }
        #expect(ColorNaming.dominant(pixels: pixels, bands: 4) == ["navy", "white"])
        #expect(ColorNaming.dominant(pixels: [], bands: 3) == [])
    }
}
