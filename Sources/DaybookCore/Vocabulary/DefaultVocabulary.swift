/// One built-in feeling or activity: a name and the emoji that stands for it.
public struct DefaultWord: Sendable, Hashable {
    public let name: String
    public let emoji: String

    public init(name: String, emoji: String) {
        self.name = name
        self.emoji = emoji
    }
}

/// The words every new user starts with (seeds 000, 002), in picker order. Users can rename,
/// re-emoji or archive them afterwards; their copies are `VocabularyItem`s, so changing this list
/// never changes an existing user's words.
public enum DefaultVocabulary {
    /// Pleasant feelings first, then the hard ones, as a mood picker usually reads.
    public static let feelings: [DefaultWord] = [
        DefaultWord(name: "happy", emoji: "😊"),
        DefaultWord(name: "calm", emoji: "😌"),
        DefaultWord(name: "grateful", emoji: "🙏"),
        DefaultWord(name: "excited", emoji: "🤩"),
        DefaultWord(name: "proud", emoji: "🦁"),
        DefaultWord(name: "loved", emoji: "🥰"),
        DefaultWord(name: "hopeful", emoji: "🌱"),
        DefaultWord(name: "content", emoji: "🙂"),
        DefaultWord(name: "relaxed", emoji: "🛋️"),
        DefaultWord(name: "motivated", emoji: "💪"),
        DefaultWord(name: "tired", emoji: "😴"),
        DefaultWord(name: "anxious", emoji: "😰"),
        DefaultWord(name: "sad", emoji: "😢"),
        DefaultWord(name: "angry", emoji: "😠"),
        DefaultWord(name: "stressed", emoji: "😫"),
        DefaultWord(name: "lonely", emoji: "🥺"),
        DefaultWord(name: "bored", emoji: "🥱"),
        DefaultWord(name: "frustrated", emoji: "😤"),
        DefaultWord(name: "overwhelmed", emoji: "🤯"),
        DefaultWord(name: "confused", emoji: "😕"),
    ]

    /// Everyday things people do, roughly from most to least frequent.
    public static let activities: [DefaultWord] = [
        DefaultWord(name: "work", emoji: "💼"),
        DefaultWord(name: "study", emoji: "📚"),
        DefaultWord(name: "exercise", emoji: "🏋️"),
        DefaultWord(name: "walk", emoji: "🚶"),
        DefaultWord(name: "reading", emoji: "📖"),
        DefaultWord(name: "gaming", emoji: "🎮"),
        DefaultWord(name: "friends", emoji: "🧑‍🤝‍🧑"),
        DefaultWord(name: "family", emoji: "👨‍👩‍👧"),
        DefaultWord(name: "date", emoji: "💕"),
        DefaultWord(name: "shopping", emoji: "🛍️"),
        DefaultWord(name: "cooking", emoji: "🍳"),
        DefaultWord(name: "cleaning", emoji: "🧹"),
        DefaultWord(name: "movies", emoji: "🎬"),
        DefaultWord(name: "music", emoji: "🎵"),
        DefaultWord(name: "nature", emoji: "🌳"),
        DefaultWord(name: "travel", emoji: "✈️"),
        DefaultWord(name: "good meal", emoji: "🍽️"),
        DefaultWord(name: "good sleep", emoji: "🛌"),
        DefaultWord(name: "meditation", emoji: "🧘"),
        DefaultWord(name: "sport", emoji: "⚽"),
        DefaultWord(name: "party", emoji: "🎉"),
        DefaultWord(name: "relax", emoji: "☕"),
        DefaultWord(name: "hobby", emoji: "🎨"),
        DefaultWord(name: "commute", emoji: "🚌"),
    ]
}
