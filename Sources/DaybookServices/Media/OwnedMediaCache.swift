import DaybookStorage
import Foundation

/// Photo records their owners asked for a moment ago, so that a page of thumbnails (a closet of
/// 500 items, the photo diary, a journal of photos) costs a database read per photo per moment,
/// not one per file served.
///
/// Only an owner's request is answered from here. The owner may have every file of their photo
/// whatever else is true, and a record never changes after its upload (its files are
/// content-addressed), so the record alone decides. Whether anyone else may see a photo (a public
/// entry, a share, a friend's profile picture) changes with other records: `MediaService.access`
/// reads that from the database for every request that is not the owner's.
///
/// How what it holds is kept true (`RecentReads`):
/// - **Time.** A record is used for at most `lifetime` (half a second) after it was read: a photo
///   deleted on another app server or by the `daybook` command is gone for its owner by then, as
///   everywhere else in the app.
/// - **Deletion on this server.** `MediaService.delete` and `deleteAll` forget the records they
///   delete, so the next request is a 404.
/// - **Races.** A read that began before a `forget` is not kept.
public final class OwnedMediaCache: Sendable {
    private let reads: RecentReads<UUID, MediaRecord>

    public init(
        lifetime: Duration = .milliseconds(500), capacity: Int = 10_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        reads = RecentReads(lifetime: lifetime, capacity: capacity, now: now)
    }

    /// The photo's record if it was read less than `lifetime` ago and `ownerID` owns it; nil for
    /// anyone else, whose request must ask the database who may see it.
    func record(id: UUID, ownerID: UUID) -> MediaRecord? {
        guard let record = reads.value(for: id), record.userID == ownerID else { return nil }
        return record
    }

    /// Take this before reading from the database, and hand it to `keep`.
    var generation: UInt64 { reads.generation }

    /// Keeps a record its owner read, unless something was forgotten since the read began.
    func keep(_ record: MediaRecord, readSince generation: UInt64) {
        reads.keep(record, for: record.id, readSince: generation)
    }

    /// Drops a photo: call after deleting it.
    func forget(id: UUID) {
        reads.forget { key, _ in key == id }
    }

    /// Drops every photo of the user: call after deleting them all.
    func forget(userID: UUID) {
        reads.forget { _, record in record.userID == userID }
    }
}
