/// Why an upload was refused. Each maps to one HTTP status (`httpStatus`) and a message a person
/// can act on (`message`).
public enum ImageProcessingError: Error, Sendable, Equatable {
    /// The user's photos already take their storage quota (`limit` bytes): 413.
    case storageFull(limit: Int)
    /// Over the size limit (25 MB): 413.
    case tooLarge(limit: Int)
    /// Not a JPEG, PNG, WebP or HEIC, judged by its bytes: 415.
    case unsupportedType
    /// More pixels than allowed (50 megapixels), known from the header before decoding: 422.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The file claims to be an image but does not decode: truncated, corrupt, a polyglot: 422.
    /// `reason` is libvips' message, for logs only.
    case undecodable(reason: String)
    /// Processing failed for a reason not the upload's fault (e.g. an encoder missing): 500.
    case processingFailed(reason: String)

    public var httpStatus: Int {
        switch self {
        case .tooLarge, .storageFull: 413
        case .unsupportedType: 415
        case .tooManyPixels, .undecodable: 422
        case .processingFailed: 500
        }
    }

    /// A stable code for API errors.
    public var code: String {
        switch self {
        case .tooLarge: "too_large"
        case .storageFull: "storage_full"
        case .unsupportedType: "unsupported_type"
        case .tooManyPixels: "too_many_pixels"
        case .undecodable: "undecodable"
        case .processingFailed: "processing_failed"
        }
    }

    /// What to tell the person who uploaded it. Never includes libvips' own messages.
    public var message: String {
        switch self {
        case .tooLarge(let limit):
            "This photo is too large. Photos can be up to \(limit / 1_048_576) MB."
        case .storageFull(let limit):
            "Your photos have filled your \(Self.size(limit)) of storage. Delete some to make room for new ones."
        case .unsupportedType:
            "This file is not a photo Daybook can read. Upload a \(ImageFormat.acceptedNames) image."
        case .tooManyPixels(let width, let height, let limit):
            "This photo is too big (\(width)×\(height) pixels). Photos can have up to \(limit / 1_000_000) megapixels."
        case .undecodable:
            "This photo could not be read: the file may be damaged or incomplete."
        case .processingFailed:
            "This photo could not be processed. Please try again."
        }
    }

    /// "500 MB", "10 GB".
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GB" : "\(bytes >> 20) MB"
    }
}
