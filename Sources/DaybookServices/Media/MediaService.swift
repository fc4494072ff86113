import DaybookCore
import DaybookMedia
import DaybookStorage
import Foundation
import Logging

/// A file of a photo that a viewer may have, ready to serve.
public struct ServedMedia: Sendable, Hashable {
    public var record: MediaRecord
    public var variant: MediaVariant
    public var file: MediaFile
    /// `image/webp`, `image/jpeg`, … from the stored format.
    public var contentType: String
    /// A strong entity tag, quoted: the blob's SHA-256 (the bytes never change under a key).
    public var etag: String
    /// A viewer who is not the owner sees it because anyone may (it belongs to a public entry, or
    /// is the profile picture shown beside one): shared caches may keep it. Never true of an
    /// original, nor of the owner's own requests, which are answered for their browser alone.
    public var isPublic: Bool
    /// Whether the viewer owns the photo.
    public var viewerIsOwner: Bool
}

/// Photos: upload (check, process, store), metadata, listing, deletion, and who may see which
/// file. Used by the pages, the API and `/media/{id}/{size}` alike.
///
/// Files are content-addressed blobs shared by every record that uses them, so a blob is deleted
/// only when no record uses it any more. Writing a new record's blobs and deleting unused ones are
/// serialized within the process, so a delete can never remove a blob an upload of the same photo
/// has just written.
public struct MediaService: Sendable {
    let store: any DaybookStore
    public let blobs: any BlobStore
    public let processor: ImageProcessor
    let now: @Sendable () -> Date
    let blobLock = AsyncSemaphore(limit: 1)
    let logger: Logger
    /// The most bytes one user's photos may take (originals and derivatives); nil: no limit.
    public let quotaBytes: Int?
    /// Forgets a user's cached sessions when their profile picture changes (the cached `User`
    /// carries it); nil where nothing authenticates (tools, tests).
    let sessionCache: SessionCache?
    /// The records owners read a moment ago; forgotten here when a photo is deleted.
    let ownedMedia: OwnedMediaCache

