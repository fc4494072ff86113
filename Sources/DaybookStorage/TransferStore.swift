import DaybookCore
import Foundation

/// An export or an import (issue 18), kept in the database so that any app server can answer
/// its progress and its owner can come back to it.
public struct TransferJob: Sendable, Hashable, Identifiable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case export
        case `import`
    }

    public enum Status: String, Sendable, Hashable, Codable {
        /// An import read and shown to its owner, waiting for the go-ahead.
        case previewed
        case running
        case done
        case failed
    }

    public var id: UUID
    public var userID: UUID
    public var kind: Kind
    /// `zip` for an export; the import's format (`daylio-csv`, …).
    public var format: String
    public var status: Status
    /// Steps done of `total` (photos, then the records as one step).
    public var done: Int
    public var total: Int
    /// The uploaded file's name, or the export's.
    public var fileName: String
    /// The file's size in bytes.
    public var bytes: Int
    /// JSON: an import's preview; an export's or import's result when done.
    public var preview: Data?
    public var result: Data?
    /// Why it failed, in words for its owner (never a secret, never a stack).
    public var error: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID = .timeOrdered(), userID: UUID, kind: Kind, format: String, status: Status, done: Int = 0, total: Int = 0,
        fileName: String, bytes: Int = 0, preview: Data? = nil, result: Data? = nil, error: String? = nil,
        createdAt: Date, updatedAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.format = format
        self.status = status
        self.done = done
        self.total = total
        self.fileName = fileName
        self.bytes = bytes
        self.preview = preview
        self.result = result
        self.error = error
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    /// 0…100.
    public var percent: Int {
        if status == .done { return 100 }
        return total > 0 ? min(100, done * 100 / total) : 0
    }
}

/// A record to import with the mark that says where it came from: a mark already kept means the
/// record was imported before, and it is skipped (importing the same file twice adds nothing).
public struct Marked<Record: Sendable>: Sendable {
    public var mark: String
    public var record: Record

    public init(mark: String, record: Record) {
        self.mark = mark
        self.record = record
    }
}

/// Everything one import writes, in one transaction: all of it or nothing.
public struct ImportWrite: Sendable {
    public var userID: UUID
    /// Feelings and activities the account does not have yet.
    public var words: [VocabularyItem]
    public var people: [Person]
    /// Inserted only where the account has no entry for the date.
    public var days: [Marked<DayEntry>]
    public var checkins: [Marked<Checkin>]
    public var journal: [Marked<JournalEntry>]
    /// Closet categories the account does not have yet.
    public var closetCategories: [ClosetCategory]
    public var closetItems: [Marked<ClosetItem>]
    /// Their items are the account's or among `closetItems`.
    public var outfits: [Marked<Outfit>]
    /// Inserted only where the account's outfit calendar has nothing for the date.
    public var outfitDays: [Marked<OutfitDay>]

    public init(
        userID: UUID, words: [VocabularyItem] = [], people: [Person] = [], days: [Marked<DayEntry>] = [],
        checkins: [Marked<Checkin>] = [], journal: [Marked<JournalEntry>] = [],
        closetCategories: [ClosetCategory] = [], closetItems: [Marked<ClosetItem>] = [],
        outfits: [Marked<Outfit>] = [], outfitDays: [Marked<OutfitDay>] = []
    ) {
        self.userID = userID
        self.words = words
        self.people = people
        self.days = days
        self.checkins = checkins
        self.journal = journal
        self.closetCategories = closetCategories
        self.closetItems = closetItems
        self.outfits = outfits
        self.outfitDays = outfitDays
    }

    /// The photos of the records with these marks (records skipped: their photos were uploaded
    /// for nothing).
    public func photoIDs(of marks: Set<String>) -> [UUID] {
        guard !marks.isEmpty else { return [] }
        return days.filter { marks.contains($0.mark) }.compactMap(\.record.photoID)
            + journal.filter { marks.contains($0.mark) }.flatMap(\.record.photoIDs)
            + closetItems.filter { marks.contains($0.mark) }.compactMap(\.record.photoID)
            + outfits.filter { marks.contains($0.mark) }.compactMap(\.record.photoID)
    }
}

/// What an import wrote.
public struct ImportWritten: Sendable, Hashable, Codable {
    public var days = 0
    public var checkins = 0
    public var journal = 0
    public var words = 0
    public var people = 0
    public var closetItems = 0
    public var outfits = 0
    public var outfitDays = 0
    /// Records skipped: imported before (their mark was kept), or a day taken meanwhile.
    public var skipped = 0
    /// The marks of the records skipped.
    public var skippedMarks: Set<String> = []

    public init() {}
}

public protocol TransferStore: Sendable {
    func insert(_ job: TransferJob) async throws
    /// The job if it is this user's.
    func job(id: UUID, userID: UUID) async throws -> TransferJob?
    /// Saves status, progress, preview, result, error and `updatedAt`.
    func update(_ job: TransferJob) async throws
    /// The user's newest jobs of a kind.
    func jobs(userID: UUID, kind: TransferJob.Kind, limit: Int) async throws -> [TransferJob]
    /// Deletes jobs last touched before `before` and returns them (their files go too).
    func deleteJobs(updatedBefore before: Date) async throws -> [TransferJob]
    /// Which of these marks this user has imported already.
    func imported(userID: UUID, marks: [String]) async throws -> Set<String>
    /// Writes an import in one transaction.
    func apply(_ write: ImportWrite) async throws -> ImportWritten
}
