import DaybookCore
import Foundation

/// Takes a photo's place, and what names its owner or their camera, out of the original as it is
/// kept: the GPS directory of every EXIF block (its entries and the values they point to zeroed,
/// the directory left empty), the camera's and lens's serial numbers, its owner's name and the
/// maker's private notes (which can hold serials), and every XMP packet (blanked: XMP repeats
/// GPS and adds more). The picture, its orientation, capture time and camera model stay.
///
/// Everything is changed in place, byte for byte the same length, so every container (JPEG,
/// WebP, HEIC, AVIF) stays as valid as it was with no offset to rewrite; PNG's text and `eXIf`
/// chunks, whose checksums would no longer match, are dropped whole.
public enum LocationScrubber {
    /// The scrubbed bytes, and the place they held (nil where none, or one that cannot be).
    public static func scrub(_ data: Data, format: ImageFormat) -> (data: Data, place: Coordinates?) {
        var bytes = [UInt8](data)
        if format == .png { return (Data(withoutPNGMetadata(bytes)), nil) }
        var place: Coordinates?
        for start in exifStarts(bytes) {
            let block = TIFFBlock(start: start)
            if place == nil { place = block.place(in: bytes) }
            block.scrub(&bytes)
        }
        blankXMP(&bytes)
        return (Data(bytes), place)
    }

    // MARK: EXIF

    /// Where each TIFF header of an EXIF block starts: after "Exif\0\0" (JPEG's APP1, HEIF's Exif
    /// item, WebP's chunk with it), or a WebP `EXIF` chunk that starts with the TIFF header itself.
    static func exifStarts(_ bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        let marker: [UInt8] = Array("Exif".utf8) + [0, 0]
        var index = 0
        while index + 14 <= bytes.count {
            if bytes[index] == 0x45, bytes[index..<index + 6].elementsEqual(marker), isTIFFHeader(bytes, at: index + 6) {
                starts.append(index + 6)
                index += 6
                continue
            }
            if bytes[index] == 0x45, bytes[index..<index + 4].elementsEqual("EXIF".utf8), isTIFFHeader(bytes, at: index + 8)
            {
                starts.append(index + 8)
            }
            index += 1
        }
        return starts
    }

    static func isTIFFHeader(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard offset + 8 <= bytes.count else { return false }
        return (bytes[offset] == 0x49 && bytes[offset + 1] == 0x49 && bytes[offset + 2] == 0x2A && bytes[offset + 3] == 0)
            || (bytes[offset] == 0x4D && bytes[offset + 1] == 0x4D && bytes[offset + 2] == 0 && bytes[offset + 3] == 0x2A)
    }

    /// One EXIF block: a TIFF structure whose offsets count from `start`. Every read is bounds
    /// checked: a damaged or hostile block is left as it is, never a trap.
    struct TIFFBlock {
        let start: Int
        /// The directories' pointers in IFD0 (GPS, EXIF), and the tags whose values go: maker
        /// note, owner name, body and lens serial numbers, and DNG's camera serial number.
        static let gpsPointer: UInt16 = 0x8825
        static let exifPointer: UInt16 = 0x8769
        static let identifying: Set<UInt16> = [0x927C, 0xA430, 0xA431, 0xA435, 0xC62F]

        func bigEndian(_ bytes: [UInt8]) -> Bool { bytes[start] == 0x4D }

        func u16(_ bytes: [UInt8], _ at: Int) -> Int? {
            let p = start + at
            guard at >= 0, p + 2 <= bytes.count else { return nil }
            return bigEndian(bytes) ? Int(bytes[p]) << 8 | Int(bytes[p + 1]) : Int(bytes[p + 1]) << 8 | Int(bytes[p])
        }

        func u32(_ bytes: [UInt8], _ at: Int) -> Int? {
            guard let a = u16(bytes, at), let b = u16(bytes, at + 2) else { return nil }
            return bigEndian(bytes) ? a << 16 | b : b << 16 | a
        }

        /// An entry of a directory: its tag, type, count and where it sits.
        struct Entry {
            var tag: UInt16
            var type: Int
            var count: Int
            var position: Int
        }

        static func size(ofType type: Int) -> Int {
            switch type {
            case 1, 2, 6, 7: 1
            case 3, 8: 2
            case 4, 9, 11: 4
            case 5, 10, 12: 8
            default: 0
            }
        }

        func entries(_ bytes: [UInt8], directory: Int) -> [Entry] {
            guard let count = u16(bytes, directory), count <= 1_000 else { return [] }
            return (0..<count).compactMap { index in
                let position = directory + 2 + index * 12
                guard let tag = u16(bytes, position), let type = u16(bytes, position + 2),
                    let number = u32(bytes, position + 4)
                else { return nil }
                return Entry(tag: UInt16(tag), type: type, count: number, position: position)
            }
        }

