import DaybookCore
import Foundation

/// What a photo was uploaded as: avatars also have the 256 px square.
public enum MediaKind: String, Sendable, Hashable, Codable, CaseIterable {
    case photo
    case avatar
}

/// The files of a photo that can be asked for: the original as uploaded (its owner only) and the
/// derivatives made from it.
public enum MediaVariant: String, Sendable, Hashable, Codable, CaseIterable {
    case original
    /// 320 px long edge.
    case small
    /// 1280 px long edge.
    case large
    /// 256×256 centre square; avatars only.
    case avatar
}

/// Where a photo's files are served: `/media/{id}/{size}` (the application's media routes, which
/// check who may see them). Pages and the API both hand these out.
public enum MediaPath {
    public static let prefix = "/media/"

    public static func url(_ id: UUID, _ variant: MediaVariant) -> String {
        "\(prefix)\(id.lowercasedString)/\(variant.rawValue)"
    }

    /// Whether a request path is a photo file: read-only, never a form (no CSRF cookie).
    public static func contains(_ path: String) -> Bool { path.hasPrefix(prefix) }
}

/// One stored file of a photo: a blob in the blob store, by key (its SHA-256).
public struct MediaFile: Sendable, Hashable, Codable {
    /// The blob store's key: SHA-256 of the bytes, lower-case hex.
    public var key: String
    /// `jpeg`, `png`, `webp`, `heic`, `avif` (see DaybookMedia's `ImageFormat`).
    public var format: String
    public var bytes: Int
    public var width: Int
    public var height: Int

    public init(key: String, format: String, bytes: Int, width: Int, height: Int) {
        self.key = key
        self.format = format
        self.bytes = bytes
        self.width = width
        self.height = height
    }
}

/// A photo a user uploaded: who owns it, what it is, and where its files are.
public struct MediaRecord: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var userID: UUID
    public var kind: MediaKind
    /// SHA-256 of the original upload, lower-case hex.
    public var sha256: String
    /// As uploaded, metadata and all; `width`/`height` are the picture's upright size.
    public var original: MediaFile
    public var small: MediaFile
    public var large: MediaFile
    /// Only for `kind == .avatar`.
    public var avatar: MediaFile?
    public var createdAt: Date

    public init(
        id: UUID = .timeOrdered(), userID: UUID, kind: MediaKind, sha256: String, original: MediaFile, small: MediaFile,
        large: MediaFile, avatar: MediaFile? = nil, createdAt: Date = Date()
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.sha256 = sha256
        self.original = original
        self.small = small
        self.large = large
        self.avatar = avatar
        self.createdAt = createdAt
    }

    /// The picture's upright size.
    public var width: Int { original.width }
    public var height: Int { original.height }

    public func file(_ variant: MediaVariant) -> MediaFile? {
        switch variant {
        case .original: original
        case .small: small
        case .large: large
        case .avatar: avatar
        }
    }

    /// Every blob this record uses.
    public var blobKeys: Set<String> {
        Set([original.key, small.key, large.key] + (avatar.map { [$0.key] } ?? []))
    }
}

extension PageCursor {
    /// After this photo, in a newest-first list.
    public init(after record: MediaRecord) { self.init(createdAt: record.createdAt, id: record.id) }
}

/// Photo records. The files themselves live in a blob store (DaybookMedia's `BlobStore`); a blob
/// can be used by several records (the same photo uploaded twice), so it may be deleted only when
/// `references(key:)` is 0.
public protocol MediaStore: Sendable {
    func insert(_ record: MediaRecord) async throws
    /// The record if it is the user's.
    func media(id: UUID, userID: UUID) async throws -> MediaRecord?
    /// The record whoever owns it, and whether anyone may see it, in one read (every photo request
    /// asks; never hand the record out without checking the viewer): a photo is public when its owner put it in one of their own public journal entries
    /// (someone else's id in your entry grants nothing), or when it is the profile picture of
    /// someone with public entries (it is shown beside them).
    func servable(id: UUID) async throws -> (record: MediaRecord, isPublic: Bool)?
    /// Deletes the user's record and, in the same transaction, every reference to it: the user's
    /// avatar, day entries' photo of the day and closet items' and outfits' photos are cleared, and it
    /// leaves their journal entries.
    /// Returns the deleted record, or nil if there was none.
    func delete(id: UUID, userID: UUID) async throws -> MediaRecord?
    /// Deletes every record of the user; returns them (so their blobs can be released).
    func deleteAll(userID: UUID) async throws -> [MediaRecord]
    /// How many records use the blob, as original or as any derivative, whoever owns them.
    func references(key: String) async throws -> Int
    /// Newest first (creation time, then id), only of `kind` when given; strictly after the cursor
    /// when given.
    func list(userID: UUID, kind: MediaKind?, after cursor: PageCursor?, limit: Int) async throws -> [MediaRecord]
    /// Of the given ids, those that are the user's records (to check references before saving).
    func owned(ids: [UUID], userID: UUID) async throws -> Set<UUID>
    /// How many things of the user use the photo: their profile picture, day entries' photo of the
    /// day, journal entries, closet items, outfits. When the last one lets go, the photo is deleted.
    func uses(id: UUID, userID: UUID) async throws -> Int
    /// The bytes the user's photos take: originals and every derivative (the storage quota).
    func bytesUsed(userID: UUID) async throws -> Int
}
