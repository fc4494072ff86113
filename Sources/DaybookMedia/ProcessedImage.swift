import DaybookCore
import Foundation

/// The sizes Daybook makes of every photo. None is ever larger than the original.
public enum DerivativeSize: String, Sendable, Hashable, Codable, CaseIterable {
    /// 320 px on the long edge: lists, grids, the card of an entry.
    case small
    /// 1280 px on the long edge: the photo opened.
    case large
    /// 256×256, the centre of the picture: profile pictures (the page rounds it to a circle).
    case avatar

    /// The box the derivative must fit in.
    public var box: (width: Int, height: Int) {
        switch self {
        case .small: (320, 320)
        case .large: (1280, 1280)
        case .avatar: (256, 256)
        }
    }

    /// Whether the derivative fills its box and is cropped to it (the avatar square).
    public var cropsToBox: Bool { self == .avatar }
}

/// One re-encoded copy of a photo: upright, resized, no metadata at all.
public struct Derivative: Sendable, Hashable {
    public var size: DerivativeSize
    /// `.webp`, or `.jpeg` where this libvips cannot write WebP.
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    public var data: Data

    public var byteCount: Int { data.count }

    public init(size: DerivativeSize, format: ImageFormat, width: Int, height: Int, data: Data) {
        self.size = size
        self.format = format
        self.width = width
        self.height = height
        self.data = data
    }
}

/// What processing an upload gives: the original as uploaded, what it is, and its derivatives.
public struct ProcessedImage: Sendable {
    /// The bytes as uploaded, less the place they were taken and what identifies their owner or
    /// camera (`LocationScrubber`): for the owner only.
    public var original: Data
    /// Where the photo says it was taken, read before that was scrubbed: offered, never stored.
    public var place: Coordinates?
    public var format: ImageFormat
    /// The picture's size upright (after EXIF rotation).
    public var width: Int
    public var height: Int
    /// SHA-256 of `original`, lower-case hex.
    public var sha256: String
    /// `small` and `large` always; `avatar` for avatars.
    public var derivatives: [Derivative]

    public func derivative(_ size: DerivativeSize) -> Derivative? {
        derivatives.first { $0.size == size }
    }

    public init(
        original: Data, format: ImageFormat, width: Int, height: Int, sha256: String, derivatives: [Derivative]
    ) {
        self.original = original
        self.format = format
        self.width = width
        self.height = height
        self.sha256 = sha256
        self.derivatives = derivatives
    }
}
