import DaybookCore
import DaybookMedia
import DaybookStorage
import DaybookTransfer
import Foundation
import Logging

/// Exports (issue 18): everything of one user in one zip, `daybook.json`, CSV files, a Markdown
/// file per journal entry and every photo's original, written in the background with progress.
/// Records are read a page at a time and written out at once, so memory does not grow with the
/// account: the largest thing held is one photo.
public struct ExportService: Sendable {
    let store: any DaybookStore
    let blobs: any BlobStore
    let settings: TransferSettings
    let gate: AsyncSemaphore
    let now: @Sendable () -> Date
    let logger: Logger

    init(
        store: any DaybookStore, blobs: any BlobStore, settings: TransferSettings, gate: AsyncSemaphore,
        now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "daybook.export")
    ) {
        self.store = store
        self.blobs = blobs
        self.settings = settings
        self.gate = gate
        self.now = now
        self.logger = logger
    }

    /// Starts an export of the user's data; its job answers the progress.
    ///
    /// - Throws: `LimitReached` while one of the person's exports is still being written, or
    ///   after `exportsPerDay` in a day: each one zips every photo they have.
    public func start(userID: UUID) async throws -> TransferJob {
        let dayAgo = now().addingTimeInterval(-86_400)
        let recent = try await store.transfers.jobs(userID: userID, kind: .export, limit: settings.exportsPerDay + 1)
            .map { $0.markedStale(now: now()) }
        if recent.contains(where: { $0.status == .running }) {
            throw LimitReached("An export of yours is being written: wait for it to finish.", retryAfterSeconds: 30)
        }
        if recent.filter({ $0.createdAt > dayAgo }).count >= settings.exportsPerDay {
            throw LimitReached(
                "You have made \(settings.exportsPerDay) exports today, the most in a day: download one of them, or try again tomorrow."
            )
        }
        let stamp = LocalDate(now(), in: .gmt)
        let job = TransferJob(
            userID: userID, kind: .export, format: "zip", status: .running, fileName: "daybook-export-\(stamp).zip",
            createdAt: now().roundedToMicroseconds)
        try await store.transfers.insert(job)
        let url = settings.file(of: job)
        let progress = JobProgress(job, store: store.transfers, now: now)
        Task { [self] in
            do {
                let summary = try await gate.withPermit {
                    try await write(userID: userID, to: url) { done, total in
                        await progress.set(done: done, total: total)
                    }
                }
                await progress.finish { job in
                    job.status = .done
                    job.bytes = summary.bytes
                    job.result = try? JSONEncoder().encode(summary)
                }
            } catch {
                logger.error("export failed", metadata: ["error": "\(error)"])
                try? FileManager.default.removeItem(at: url)
                await progress.finish { job in
                    job.status = .failed
                    job.error = "The export could not be written. Try again; if it fails again, tell the operator."
                }
            }
        }
        return job
    }

    /// The user's export (another user's is not found).
    public func job(id: UUID, userID: UUID) async throws -> TransferJob {
        guard let job = try await store.transfers.job(id: id, userID: userID), job.kind == .export else {
            throw TransferError.notFound
        }
        return job.markedStale(now: now())
    }

    /// The user's newest exports.
    public func recent(userID: UUID, limit: Int = 5) async throws -> [TransferJob] {
        try await store.transfers.jobs(userID: userID, kind: .export, limit: limit).map { $0.markedStale(now: now()) }
    }

    /// The finished export's file, for its owner only.
    public func download(id: UUID, userID: UUID) async throws -> (job: TransferJob, url: URL) {
        let job = try await job(id: id, userID: userID)
        guard job.status == .done else { throw TransferError.notReady("The export is not finished yet.") }
        let url = settings.file(of: job)
        guard FileManager.default.fileExists(atPath: url.path) else { throw TransferError.notFound }
        return (job, url)
    }

    /// What an export wrote.
    public struct Summary: Sendable, Codable, Hashable {
        public var days = 0
        public var checkins = 0
        public var journal = 0
        public var photos = 0
        public var bytes = 0
    }

    /// Writes the user's export to `url` (used by the background job and by `daybook export`).
    /// `progress` hears steps done of the total: one per photo and one per page of records.
    public func write(
        userID: UUID, to url: URL, progress: @Sendable (Int, Int) async -> Void = { _, _ in }
    ) async throws -> Summary {
        guard let user = try await store.users.user(id: userID) else { throw TransferError.notFound }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let work = url.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        var summary = Summary()
        let words = try await store.vocabulary.items(userID: userID, kind: nil, includeArchived: true)
        let people = try await store.vocabulary.people(userID: userID, includeArchived: true)
        let media = try await allMedia(userID: userID)
        let names = ExportNames(
            words: Dictionary(words.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
            people: Dictionary(people.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
            photos: Dictionary(
                media.map { ($0.id, ExportNames.photoPath(id: $0.id, format: $0.original.format)) },
                uniquingKeysWith: { first, _ in first }))
        let total = media.count + 4
        var done = 0
        func step() async {
            done += 1
            await progress(done, total)
        }

        let archive = try ExportArchive(url: url)
        let json = try StreamingJSONWriter(url: work.appendingPathComponent("daybook.json"))
        try json.field("format", ExportDocument.format)
        try json.field("version", ExportDocument.version)
        try json.field("exportedAt", now())
        try json.field("profile", ExportedProfile(user, avatar: user.avatarMediaID.flatMap { names.photos[$0] }))
        if let reminders = try await store.reminders.settings(userID: userID) { try json.field("reminders", reminders) }
        try json.field("vocabulary", words.map(ExportedWord.init))
        try json.field("people", people.map(ExportedPerson.init))

        // Days, newest first, a page at a time.
        let daysCSV = try ExportCSVFile(url: work.appendingPathComponent("days.csv"), header: ExportCSVFile.days)
        try json.beginArray("days")
        var before: LocalDate? = nil
        while true {
            let page = try await store.days.entries(userID: userID, before: before, limit: 500)
            for day in page {
                let exported = ExportedDay(day, names: names)
                try json.element(exported)
                try daysCSV.row(ExportCSVFile.fields(exported))
            }
            summary.days += page.count
            guard page.count == 500, let last = page.last else { break }
            before = last.date
        }
        try json.endArray()
        daysCSV.finish()
        await step()

        let checkinsCSV = try ExportCSVFile(
            url: work.appendingPathComponent("checkins.csv"), header: ExportCSVFile.checkins)
        try json.beginArray("checkins")
        var cursor: CheckinCursor? = nil
        while true {
            let page = try await store.checkins.checkins(userID: userID, from: nil, to: nil, after: cursor, limit: 500)
            for checkin in page {
                let exported = ExportedCheckin(checkin, names: names)
                try json.element(exported)
                try checkinsCSV.row(ExportCSVFile.fields(exported))
            }
            summary.checkins += page.count
            guard page.count == 500, let last = page.last else { break }
            cursor = CheckinCursor(after: last)
        }
        try json.endArray()
        checkinsCSV.finish()
        await step()

        let journalCSV = try ExportCSVFile(
            url: work.appendingPathComponent("journal.csv"), header: ExportCSVFile.journal)
        try json.beginArray("journal")
        var journalCursor: PageCursor? = nil
        while true {
            let page = try await store.journal.entries(userID: userID, tag: nil, after: journalCursor, limit: 200)
            for entry in page {
                let exported = ExportedJournalEntry(entry, names: names)
                try json.element(exported)
                try journalCSV.row(ExportCSVFile.fields(exported))
                try archive.add(ExportMarkdown.path(exported), data: Data(ExportMarkdown.text(exported).utf8))
            }
            summary.journal += page.count
            guard page.count == 200, let last = page.last else { break }
            journalCursor = PageCursor(createdAt: last.createdAt, id: last.id)
        }
        try json.endArray()
        journalCSV.finish()
        await step()

        // The closet: in daybook.json, and as a spreadsheet of its items.
        let closetCSV = try ExportCSVFile(url: work.appendingPathComponent("closet.csv"), header: ExportCSVFile.closet)
        if let closet = try await closet(userID: userID, names: names) {
            try json.field("closet", closet)
            for item in closet.items { try closetCSV.row(ExportCSVFile.fields(item)) }
        }
        closetCSV.finish()
        try json.finish()
        await step()

        // Photos: one at a time, as uploaded (already compressed, so stored as they are).
        for record in media {
            guard let path = names.photos[record.id] else { continue }
            if let bytes = try await blobs.getOnce(record.original.key) {
                try archive.add(path, data: bytes, compress: false)
                summary.photos += 1
            } else {
                logger.warning("export: a photo's file is missing", metadata: ["media": "\(record.id)"])
            }
            await step()
        }
        try archive.add("daybook.json", file: work.appendingPathComponent("daybook.json"))
        for name in ["days.csv", "checkins.csv", "journal.csv", "closet.csv"] {
            try archive.add(name, file: work.appendingPathComponent(name))
        }
        try archive.add("README.txt", data: Data(Self.readme.utf8))
        summary.bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return summary
    }

    /// Every photo record of the user (small records; the files are read one at a time later).
    func allMedia(userID: UUID) async throws -> [MediaRecord] {
        var media: [MediaRecord] = []
        var cursor: PageCursor? = nil
        while true {
            let page = try await store.media.list(userID: userID, kind: nil, after: cursor, limit: 1000)
            media += page
            guard page.count == 1000, let last = page.last else { break }
            cursor = PageCursor(after: last)
        }
        return media
    }

    func closet(userID: UUID, names: ExportNames) async throws -> ExportedCloset? {
        let categories = try await store.closet.categories(userID: userID)
        let categoryNames = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var items: [ExportedClosetItem] = []
        for archived in [false, true] {
            var offset = 0
            while true {
                let page = try await store.closet.items(
                    userID: userID, query: ClosetItemQuery(archived: archived, offset: offset, limit: 500))
                items += page.map { ExportedClosetItem($0, category: categoryNames[$0.categoryID] ?? "", names: names) }
                offset += page.count
                if page.count < 500 { break }
            }
        }
        var outfits: [ExportedOutfit] = []
        var offset = 0
        while true {
            let page = try await store.closet.outfits(userID: userID, offset: offset, limit: 500)
            outfits += page.map { ExportedOutfit($0, names: names) }
            offset += page.count
            if page.count < 500 { break }
        }
        let days = try await store.closet.days(
            userID: userID, from: LocalDate.earliest, to: LocalDate.latest)
        guard !items.isEmpty || !outfits.isEmpty || !days.isEmpty else { return nil }
        return ExportedCloset(
            categories: categories.map(\.name), items: items, outfits: outfits,
            outfitDays: days.map(ExportedOutfitDay.init))
    }

    static let readme = """
        Your Daybook export.

        daybook.json    everything, in Daybook's export format (docs/export-format.md); Daybook imports it
        days.csv        one row per day: mood, activities, notes
        checkins.csv    one row per check-in
        journal.csv     one row per journal entry
        journal/        one Markdown file per journal entry, with front matter
        closet.csv      one row per closet item (outfits and the outfit calendar are in daybook.json)
        photos/         every photo as you uploaded it, less its place (GPS), serial numbers, owner
                        name, maker notes and XMP, which were removed on upload

        """
}

extension ExportService {
    /// Forgets exports and imports (both are transfer jobs) last touched longer ago than
    /// `keepFor`, with their files, and files nobody refers to any more (an upload cut off, a job
    /// of a deleted account).
    public func cleanUpTransfers() async throws {
        let cutoff = now().addingTimeInterval(-settings.keepFor)
        for job in try await store.transfers.deleteJobs(updatedBefore: cutoff) {
            try? FileManager.default.removeItem(at: settings.file(of: job))
        }
        let files =
            (try? FileManager.default.contentsOfDirectory(
                at: settings.directory, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        for file in files {
            let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
            if let modified, modified < cutoff { try? FileManager.default.removeItem(at: file) }
        }
    }
}
