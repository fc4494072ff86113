/// The predefined keywords items are tagged with (seed 004 5.2.3.1), in groups a picker shows
/// together. A user may add their own words besides these.
public enum ClosetKeywords {
    public struct Group: Sendable, Hashable {
        public var name: String
        public var keywords: [String]
    }

    /// Colours have their own field on an item (and are suggested from its photo); seasons too.
    public static let colors = [
        "black", "white", "grey", "beige", "brown", "navy", "blue", "light-blue", "green", "olive", "red",
        "burgundy", "pink", "purple", "yellow", "orange", "gold", "silver",
    ]
    public static let seasons = ["spring", "summer", "autumn", "winter", "all-season"]

    public static let groups: [Group] = [
        Group(
            name: "Occasion",
            keywords: [
                "casual", "work", "formal", "party", "sport", "lounge", "travel", "wedding", "date", "outdoor",
            ]),
        Group(
            name: "Material",
            keywords: [
                "cotton", "linen", "wool", "cashmere", "silk", "denim", "leather", "suede", "polyester", "knit",
                "fleece", "velvet",
            ]),
        Group(
            name: "Style",
            keywords: [
                "classic", "minimal", "vintage", "streetwear", "boho", "preppy", "sporty", "elegant", "edgy",
                "romantic",
            ]),
        Group(
            name: "Fit", keywords: ["slim", "regular", "relaxed", "oversized", "cropped", "high-waisted", "tailored"]),
        Group(
            name: "Pattern", keywords: ["plain", "striped", "checked", "floral", "dotted", "printed", "animal-print"]),
        Group(name: "Weather", keywords: ["warm", "light", "waterproof", "windproof", "layering"]),
    ]

    /// Every keyword of every group, colours and seasons included: what the search bar knows.
    public static let all: [String] = groups.flatMap(\.keywords) + colors + seasons
    private static let known = Set(all)

    public static func isKeyword(_ word: String) -> Bool { known.contains(word) }
}

/// The categories a new closet starts with (seed 004 5.2.1.5).
public enum ClosetDefaults {
    public static let categories = [
        "Tops", "Shirts", "Knitwear", "Bottoms", "Dresses", "Outerwear", "Suits", "Activewear", "Sleepwear",
        "Underwear", "Shoes", "Bags", "Accessories", "Jewellery",
    ]
}
