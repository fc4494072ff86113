import Foundation
import VipsShim

/// A thin, internal Swift face on the C shim: images are released when their wrapper goes, and
/// every failure becomes a `VipsError` carrying libvips' message.
enum Vips {
    /// Starts libvips once, bounded for a server: no operation cache, one worker thread per
    /// pipeline, and only the JPEG, PNG, WebP and HEIF loaders allowed.
    static let started: Result<Void, VipsError> = {
        guard dbv_init() == 0 else { return .failure(VipsError(operation: "init", message: takeError())) }
        dbv_set_concurrency(1)
        _ = dbv_restrict_loaders()
        return .success(())
    }()

    static func start() throws(VipsError) {
        try started.get()
    }

    static var version: String { String(cString: dbv_version()) }
    static var canSaveWebP: Bool { dbv_can_save_webp() != 0 }
    static var canSaveHEIC: Bool { dbv_can_save_heic() != 0 }

    static func takeError() -> String {
        guard let text = dbv_error_take() else { return "" }
        defer { dbv_free(text) }
        return String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Copies a buffer libvips allocated into `Data`, and frees it.
    static func data(taking buffer: UnsafeMutableRawPointer?, length: Int) -> Data {
        guard let buffer else { return Data() }
        defer { dbv_free(buffer) }
        return Data(bytes: buffer, count: length)
    }
}

struct VipsError: Error, CustomStringConvertible {
    var operation: String
    var message: String
    var description: String { "\(operation): \(message)" }

    static func last(_ operation: String) -> VipsError {
        VipsError(operation: operation, message: Vips.takeError())
    }
}

/// One libvips image reference, released on deinit. Not thread-safe: use it on one thread.
final class VipsImage {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { dbv_unref(UnsafeMutableRawPointer(pointer)) }

    var width: Int { Int(dbv_width(pointer)) }
    var height: Int { Int(dbv_height(pointer)) }
    var bands: Int { Int(dbv_bands(pointer)) }
    var orientation: Int { Int(dbv_orientation(pointer)) }
    var hasICCProfile: Bool { dbv_has_icc_profile(pointer) != 0 }
    var isCMYK: Bool { dbv_is_cmyk(pointer) != 0 }

    /// Reads the header of an encoded image; pixels are decoded only when asked for. The buffer
    /// must outlive this image and everything made from it.
    static func header(_ bytes: UnsafeRawBufferPointer) throws(VipsError) -> VipsImage {
        guard let base = bytes.baseAddress, let image = dbv_load_buffer(base, bytes.count, 1, 2) else {
            throw .last("load")
        }
        return VipsImage(image)
    }

    /// Decodes, rotates upright and shrinks an encoded image to fit the box (never enlarging).
    static func thumbnail(
        _ bytes: UnsafeRawBufferPointer, width: Int, height: Int, cropCentre: Bool, toSRGB: Bool
    ) throws(VipsError) -> VipsImage {
        var out: OpaquePointer?
        guard let base = bytes.baseAddress,
            dbv_thumbnail_buffer(
                base, bytes.count, &out, Int32(width), Int32(height), cropCentre ? 1 : 0, 2, toSRGB ? 1 : 0) == 0,
            let out
        else { throw .last("thumbnail") }
        return VipsImage(out)
    }

    func thumbnail(width: Int, height: Int, cropCentre: Bool) throws(VipsError) -> VipsImage {
        var out: OpaquePointer?
        guard dbv_thumbnail_image(pointer, &out, Int32(width), Int32(height), cropCentre ? 1 : 0) == 0, let out else {
            throw .last("thumbnail_image")
        }
        return VipsImage(out)
    }

    func cropped(left: Int, top: Int, width: Int, height: Int) throws(VipsError) -> VipsImage {
        var out: OpaquePointer?
        guard dbv_crop(pointer, &out, Int32(left), Int32(top), Int32(width), Int32(height)) == 0, let out else {
            throw .last("crop")
        }
        return VipsImage(out)
    }

    func autorotated() throws(VipsError) -> VipsImage {
        var out: OpaquePointer?
        guard dbv_autorot(pointer, &out) == 0, let out else { throw .last("autorot") }
        return VipsImage(out)
    }

    func srgb8() throws(VipsError) -> VipsImage {
        var out: OpaquePointer?
        guard dbv_to_srgb8(pointer, &out) == 0, let out else { throw .last("colourspace") }
        return VipsImage(out)
    }

    /// Runs the pipeline behind this image to the end, holding the pixels in memory. This is where
    /// decoding errors (a truncated file) surface.
    func inMemory() throws(VipsError) -> VipsImage {
        var out: OpaquePointer?
        guard dbv_copy_memory(pointer, &out) == 0, let out else { throw .last("decode") }
        return VipsImage(out)
    }

    func webp(quality: Int, strip: Bool = true) throws(VipsError) -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard dbv_save_webp_buffer(pointer, &buffer, &length, Int32(quality), strip ? 1 : 0) == 0 else {
            throw .last("webpsave")
        }
        return Vips.data(taking: buffer, length: length)
    }

    func jpeg(quality: Int, strip: Bool = true) throws(VipsError) -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard dbv_save_jpeg_buffer(pointer, &buffer, &length, Int32(quality), strip ? 1 : 0) == 0 else {
            throw .last("jpegsave")
        }
        return Vips.data(taking: buffer, length: length)
    }
}

extension VipsImage {
    /// The decoded pixels, band-interleaved, row by row.
    func pixels() throws(VipsError) -> [UInt8] {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard dbv_pixels(pointer, &buffer, &length) == 0, let buffer else { throw .last("write_to_memory") }
        defer { dbv_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
