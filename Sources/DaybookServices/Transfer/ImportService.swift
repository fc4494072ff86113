import DaybookCore
import DaybookMedia
import DaybookStorage
import DaybookTransfer
import Foundation
import Logging

/// Imports (issue 18): a file is received to the disk (bounded), read and previewed without
/// writing anything; when its owner confirms (with the mood mapping), it runs in the background:
/// photos through the photo pipeline first, then every record in one transaction, so a file that
/// fails half-way leaves nothing behind. Every record keeps a mark of its source: importing the
/// same file again adds nothing.
public struct ImportService: Sendable {
    let store: any DaybookStore
    let media: MediaService
    let settings: TransferSettings
    let gate: AsyncSemaphore
    let now: @Sendable () -> Date
    let logger: Logger

    init(
        store: any DaybookStore, media: MediaService, settings: TransferSettings, gate: AsyncSemaphore,
        now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "daybook.import")
    ) {
        self.store = store
        self.media = media
        self.settings = settings
        self.gate = gate
        self.now = now
        self.logger = logger
    }

    public var limits: ImportLimits { settings.limits }

    /// A place on the disk for an upload, which refuses more than the import limit.
    public func receive() throws -> ImportUpload {
        try ImportUpload(directory: settings.directory, limit: settings.limits.fileBytes)
    }

    /// Reads the received file and keeps its preview as a new job. Throws `ImportFileError` (the
    /// file cannot be imported: nothing is kept) or `ValidationError` (no file name or kind).
    public func preview(userID: UUID, kind: ImportKind, fileName: String, upload: ImportUpload) async throws
        -> (TransferJob, ImportPreview)
    {
        let (url, bytes) = try upload.finish()
        let waiting = try await store.transfers.jobs(userID: userID, kind: .import, limit: settings.keptImports + 1)
            .filter { $0.status == .previewed }
        guard waiting.count < settings.keptImports else {
            try? FileManager.default.removeItem(at: url)
            throw LimitReached(
                "You have \(waiting.count) imports waiting to be started: start one of them first (one not started is dropped after a week).",
                retryAfterSeconds: 600)
        }
        var job = TransferJob(
            userID: userID, kind: .import, format: kind.rawValue, status: .previewed,
            fileName: String(fileName.prefix(200)), bytes: bytes, createdAt: now().roundedToMicroseconds)
        let kept = settings.file(of: job)
        do {
            try FileManager.default.moveItem(at: url, to: kept)
            // A preview reads the whole file, as a run does: under the same gate.
            let preview = try await gate.withPermit { try await makePreview(job, file: kept) }
            job.preview = try JSONEncoder().encode(preview)
            try await store.transfers.insert(job)
            return (job, preview)
        } catch {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: kept)
            throw error
        }
    }

    func makePreview(_ job: TransferJob, file: URL) async throws -> ImportPreview {
        let (bundle, planner) = try await plan(job, file: file, moodMapping: nil)
        let write = planner.write
        let problems = bundle.problems + planner.problems
        var found = ImportPreview.Counts()
        found.days = bundle.days.count
        found.checkins = bundle.checkins.count
        found.journal = bundle.journal.count
        found.moments = bundle.moments.count
        found.photos = bundle.photoCount
        found.closetItems = bundle.closet.items.count
        found.outfits = bundle.closet.outfits.count
        found.outfitDays = bundle.closet.days.count
        var adds = ImportPreview.Counts()
        adds.days = write.days.count
        adds.checkins = write.checkins.count
        adds.journal = write.journal.count
        adds.photos = planner.photos.count
        adds.words = write.words.count
        adds.people = write.people.count
        adds.closetItems = write.closetItems.count
        adds.outfits = write.outfits.count
        adds.outfitDays = write.outfitDays.count
        var notes: [String] = []
        if !bundle.moments.isEmpty {
            notes.append(
                "\(ImportKindText.source(bundle.kind)) keeps a mood per entry; Daybook keeps one per day. The first entry of a day becomes the day's mood, activities and note; the day's later entries become check-ins, with a feeling named after their mood."
            )
        }
        if bundle.moments.contains(where: { !$0.photos.isEmpty }) {
            notes.append("Entries with photos also become journal entries of their day, with the photos.")
        }
        if !bundle.journal.isEmpty {
            notes.append(
                "Journal text becomes journal entries dated as in the file, private unless the file says otherwise.")
        }
        if !bundle.closet.isEmpty {
            notes.append(
                "The closet comes with its photos, outfits and outfit calendar; categories are matched by name, and new ones are added after yours."
            )
        }
        if planner.outfitDaysKept > 0 {
            notes.append(
                "\(planner.outfitDaysKept) date(s) of the file's outfit calendar have clothes in yours already: yours are kept."
            )
        }
        if planner.daysKept > 0 {
            notes.append(
                "\(planner.daysKept) day(s) of the file already have an entry in Daybook: those are kept as they are.")
        }
        if planner.alreadyImported > 0 {
            notes.append("\(planner.alreadyImported) record(s) were imported before and are skipped.")
        }
        let range = bundle.dateRange
        return ImportPreview(
            kind: bundle.kind, fileName: job.fileName, found: found, adds: adds,
            alreadyImported: planner.alreadyImported,
            daysKept: planner.daysKept, outfitDaysKept: planner.outfitDaysKept, firstDate: range?.lowerBound.description,
            lastDate: range?.upperBound.description, moodNames: bundle.moodNames,
            suggestedMoods: bundle.suggestedMoods, notes: notes, problems: Array(problems.prefix(200)),
            problemCount: problems.count)
    }

    /// The user's import (another user's is not found).
    public func job(id: UUID, userID: UUID) async throws -> TransferJob {
        guard let job = try await store.transfers.job(id: id, userID: userID), job.kind == .import else {
            throw TransferError.notFound
        }
        return job.markedStale(now: now())
    }

    public func recent(userID: UUID, limit: Int = 5) async throws -> [TransferJob] {
        try await store.transfers.jobs(userID: userID, kind: .import, limit: limit).map { $0.markedStale(now: now()) }
    }

    /// Starts a previewed import with the user's mood mapping (every mood name the file uses, to
    /// 1–5). Throws `ValidationError` naming `moodMapping.<name>` for a missing or wrong value.
    public func run(id: UUID, userID: UUID, moodMapping: [String: Int]) async throws -> TransferJob {
        var job = try await job(id: id, userID: userID)
        guard job.status == .previewed else {
            throw TransferError.notReady(
                job.status == .running ? "The import is running already." : "The import has run already.")
        }
        let preview = try job.preview.map { try JSONDecoder().decode(ImportPreview.self, from: $0) }
        var errors: [FieldError] = []
        for name in preview?.moodNames ?? [] {
            guard let value = moodMapping[name], (1...5).contains(value) else {
                errors.append(
                    FieldError(
                        field: "moodMapping.\(name)", code: "required",
                        message: "Choose what “\(name)” means, from 1 (awful) to 5 (rad)."))
                continue
            }
        }
        guard errors.isEmpty else { throw ValidationError(errors) }
        job.status = .running
        job.done = 0
        job.total = 1
        job.updatedAt = now().roundedToMicroseconds
        try await store.transfers.update(job)
        let progress = JobProgress(job, store: store.transfers, now: now)
        let file = settings.file(of: job)
        Task { [self, job] in
            do {
                let result = try await gate.withPermit {
                    try await perform(job, file: file, moodMapping: moodMapping, progress: progress)
                }
                await progress.finish { job in
                    job.status = .done
                    job.result = try? JSONEncoder().encode(result)
                }
            } catch {
                let message =
                    (error as? ImportFileError)?.message
                    ?? "The import stopped and nothing of it was kept. Try again; if it fails again, tell the operator."
                logger.error("import failed", metadata: ["error": "\(error)"])
                await progress.finish { job in
                    job.status = .failed
                    job.error = message
                }
            }
            try? FileManager.default.removeItem(at: file)
        }
        return job
    }

    /// Runs an import: photos, then every record in one transaction.
    func perform(_ job: TransferJob, file: URL, moodMapping: [String: Int], progress: JobProgress) async throws
        -> ImportResult
    {
        let (bundle, planner) = try await plan(job, file: file, moodMapping: moodMapping)
        var problems = bundle.problems + planner.problems
        let total = planner.photos.count + 1
        await progress.set(done: 0, total: total)

        var uploaded: [UUID: UUID] = [:]
        do {
            if !planner.photos.isEmpty {
                let archive = try SafeArchive(url: file, limits: settings.limits)
                for (index, photo) in planner.photos.enumerated() {
                    do {
                        let bytes = try archive.photo(photo.path)
                        let record = try await media.upload(userID: job.userID, data: bytes, kind: .photo)
                        uploaded[photo.placeholder] = record.id
                    } catch ImageProcessingError.storageFull {
                        throw ImportFileError("Your photo storage is full: the import needs room for its photos.")
                    } catch let error as ImportFileError {
                        problems.append(ImportProblem(message: "\(error.message) The photo is left out."))
                    } catch is ImageProcessingError {
                        problems.append(
                            ImportProblem(
                                message: "\(photo.path.prefix(100)) is not a photo Daybook reads; it is left out."))
                    }
                    await progress.set(done: index + 1, total: total)
                }
            }
            let write = planner.write.replacingPhotos(uploaded)
            let written = try await store.transfers.apply(write)
            // Photos of records skipped (imported meanwhile by another run, a date taken
            // meanwhile) are nobody's: delete them.
            let orphaned = Set(write.photoIDs(of: written.skippedMarks))
            for id in orphaned { try? await media.release(userID: job.userID, id: id) }
            var added = ImportPreview.Counts()
            added.days = written.days
            added.checkins = written.checkins
            added.journal = written.journal
            added.photos = uploaded.count - orphaned.count
            added.words = written.words
            added.people = written.people
            added.closetItems = written.closetItems
            added.outfits = written.outfits
            added.outfitDays = written.outfitDays
            return ImportResult(
                added: added, skipped: written.skipped + planner.alreadyImported,
                problems: Array(problems.prefix(200)))
        } catch {
            // All or nothing: the records were not written, so the photos go too.
            for id in uploaded.values { try? await media.delete(userID: job.userID, id: id) }
            throw error
        }
    }

    /// Reads a file within the time budget, on a thread of its own (see `BackgroundThread`):
    /// previews and runs alike, each holding one of the gate's permits while it reads.
    func read(kind: ImportKind, file: URL, timeZone: TimeZone) async throws -> ImportBundle {
        var limits = settings.limits
        limits.deadline = Date().addingTimeInterval(settings.readSeconds)
        return try await BackgroundThread.run(name: "daybook-import-read") { [limits] in
            try ImportReader.read(kind: kind, file: file, timeZone: timeZone, limits: limits)
        }
    }

    /// Reads the job's file and plans it against the account as it is now (the preview with the
    /// suggested mood mapping when `moodMapping` is nil). A first plan tells which marks the file's
    /// records carry, however they were split; the store says which of those were imported
    /// before; the second plan skips them.
    func plan(_ job: TransferJob, file: URL, moodMapping: [String: Int]?) async throws
        -> (ImportBundle, ImportPlanner)
    {
        guard let user = try await store.users.user(id: job.userID), let kind = ImportKind(rawValue: job.format)
        else { throw TransferError.notFound }
        let bundle = try await read(kind: kind, file: file, timeZone: user.zone)
        let mapping = moodMapping ?? bundle.suggestedMoods
        var context = try await context(userID: job.userID, bundle: bundle, timeZone: user.zone)
        var marks = ImportPlanner(context: context, moodMapping: mapping, now: now())
        marks.plan(bundle)
        let considered = Array(marks.considered)
        for start in stride(from: 0, to: considered.count, by: 1000) {
            context.imported.formUnion(
                try await store.transfers.imported(
                    userID: job.userID, marks: Array(considered[start..<min(considered.count, start + 1000)])))
        }
        var planner = ImportPlanner(context: context, moodMapping: mapping, now: now())
        planner.plan(bundle)
        return (bundle, planner)
    }

    /// The account's words, people and days in the file's range (nothing imported yet).
    func context(userID: UUID, bundle: ImportBundle, timeZone: TimeZone) async throws -> ImportContext {
        var taken: Set<LocalDate> = []
        if let range = bundle.dateRange {
            taken = Set(
                try await store.days.entries(userID: userID, from: range.lowerBound, to: range.upperBound).map(\.date))
        }
        return ImportContext(
            userID: userID, words: try await store.vocabulary.items(userID: userID, kind: nil, includeArchived: true),
            people: try await store.vocabulary.people(userID: userID, includeArchived: true), takenDays: taken,
            imported: [], closet: try await closetContext(userID: userID, closet: bundle.closet, timeZone: timeZone))
    }

    /// The account's categories, item and outfit ids, and calendar dates in the file's range.
    func closetContext(userID: UUID, closet: ImportedCloset, timeZone: TimeZone) async throws
        -> ClosetImportContext
    {
        var context = ClosetImportContext(today: LocalDate.today(in: timeZone, now: now()))
        guard !closet.isEmpty || !closet.categories.isEmpty else { return context }
        context.categories = try await store.closet.categories(userID: userID)
        for archived in [false, true] {
            var offset = 0
            while true {
                let page = try await store.closet.items(
                    userID: userID, query: ClosetItemQuery(archived: archived, offset: offset, limit: 500))
                context.itemIDs.formUnion(page.map(\.id))
                guard page.count == 500 else { break }
                offset += 500
            }
        }
        var offset = 0
        while true {
            let page = try await store.closet.outfits(userID: userID, offset: offset, limit: 500)
            context.outfitIDs.formUnion(page.map(\.id))
            guard page.count == 500 else { break }
            offset += 500
        }
        if let first = closet.days.map(\.date).min(), let last = closet.days.map(\.date).max() {
            context.takenDates = Set(try await store.closet.days(userID: userID, from: first, to: last).map(\.date))
        }
        return context
    }
}

