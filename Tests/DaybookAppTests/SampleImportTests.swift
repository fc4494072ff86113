import DaybookCore
import DaybookServices
import DaybookStorage
import DaybookTestSupport
import DaybookTransfer
import Foundation
import Testing

/// Every real export file in `shared/import-samples`, imported as a person would (preview, then
/// run with the suggested mood mapping) into a new account in Europe/Berlin: what lands in the
/// database is what the file holds (issue 61). The readers' own counts are held to the files'
/// README by `RealSampleTests`. Skipped, saying so, where the folder is absent.
@Suite("Real export files, imported")
struct SampleImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/import-samples")
    static let available = FileManager.default.fileExists(atPath: folder.path)

    static let samples: [(ImportKind, String)] = [
        (.daylioCSV, "daylio-csv/kije_daylio_export.csv"), (.daylioCSV, "daylio-csv/zhafen_daylio_export.csv"),
        (.daylioCSV, "daylio-csv/noamelf_daylio_export.csv"), (.daylioCSV, "daylio-csv/kplich_daylio_export.csv"),
        (.daylioCSV, "daylio-csv/deutschegabanna_ok_scales.csv"), (.daylioCSV, "daylio-csv/deutschegabanna_ok.csv"),
        (.daylioCSV, "daylio-csv/deutschegabanna_escaped_characters.csv"),
        (.daylioCSV, "daylio-csv/staticf0x_test_data.csv"), (.daylioCSV, "daylio-csv/michaelcurrin_sample.csv"),
        (.daylioCSV, "daylio-csv/michaelcurrin_sample_multiple_moods.csv"),
        (.daylioBackup, "daylio-backup/guekka_official_english.daylio"),
        (.daylioBackup, "daylio-backup/guekka_old.daylio"), (.daylioBackup, "daylio-backup/guekka_new.daylio"),
        (.dayOne, "dayone/marcdonald_dev_journal.zip"), (.journiv, "journiv/journiv_0.1.0-beta.11_export.zip"),
    ]

    @Test(
        .enabled(if: available, "shared/import-samples is absent: the real export files are not here"),
        arguments: samples.map { "\($0.0.rawValue) \($0.1)" })
    func importsWhatTheFileHolds(sample: String) async throws {
        let (kindText, path) = (String(sample.split(separator: " ")[0]), String(sample.split(separator: " ", maxSplits: 1)[1]))
        let kind = try #require(ImportKind(rawValue: kindText))
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let file = Self.folder.appendingPathComponent(path)
        let bundle = try ImportReader.read(kind: kind, file: file, timeZone: zone, limits: ImportLimits())
        // What the file holds, in Daybook's terms: a day per date with a mood (its first entry),
        // the date's later entries as check-ins, journal entries as they are.
        let days = Set(bundle.moments.map(\.date)).union(bundle.days.map(\.date)).count
        let checkins = bundle.moments.count - Set(bundle.moments.map(\.date)).count + bundle.checkins.count
        let journal = bundle.journal.count + bundle.moments.filter { !$0.photos.isEmpty }.count
        try await TestDatabase.sqlite.withStore { store in
            let services = Services(store: store, hasher: PasswordHasher(cost: 4))
            let issued = try await services.accounts.register(
                Registration(email: "s@example.org", username: "sample", password: "right password 123",
                    timeZone: "Europe/Berlin"),
                kind: .web, persistent: false, client: ClientInfo(ipAddress: "192.0.2.9", deviceName: "t"))
            let userID = issued.user.id
            let upload = try services.imports.receive()
            try upload.append(Array(try Data(contentsOf: file)))
            let (job, preview) = try await services.imports.preview(
                userID: userID, kind: kind, fileName: file.lastPathComponent, upload: upload)
            #expect(preview.adds.days == days && preview.adds.checkins == checkins && preview.adds.journal == journal)
            var mapping: [String: Int] = [:]
            for name in preview.moodNames { mapping[name] = preview.suggestedMoods[name] ?? 3 }
            _ = try await services.imports.run(id: job.id, userID: userID, moodMapping: mapping)
            var finished = try await services.imports.job(id: job.id, userID: userID)
            for _ in 0..<600 where finished.status == .running {
                try await Task.sleep(for: .milliseconds(50))
                finished = try await services.imports.job(id: job.id, userID: userID)
            }
            #expect(finished.status == .done, "\(finished.error ?? "")")
            let result = try #require(finished.result.flatMap { try? JSONDecoder().decode(ImportResult.self, from: $0) })
            #expect(result.added.days == days)
            #expect(result.added.checkins == checkins)
            #expect(result.added.journal == journal)
            let stored = try await store.days.entries(userID: userID, before: nil, limit: 5_000)
            #expect(stored.count == days)
            print(
                "SAMPLE \(path): file \(bundle.moments.count + bundle.journal.count) records → days \(days), check-ins \(checkins), journal \(journal), photos \(bundle.photoCount); imported days \(result.added.days), check-ins \(result.added.checkins), journal \(result.added.journal), photos \(result.added.photos); \(result.problems.count) problem(s)"
            )
        }
    }
}