        /// Where an entry's value is (in the entry itself when it fits in four bytes), and its size.
        func value(_ bytes: [UInt8], _ entry: Entry) -> (at: Int, size: Int)? {
            let size = Self.size(ofType: entry.type).multipliedReportingOverflow(by: entry.count)
            guard !size.overflow, size.partialValue <= 1 << 24 else { return nil }
            if size.partialValue <= 4 { return (entry.position + 8, size.partialValue) }
            guard let offset = u32(bytes, entry.position + 8), start + offset + size.partialValue <= bytes.count else {
                return nil
            }
            return (offset, size.partialValue)
        }

        func zero(_ bytes: inout [UInt8], _ at: Int, _ size: Int) {
            let from = start + at
            guard at >= 0, size > 0, from + size <= bytes.count else { return }
            for index in from..<from + size { bytes[index] = 0 }
        }

        /// The directories in the block: IFD0, the EXIF one it points to, and the GPS one.
        func directories(_ bytes: [UInt8]) -> (ifd0: Int?, exif: Int?, gps: Int?) {
            guard let ifd0 = u32(bytes, 4) else { return (nil, nil, nil) }
            let first = entries(bytes, directory: ifd0)
            let exif = first.first { $0.tag == Self.exifPointer }.flatMap { u32(bytes, $0.position + 8) }
            let gps = first.first { $0.tag == Self.gpsPointer }.flatMap { u32(bytes, $0.position + 8) }
            return (ifd0, exif, gps)
        }

        func scrub(_ bytes: inout [UInt8]) {
            let (ifd0, exif, gps) = directories(bytes)
            if let gps {
                let found = entries(bytes, directory: gps)
                for entry in found {
                    if let (at, size) = value(bytes, entry) { zero(&bytes, at, size) }
                }
                // An empty directory: its count zero, its entries zeroed.
                zero(&bytes, gps, 2 + found.count * 12)
            }
            for directory in [ifd0, exif].compactMap({ $0 }) {
                for entry in entries(bytes, directory: directory) where Self.identifying.contains(entry.tag) {
                    if let (at, size) = value(bytes, entry) { zero(&bytes, at, size) }
                }
            }
        }

        /// Latitude and longitude from the GPS directory (degrees, minutes, seconds as rationals).
        func place(in bytes: [UInt8]) -> Coordinates? {
            guard let gps = directories(bytes).gps else { return nil }
            var refs: [UInt16: UInt8] = [:]
            var values: [UInt16: Double] = [:]
            for entry in entries(bytes, directory: gps) {
                switch entry.tag {
                case 1, 3:
                    refs[entry.tag] = bytes[safe: start + entry.position + 8]
                case 2, 4:
                    guard entry.type == 5, entry.count == 3, let (at, _) = value(bytes, entry) else { continue }
                    var parts: [Double] = []
                    for index in 0..<3 {
                        guard let numerator = u32(bytes, at + index * 8), let denominator = u32(bytes, at + index * 8 + 4),
                            denominator != 0
                        else { break }
                        parts.append(Double(numerator) / Double(denominator))
                    }
                    guard parts.count == 3 else { continue }
                    values[entry.tag] = parts[0] + parts[1] / 60 + parts[2] / 3600
                default:
                    continue
                }
            }
            guard var latitude = values[2], var longitude = values[4] else { return nil }
            if refs[1] == UInt8(ascii: "S") { latitude = -latitude }
            if refs[3] == UInt8(ascii: "W") { longitude = -longitude }
            guard (-90...90).contains(latitude), (-180...180).contains(longitude), latitude != 0 || longitude != 0 else {
                return nil
            }
            return Coordinates(latitude: latitude, longitude: longitude)
        }
    }

    // MARK: XMP

    /// Every `<x:xmpmeta …>…</x:xmpmeta>` becomes spaces (XMP packets are padded with white space by
    /// design; a reader finds an empty one).
    static func blankXMP(_ bytes: inout [UInt8]) {
        let open = Array("<x:xmpmeta".utf8)
        let close = Array("</x:xmpmeta>".utf8)
        var index = 0
        while let begin = find(open, in: bytes, from: index) {
            guard let end = find(close, in: bytes, from: begin) else { break }
            for position in begin..<end + close.count { bytes[position] = 0x20 }
            index = end + close.count
        }
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = from
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    // MARK: PNG

    /// A PNG without its `eXIf`, `tEXt`, `iTXt` and `zTXt` chunks (whole chunks: no checksum to
    /// redo). Anything it cannot walk is returned as it came.
    static func withoutPNGMetadata(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > 8 else { return bytes }
        var output = Array(bytes[0..<8])
        var offset = 8
        let dropped: Set<String> = ["eXIf", "tEXt", "iTXt", "zTXt"]
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            let end = offset + 12 + length
            guard length >= 0, end <= bytes.count else { return bytes }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if !dropped.contains(type) { output.append(contentsOf: bytes[offset..<end]) }
            offset = end
            if type == "IEND" { break }
        }
        return output
    }
}

extension Array where Element == UInt8 {
    fileprivate subscript(safe index: Int) -> UInt8? { indices.contains(index) ? self[index] : nil }
}