    public init(
        store: any DaybookStore, blobs: any BlobStore, processor: ImageProcessor = ImageProcessor(),
        quotaBytes: Int? = nil, sessionCache: SessionCache? = nil, ownedMedia: OwnedMediaCache = OwnedMediaCache(),
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "daybook.media")
    ) {
        self.store = store
        self.ownedMedia = ownedMedia
        self.sessionCache = sessionCache
        self.quotaBytes = quotaBytes
        self.blobs = blobs
        self.processor = processor
        self.now = now
        self.logger = logger
    }

    // MARK: Upload

    /// Checks and processes an upload and stores it as the user's. Throws `ImageProcessingError`
    /// (its `httpStatus`: 413 too large, 415 not an accepted type, 422 too many pixels or does not
    /// decode, 413 when the user's storage quota is full) and leaves nothing behind when anything
    /// fails.
    public func upload(userID: UUID, data: Data, kind: MediaKind) async throws -> MediaRecord {
        try await uploadOfferingPlace(userID: userID, data: data, kind: kind).record
    }

    /// The same, with where the photo said it was taken: the original is kept without it, so this
    /// is the one moment it can be offered (as a journal entry's place, say). Never stored.
    public func uploadOfferingPlace(userID: UUID, data: Data, kind: MediaKind) async throws
        -> (record: MediaRecord, place: Coordinates?)
    {
        if let quotaBytes, try await store.media.bytesUsed(userID: userID) + data.count > quotaBytes {
            throw ImageProcessingError.storageFull(limit: quotaBytes)
        }
        let processed = try await processor.process(data, kind: kind == .avatar ? .avatar : .photo)
        guard let small = processed.derivative(.small), let large = processed.derivative(.large) else {
            throw ImageProcessingError.processingFailed(reason: "missing derivatives")
        }
        let avatar = processed.derivative(.avatar)
        var files: [(Data, String)] = [(processed.original, processed.format.rawValue)]
        files += [small, large].map { ($0.data, $0.format.rawValue) }
        if let avatar { files.append((avatar.data, avatar.format.rawValue)) }

        return try await blobLock.withPermit {
            var written: [String] = []
            do {
                for (bytes, _) in files { written.append(try await blobs.put(bytes)) }
                func file(_ index: Int, _ width: Int, _ height: Int) -> MediaFile {
                    MediaFile(
                        key: written[index], format: files[index].1, bytes: files[index].0.count, width: width,
                        height: height)
                }
                let record = MediaRecord(
                    userID: userID, kind: kind, sha256: processed.sha256,
                    original: file(0, processed.width, processed.height), small: file(1, small.width, small.height),
                    large: file(2, large.width, large.height), avatar: avatar.map { file(3, $0.width, $0.height) },
                    createdAt: now().roundedToMicroseconds)
                try await store.media.insert(record)
                return (record, processed.place)
            } catch {
                await releaseUnused(Set(written))
                throw error
            }
        }
    }

    /// Uploads a profile picture and makes it the user's avatar; the previous picture is deleted
    /// if nothing else uses it. Returns the updated user.
    public func setAvatar(userID: UUID, data: Data) async throws -> (user: User, media: MediaRecord) {
        let record = try await upload(userID: userID, data: data, kind: .avatar)
        do {
            return (try await swapAvatar(userID: userID, to: record.id), record)
        } catch {
            try? await delete(userID: userID, id: record.id)
            throw error
        }
    }

    /// Makes one of the user's photos the profile picture (the API's `avatarMediaId`), or takes it
    /// away with nil. The previous picture goes if nothing else uses it. `ValidationError` on
    /// `avatarMediaId` when the id is not one of the user's photos.
    public func useAsAvatar(userID: UUID, mediaID: UUID?) async throws -> User {
        if let mediaID { try await requireOwned([mediaID], userID: userID, field: "avatarMediaId") }
        return try await swapAvatar(userID: userID, to: mediaID)
    }

    /// Takes the profile picture away (and deletes it if nothing else uses it).
    public func removeAvatar(userID: UUID) async throws -> User {
        try await swapAvatar(userID: userID, to: nil)
    }

    /// Points the profile picture at `mediaID` (nil: none) and lets go of the previous one.
    /// `NotFound` when the user is gone.
    private func swapAvatar(userID: UUID, to mediaID: UUID?) async throws -> User {
        guard var user = try await store.users.user(id: userID) else { throw NotFound() }
        let previous = user.avatarMediaID
        guard previous != mediaID else { return user }
        user.avatarMediaID = mediaID
        user.updatedAt = now().roundedToMicroseconds
        guard try await store.users.update(user) else { throw NotFound() }
        sessionCache?.forget(userID: userID)
        if let previous { try await release(userID: userID, id: previous) }
        return user
    }

    // MARK: Reading

    /// The user's photo; `NotFound` if there is none or it is someone else's.
    public func metadata(userID: UUID, id: UUID) async throws -> MediaRecord {
        guard let record = try await store.media.media(id: id, userID: userID) else { throw NotFound() }
        return record
    }

    /// The user's photos, newest first; `kind: .photo` leaves out profile pictures.
    public func list(userID: UUID, kind: MediaKind? = .photo, after cursor: PageCursor? = nil, limit: Int = 50)
        async throws -> [MediaRecord]
    {
        try await store.media.list(userID: userID, kind: kind, after: cursor, limit: max(1, min(limit, 200)))
    }

    /// Checks that every id is one of the user's photos, before an entry, a day or the profile
    /// refers to them. Throws a `ValidationError` on `field` naming the first that is not
    /// (someone else's looks the same as none).
    public func requireOwned(_ ids: [UUID], userID: UUID, field: String) async throws {
        let unique = Array(Set(ids))
        let owned = try await store.media.owned(ids: unique, userID: userID)
        if owned.count != unique.count { throw ValidationError([Self.unknownPhoto(field: field)]) }
    }

    /// `requireOwned`, recording its error with a request's other bad fields instead of throwing.
    public func checkOwned(_ ids: [UUID], userID: UUID, field: String, into errors: inout FieldErrors) async throws {
        guard !ids.isEmpty else { return }
        do {
            try await requireOwned(ids, userID: userID, field: field)
        } catch let error as ValidationError {
            error.errors.forEach { errors.add($0) }
        }
    }

    /// The error for an id that is not one of the user's photos (someone else's looks the same).
    public static func unknownPhoto(field: String) -> FieldError {
        FieldError(field: field, code: "unknown", message: "You have no such photo. Upload it again.")
    }

    /// Who may see which file: the owner, everything; anyone else, the derivatives of a photo
    /// the store calls public (see `MediaStore.servable`); a friend, the derivatives of their
    /// friend's current profile picture and of photos in what that friend shared with them
    /// (`ShareStore.canSee`); nobody else anything. Everything refused is `NotFound`,
    /// exactly like a photo that does not exist (a 404, never a 403). The original as uploaded is
    /// its owner's only. Reads no file. The owner's requests are answered from the record they
    /// read a moment ago when there is one (`OwnedMediaCache`); everyone else's ask the database.
    public func access(id: UUID, variant: MediaVariant, viewer: User?) async throws -> ServedMedia {
        if let viewer, let record = ownedMedia.record(id: id, ownerID: viewer.id) {
            return try served(record, variant: variant, isPublic: false, viewerIsOwner: true)
        }
        let generation = ownedMedia.generation
        guard let (record, visible) = try await store.media.servable(id: id) else { throw NotFound() }
        if let viewer, viewer.id == record.userID {
            ownedMedia.keep(record, readSince: generation)
            return try served(record, variant: variant, isPublic: false, viewerIsOwner: true)
        }
        guard variant != .original else { throw NotFound() }
        if !visible {
            guard let viewer else { throw NotFound() }
            let shared = try await store.shares.canSee(photoID: record.id, ownerID: record.userID, viewerID: viewer.id)
            if !shared {
                guard try await isFriendsProfilePicture(record, viewer: viewer) else { throw NotFound() }
            }
        }
        return try served(record, variant: variant, isPublic: visible, viewerIsOwner: false)
    }

    /// The file of `variant`, or `NotFound` when the photo has none. A profile picture chosen
    /// from the photos has no square of its own: its small copy, cropped to a circle by the page,
    /// stands in.
    private func served(_ record: MediaRecord, variant: MediaVariant, isPublic: Bool, viewerIsOwner: Bool) throws
        -> ServedMedia
    {
        guard let file = record.file(variant) ?? (variant == .avatar ? record.small : nil) else { throw NotFound() }
        return ServedMedia(
            record: record, variant: variant, file: file,
            contentType: ImageFormat(rawValue: file.format)?.mimeType ?? "application/octet-stream",
            etag: "\"\(file.key)\"", isPublic: isPublic, viewerIsOwner: viewerIsOwner)
    }

    /// Whether the photo is the current profile picture of someone the viewer is friends with
    /// (asked only when the photo is neither the viewer's nor public).
    private func isFriendsProfilePicture(_ record: MediaRecord, viewer: User) async throws -> Bool {
        guard try await store.users.user(id: record.userID)?.avatarMediaID == record.id else { return false }
        return try await store.friends.areFriends(viewer.id, record.userID)
    }

    /// The bytes of a file `access` allowed; `NotFound` if the blob is gone.
    public func bytes(of served: ServedMedia) async throws -> Data {
        guard let data = try await blobs.get(served.file.key) else {
            logger.error("Photo file missing", metadata: ["media": "\(served.record.id)", "key": "\(served.file.key)"])
            throw NotFound()
        }
        return data
    }

    /// `access` and `bytes` together.
    public func readable(id: UUID, variant: MediaVariant, viewer: User?) async throws -> (ServedMedia, Data) {
        let served = try await access(id: id, variant: variant, viewer: viewer)
        return (served, try await bytes(of: served))
    }

    // MARK: Deleting

    /// Deletes the user's photo: its row, the references to it (profile picture, photo of the
    /// day), and the files no other record uses. `NotFound` if it is not the user's.
    public func delete(userID: UUID, id: UUID) async throws {
        try await blobLock.withPermit {
            guard let record = try await store.media.delete(id: id, userID: userID) else { throw NotFound() }
            ownedMedia.forget(id: id)
            // The row's removal also clears the profile picture if it was this photo.
            sessionCache?.forget(userID: userID)
            await releaseUnused(record.blobKeys)
        }
    }

    /// Deletes the user's photo if nothing of theirs uses it any more: called when a day entry or
    /// the profile lets go of it, so a photo goes with the last thing that showed it.
    public func release(userID: UUID, id: UUID) async throws {
        guard try await store.media.uses(id: id, userID: userID) == 0 else { return }
        do { try await delete(userID: userID, id: id) } catch is NotFound {}
    }

    /// Deletes every photo of the user and their files: for account deletion (call before the
    /// user's row goes, so the records still say which files were theirs).
    public func deleteAll(userID: UUID) async throws {
        try await blobLock.withPermit {
            let records = try await store.media.deleteAll(userID: userID)
            ownedMedia.forget(userID: userID)
            await releaseUnused(records.reduce(into: Set<String>()) { $0.formUnion($1.blobKeys) })
        }
    }

    /// Deletes the blobs no record uses. Called holding `blobLock`. A failure is logged, not
    /// thrown: the record is gone either way, and a stray file harms nobody.
    private func releaseUnused(_ keys: Set<String>) async {
        for key in keys {
            do {
                if try await store.media.references(key: key) == 0 { try await blobs.delete(key) }
            } catch {
                logger.error("Could not delete an unused photo file", metadata: ["key": "\(key)", "error": "\(error)"])
            }
        }
    }
}
