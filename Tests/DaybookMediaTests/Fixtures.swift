import DaybookMedia
import Foundation
import VipsShim

/// Real images made with libvips through the shim, so the tests need no binary fixtures.
enum Fixture {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func start() throws {
        guard dbv_init() == 0 else { throw Failure(description: lastError()) }
    }

    static func lastError() -> String {
        guard let text = dbv_error_take() else { return "" }
        defer { dbv_free(text) }
        return String(cString: text)
    }

    /// An image in memory; released with `release`.
    final class Image {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
        deinit { dbv_unref(UnsafeMutableRawPointer(pointer)) }

        var width: Int { Int(dbv_width(pointer)) }
        var height: Int { Int(dbv_height(pointer)) }
        func set(_ name: String, int value: Int) { dbv_set_int(pointer, name, Int32(value)) }
        func set(_ name: String, string value: String) { dbv_set_string(pointer, name, value) }
        func set(_ name: String, blob: Data) {
            blob.withUnsafeBytes { dbv_set_blob(pointer, name, $0.baseAddress, $0.count) }
        }
        func has(_ name: String) -> Bool { dbv_has_field(pointer, name) != 0 }
        func string(_ name: String) -> String? {
            guard let text = dbv_get_as_string(pointer, name) else { return nil }
            defer { dbv_free(text) }
            return String(cString: text)
        }
        var fieldNames: [String] {
            guard let text = dbv_field_names(pointer) else { return [] }
            defer { dbv_free(text) }
            return String(cString: text).split(separator: "\n").map(String.init)
        }
    }

    static func make(width: Int, height: Int, bands: Int = 3, noisy: Bool = true) throws -> Image {
        try start()
        var out: OpaquePointer?
        guard dbv_make_image(&out, Int32(width), Int32(height), Int32(bands), noisy ? 1 : 0) == 0, let out else {
            throw Failure(description: lastError())
        }
        return Image(out)
    }

    /// Reads back an encoded image (header and metadata) to look at it.
    static func load(_ data: Data) throws -> Image {
        try start()
        // libvips does not copy the buffer: keep a copy alive as long as the image.
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        copy.copyBytes(from: data)
        retained.append(copy)
        guard let image = dbv_load_buffer(copy.baseAddress, copy.count, 0, 0) else {
            throw Failure(description: lastError())
        }
        return Image(image)
    }

    nonisolated(unsafe) private static var retained: [UnsafeMutableRawBufferPointer] = []

    enum Encoding: Sendable { case jpeg, png, webp, heic, avif }

    static func encode(_ image: Image, as encoding: Encoding, quality: Int = 90) throws -> Data {
        let format: ImageFormat =
            switch encoding {
            case .jpeg: .jpeg
            case .png: .png
            case .webp: .webp
            case .heic: .heic
            case .avif: .avif
            }
        return try SampleImage.encode(image.pointer, as: format, quality: quality)
    }

    static func encode(width: Int, height: Int, as encoding: Encoding, bands: Int = 3) throws -> Data {
        try encode(try make(width: width, height: height, bands: bands), as: encoding)
    }
}