enum ImportKindText {
    static func source(_ kind: ImportKind) -> String {
        switch kind {
        case .daybook: "Daybook"
        case .daylioCSV, .daylioBackup: "Daylio"
        case .dayOne: "Day One"
        case .journiv: "Journiv"
        }
    }
}

/// An upload being written to the disk, refused past its limit (a 2 GB file never fills the disk).
public final class ImportUpload: @unchecked Sendable {
    let url: URL
    let handle: FileHandle
    let limit: Int
    public private(set) var bytes = 0

    init(directory: URL, limit: Int) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent("incoming-\(UUID().lowercasedString)")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
        self.limit = limit
    }

    /// Appends a chunk; throws `ImportFileError.tooLarge` (and deletes what came) past the limit.
    public func append(_ chunk: some Sequence<UInt8>) throws {
        let data = Data(chunk)
        bytes += data.count
        guard bytes <= limit else {
            discard()
            throw ImportFileError.tooLarge(limit: limit)
        }
        try handle.write(contentsOf: data)
    }

    /// Refuses a declared length past the limit before reading anything.
    public func expect(length: Int?) throws {
        if let length, length > limit {
            discard()
            throw ImportFileError.tooLarge(limit: limit)
        }
    }

    func finish() throws -> (URL, Int) {
        try handle.close()
        return (url, bytes)
    }

    /// Deletes what was received (a refused or abandoned upload).
    public func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
