/// The overall mood of a day, 1 (awful) to 5 (rad), with one name, emoji and colour each, used the
/// same way everywhere: lists, calendar, charts.
public enum Mood: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case awful = 1
    case bad = 2
    case meh = 3
    case good = 4
    case rad = 5

    public var name: String {
        switch self {
        case .awful: "awful"
        case .bad: "bad"
        case .meh: "meh"
        case .good: "good"
        case .rad: "rad"
        }
    }

    public var emoji: String {
        switch self {
        case .awful: "😫"
        case .bad: "🙁"
        case .meh: "😐"
        case .good: "🙂"
        case .rad: "😄"
        }
    }

    /// A CSS colour that reads on both light and dark backgrounds.
    public var color: String {
        switch self {
        case .awful: "#d64545"
        case .bad: "#f08c3a"
        case .meh: "#8a94a6"
        case .good: "#5bbf6a"
        case .rad: "#2a9d8f"
        }
    }

    /// The level nearest an average mood, for colouring it.
    public init(nearest average: Double) {
        self = Mood(rawValue: min(5, max(1, Int(average.rounded())))) ?? .meh
    }

    public static func < (lhs: Mood, rhs: Mood) -> Bool { lhs.rawValue < rhs.rawValue }
}
