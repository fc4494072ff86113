/// What follows the end of an image in its file. Cameras sometimes leave bytes there (padding, a
/// maker's trailer, the video of a motion photo), but markup there makes a polyglot: a file that
/// is a photo to an image decoder and a web page to anything that sniffs it. The original is
/// served back as uploaded, so such files are refused.
enum ImageTrailer {
    /// Whether the bytes after the image contain HTML, SVG, XML or PHP markup.
    static func hasMarkup(_ bytes: UnsafeRawBufferPointer, format: ImageFormat) -> Bool {
        guard let end = endOfImage(bytes, format: format), end < bytes.count else { return false }
        return containsMarkup(UnsafeRawBufferPointer(rebasing: bytes[end...]))
    }

    /// Openings of markup that a browser or an interpreter would act on, lower case.
    static let markers: [[UInt8]] = [
        "<html", "<head", "<body", "<script", "<svg", "<iframe", "<object", "<embed", "<img", "<meta", "<style",
        "<link", "<form", "<a ", "<!doctype", "<?xml", "<?php", "<%", "javascript:",
    ].map { Array($0.utf8) }

    static func containsMarkup(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 2 else { return false }
        for start in bytes.indices where bytes[start] == UInt8(ascii: "<") || bytes[start] == UInt8(ascii: "j")
            || bytes[start] == UInt8(ascii: "J")
        {
            for marker in markers where start + marker.count <= bytes.count {
                var matches = true
                for (offset, expected) in marker.enumerated() {
                    var byte = bytes[start + offset]
                    if byte >= 65 && byte <= 90 { byte += 32 }  // ASCII lower case
                    if byte != expected {
                        matches = false
                        break
                    }
                }
                if matches { return true }
            }
        }
        return false
    }

    /// Where the image's own bytes end, or nil when the structure cannot be followed (the decoder
    /// judges such files).
    static func endOfImage(_ bytes: UnsafeRawBufferPointer, format: ImageFormat) -> Int? {
        switch format {
        case .jpeg: jpegEnd(bytes)
        case .png: pngEnd(bytes)
        case .webp: webpEnd(bytes)
        case .heic, .avif: isoEnd(bytes)
        }
    }

    /// Segments from SOI: each marker's length, entropy-coded data after SOS up to the next marker
    /// (`FF 00` is a stuffed byte, `FF D0`–`FF D7` restart markers), until EOI.
    private static func jpegEnd(_ b: UnsafeRawBufferPointer) -> Int? {
        var i = 2
        while i + 1 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF {  // fill byte
                i += 1
                continue
            }
            if marker == 0xD9 { return i + 2 }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            guard i + 3 < b.count else { return nil }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { return nil }
            i += 2 + length
            if marker == 0xDA {  // start of scan: skip the coded data
                while i + 1 < b.count, !(b[i] == 0xFF && b[i + 1] != 0x00 && !(0xD0...0xD7).contains(b[i + 1])) {
                    i += 1
                }
            }
        }
        return nil
    }

    /// Chunks after the signature, until IEND.
    private static func pngEnd(_ b: UnsafeRawBufferPointer) -> Int? {
        var i = 8
        while i + 8 <= b.count {
            let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            let isEnd = b[i + 4] == 0x49 && b[i + 5] == 0x45 && b[i + 6] == 0x4E && b[i + 7] == 0x44
            i += 12 + length
            if isEnd { return i }
        }
        return nil
    }

    /// The RIFF header's own size.
    private static func webpEnd(_ b: UnsafeRawBufferPointer) -> Int? {
        guard b.count >= 8 else { return nil }
        let size = Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24
        return 8 + size + (size & 1)
    }

    /// Top-level boxes, each with a printable four-letter type, until the bytes stop being boxes.
    private static func isoEnd(_ b: UnsafeRawBufferPointer) -> Int? {
        var i = 0
        while i + 8 <= b.count {
            let isBoxType = (4..<8).allSatisfy { (0x20...0x7E).contains(b[i + $0]) }
            guard isBoxType else { return i }
            var size = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            if size == 0 { return b.count }  // the last box runs to the end of the file
            if size == 1 {
                guard i + 16 <= b.count else { return i }
                size = (8..<16).reduce(0) { $0 << 8 | Int(b[i + $1]) }
            }
            guard size >= 8 else { return i }
            // A "box" running past the end is a cut file or bytes that only look like a header:
            // either way the image's own boxes ended here.
            guard size <= b.count - i else { return i }
            i += size
        }
        return i >= b.count ? b.count : i
    }
}
