import DaybookStorage
import DaybookTransfer
import Foundation

/// What an import found and what running it will do (issue 18), shown before anything is written.
public struct ImportPreview: Sendable, Codable, Hashable {
    public struct Counts: Sendable, Codable, Hashable {
        public var days = 0
        public var checkins = 0
        public var journal = 0
        public var photos = 0
        public var words = 0
        public var people = 0
        /// Moments with a mood (Daylio entries, Journiv mood logs).
        public var moments = 0
        public var closetItems = 0
        public var outfits = 0
        public var outfitDays = 0
    }

    public var kind: ImportKind
    public var fileName: String
    /// In the file.
    public var found: Counts
    /// What running will add (with the suggested mood mapping).
    public var adds: Counts
    /// Records imported before, which are skipped.
    public var alreadyImported: Int
    /// Days the file has that the account has already: the account's are kept.
    public var daysKept: Int
    /// The same for the outfit calendar's days.
    public var outfitDaysKept: Int?
    public var firstDate: String?
    public var lastDate: String?
    /// The mood names the file uses, which the user maps to 1–5 before running.
    public var moodNames: [String]
    public var suggestedMoods: [String: Int]
    /// What will happen, in sentences.
    public var notes: [String]
    /// The first problems (with line numbers where the file has lines), and how many there are.
    public var problems: [ImportProblem]
    public var problemCount: Int
}

/// What an import wrote.
public struct ImportResult: Sendable, Codable, Hashable {
    public var added: ImportPreview.Counts
    /// Imported before, or a day that was taken meanwhile.
    public var skipped: Int
    public var problems: [ImportProblem]
}
