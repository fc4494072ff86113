import DaybookCore
import DaybookStorage
import DaybookTestSupport
import Foundation
import Testing

@Suite("TransferStore conformance")
struct TransferStoreTests {
    /// An import is one transaction: when a record fails half-way (here a second entry with the
    /// first one's id), nothing of it is kept: not the day before it, not the marks.
    @Test(arguments: TestDatabase.available)
    func anImportThatFailsHalfWayLeavesNothing(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let entry = JournalEntry(
                userID: anna.id, title: "one", body: "x", date: date("2023-01-02"), createdAt: time(1))
            var clash = entry
            clash.title = "two"
            let write = ImportWrite(
                userID: anna.id,
                words: [
                    VocabularyItem(userID: anna.id, kind: .activity, name: "kayak", emoji: "🛶", createdAt: time(0))
                ],
                days: [Marked(mark: "m-day", record: DayEntry(userID: anna.id, date: date("2023-01-01"), mood: .good))],
                journal: [Marked(mark: "m-one", record: entry), Marked(mark: "m-two", record: clash)])
            await #expect(throws: (any Error).self) { try await store.transfers.apply(write) }
            #expect(try await store.days.entry(userID: anna.id, date: date("2023-01-01")) == nil)
            #expect(try await store.journal.entry(id: entry.id, userID: anna.id) == nil)
            #expect(try await store.transfers.imported(userID: anna.id, marks: ["m-day", "m-one", "m-two"]).isEmpty)
            let words = try await store.vocabulary.items(userID: anna.id, kind: .activity, includeArchived: true)
            #expect(!words.contains { $0.name == "kayak" })

            // The same write without the clash goes in whole, once.
            var fixed = write
            fixed.journal.removeLast()
            let written = try await store.transfers.apply(fixed)
            #expect(written.days == 1 && written.journal == 1 && written.words == 1 && written.skipped == 0)
            fixed.words = []
            let again = try await store.transfers.apply(fixed)
            #expect(again.days == 0 && again.journal == 0 && again.skipped == 2)
            #expect(again.skippedMarks == ["m-day", "m-one"])
            #expect(
                try await store.transfers.imported(userID: anna.id, marks: ["m-day", "m-one", "m-x"]) == [
                    "m-day", "m-one",
                ])
            let bert = try await addUser(store, "bert")
            #expect(try await store.transfers.imported(userID: bert.id, marks: ["m-day"]).isEmpty, "marks are per user")
        }
    }

    @Test(arguments: TestDatabase.available)
    func jobsAreTheirOwnersAndForgottenWhenOld(_ database: TestDatabase) async throws {
        try await withStore(database) { store in
            let anna = try await addUser(store, "anna")
            let bert = try await addUser(store, "bert")
            var job = TransferJob(
                userID: anna.id, kind: .import, format: "daylio-csv", status: .previewed, fileName: "d.csv",
                bytes: 10, preview: Data("{}".utf8), createdAt: time(0))
            try await store.transfers.insert(job)
            #expect(try await store.transfers.job(id: job.id, userID: bert.id) == nil)
            job.status = .done
            job.done = 3
            job.total = 3
            job.result = Data("{\"days\":1}".utf8)
            job.updatedAt = time(10)
            try await store.transfers.update(job)
            #expect(try await store.transfers.job(id: job.id, userID: anna.id) == job)
            #expect(try await store.transfers.jobs(userID: anna.id, kind: .import, limit: 5) == [job])
            #expect(try await store.transfers.jobs(userID: anna.id, kind: .export, limit: 5).isEmpty)
            #expect(try await store.transfers.deleteJobs(updatedBefore: time(5)).isEmpty)
            #expect(try await store.transfers.deleteJobs(updatedBefore: time(11)).map(\.id) == [job.id])
            #expect(try await store.transfers.job(id: job.id, userID: anna.id) == nil)
        }
    }
}
