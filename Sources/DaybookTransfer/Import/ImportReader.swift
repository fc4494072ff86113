import Foundation

/// Reads any supported file into a bundle: the one door the import service uses.
public enum ImportReader {
    public static func read(kind: ImportKind, file: URL, timeZone: TimeZone, limits: ImportLimits) throws
        -> ImportBundle
    {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        guard size <= limits.fileBytes else { throw ImportFileError.tooLarge(limit: limits.fileBytes) }
        guard size > 0 else { throw ImportFileError("The file is empty.") }
        let bundle: ImportBundle
        switch kind {
        case .daylioCSV:
            guard size <= limits.documentBytes else { throw ImportFileError.tooLarge(limit: limits.documentBytes) }
            bundle = try DaylioCSVReader.read(try Data(contentsOf: file), timeZone: timeZone, limits: limits)
        case .daybook: bundle = try DaybookExportReader.read(try SafeArchive(url: file, limits: limits))
        case .daylioBackup:
            bundle = try DaylioBackupReader.read(try SafeArchive(url: file, limits: limits), timeZone: timeZone)
        case .dayOne: bundle = try DayOneReader.read(try SafeArchive(url: file, limits: limits))
        case .journiv: bundle = try JournivReader.read(try SafeArchive(url: file, limits: limits))
        }
        guard bundle.recordCount <= limits.records else { throw ImportFileError.tooManyRecords(limit: limits.records) }
        guard !bundle.isEmpty else {
            let first = bundle.problems.first.map { " (\($0.text))" } ?? ""
            throw ImportFileError("Nothing in the file can be imported\(first).")
        }
        return bundle
    }
}
