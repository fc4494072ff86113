import Foundation

/// The image types Daybook accepts, decided from the file's first bytes only: never from its name
/// or the `Content-Type` a client claims.
public enum ImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case jpeg
    case png
    case webp
    /// HEIC/HEIF, what iPhones take (HEVC in an ISO BMFF container).
    case heic
    /// AVIF: the same container with AV1 inside; Android phones and browsers make it.
    case avif

    /// What the accepted types are called in messages, e.g. a 415's.
    public static let acceptedNames = "JPEG, PNG, WebP or HEIC"

    /// The type of an upload from its magic bytes, or nil when it is none of the accepted ones.
    public static func detect(_ bytes: Data) -> ImageFormat? {
        bytes.withUnsafeBytes { detect(UnsafeRawBufferPointer($0)) }
    }

    /// The type from magic bytes, or nil when it is none of the accepted ones.
    public static func detect(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        func matches(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + magic.count else { return false }
            for (index, byte) in magic.enumerated() where bytes[offset + index] != byte { return false }
            return true
        }
        if matches([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if matches(Array("RIFF".utf8)), matches(Array("WEBP".utf8), at: 8) { return .webp }
        if matches(Array("ftyp".utf8), at: 4) { return isoBrand(bytes) }
        return nil
    }

    /// HEIF brands that mean an image (not a video or another MP4).
    private static let heicBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]
    private static let avifBrands: Set<String> = ["avif", "avis"]

    /// Reads the `ftyp` box: its major brand and the compatible brands after it.
    private static func isoBrand(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        guard bytes.count >= 16 else { return nil }
        let declaredSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        // A box is at least its header, major brand and minor version; keep reading inside it.
        guard declaredSize >= 16 else { return nil }
        let end = min(declaredSize, bytes.count, 4096)
        func brand(at offset: Int) -> String {
            String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
        }
        var brands = [brand(at: 8)]
        var offset = 16
        while offset + 4 <= end {
            brands.append(brand(at: offset))
            offset += 4
        }
        // The major brand decides when it is a known one; otherwise any compatible brand.
        if avifBrands.contains(brands[0]) { return .avif }
        if heicBrands.contains(brands[0]) && brands[0] != "mif1" && brands[0] != "msf1" { return .heic }
        if brands.contains(where: { ["heic", "heix", "hevc", "hevx", "heim", "heis"].contains($0) }) { return .heic }
        if brands.contains(where: avifBrands.contains) { return .avif }
        if brands.contains(where: heicBrands.contains) { return .heic }
        return nil
    }

    /// The media type to serve the original with.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .heic: "image/heic"
        case .avif: "image/avif"
        }
    }

    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .heic: "heic"
        case .avif: "avif"
        }
    }
}
