import DaybookPostgres
import DaybookSQLite
import DaybookStorage
import Foundation
import Logging

/// Opens the store the configuration names, creating the data directory on first start.
public enum StoreFactory {
    public static func makeStore(_ configuration: DaybookConfiguration, logger: Logger) throws -> any DaybookStore {
        try FileManager.default.createDirectory(
            atPath: configuration.dataDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        if configuration.usesPostgres, let url = configuration.databaseURL {
            return try PostgresStore(url: url, logger: logger)
        }
        let path = configuration.sqlitePath
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return try SQLiteStore(path: path)
    }
}
