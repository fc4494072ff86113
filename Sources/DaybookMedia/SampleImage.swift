import Foundation
import VipsShim

/// Real images made with libvips, for tests and benchmarks (no binary fixtures needed): a diagonal
/// gradient under Gaussian noise (compresses about like a photo), or plain black.
public enum SampleImage {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// What the pixels are (the shim's `texture` argument).
    public enum Texture: Int32, Sendable {
        /// Plain black.
        case black = 0
        /// A gradient under per-pixel noise: nothing for a codec to predict, the worst case.
        case noise = 1
        /// The gradient under a blurred grain that compresses like a phone's photo (benchmarks: a
        /// decoder's speed depends on the bitrate).
        case grain = 2
    }

    /// An encoded image. `exifOrientation` (1–8) is written into EXIF for JPEG; `gps` adds GPS
    /// coordinates to EXIF (JPEG, WebP) so tests can check they are stripped. HEIC and AVIF need
    /// libheif's encoders (present on Debian 12).
    public static func make(
        width: Int, height: Int, format: ImageFormat, texture: Texture = .noise, bands: Int = 3, quality: Int = 90,
        exifOrientation: Int? = nil, gps: Bool = false
    ) throws -> Data {
        do {
            try Vips.start()
        } catch {
            throw Failure(description: error.description)
        }
        var pointer: OpaquePointer?
        guard dbv_make_image(&pointer, Int32(width), Int32(height), Int32(bands), texture.rawValue) == 0, let pointer else {
            throw Failure(description: Vips.takeError())
        }
        let image = VipsImage(pointer)
        if let exifOrientation { dbv_set_int(pointer, "orientation", Int32(exifOrientation)) }
        if gps {
            dbv_set_string(pointer, "exif-ifd3-GPSLatitudeRef", "N")
            dbv_set_string(pointer, "exif-ifd3-GPSLatitude", "60/1 10/1 0/1")
            dbv_set_string(pointer, "exif-ifd3-GPSLongitudeRef", "E")
            dbv_set_string(pointer, "exif-ifd3-GPSLongitude", "24/1 56/1 0/1")
        }
        return try encode(image.pointer, as: format, quality: quality)
    }

    /// Encodes a libvips image as it is, metadata and all (tests use it to make uploads with EXIF).
    public static func encode(_ pointer: OpaquePointer, as format: ImageFormat, quality: Int = 90) throws -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32 =
            switch format {
            case .jpeg: dbv_save_jpeg_buffer(pointer, &buffer, &length, Int32(quality), 0)
            case .png: dbv_save_png_buffer(pointer, &buffer, &length, 6, 0)
            case .webp: dbv_save_webp_buffer(pointer, &buffer, &length, Int32(quality), 0)
            case .heic: dbv_save_heif_buffer(pointer, &buffer, &length, Int32(quality), 0, 0, 0)
            case .avif: dbv_save_heif_buffer(pointer, &buffer, &length, Int32(quality), 1, 0, 0)
            }
        guard status == 0 else { throw Failure(description: Vips.takeError()) }
        return Vips.data(taking: buffer, length: length)
    }
}
