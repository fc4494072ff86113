import Foundation
import GRDB

extension SQLiteStore {
    /// Copies the live database into a new file with SQLite's online backup: consistent even while
    /// the server writes, unlike copying the file. The copy is written beside its destination and
    /// renamed into place, so a crash never leaves a half-written backup under the final name.
    public func backup(to path: String) async throws {
        let temporary = path + ".partial"
        try? FileManager.default.removeItem(atPath: temporary)
        let destination = try DatabaseQueue(path: temporary)
        try database.pool.backup(to: destination)
        try destination.close()
        _ = try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
    }
}
