import Foundation

/// Rewrites a WebP file keeping only the chunks that make the picture (`VP8X`, `VP8 `, `VP8L`,
/// `ALPH`, `ANIM`, `ANMF`) and dropping everything else: `EXIF`, `XMP `, `ICCP` and any unknown
/// chunk. libvips 8.14 writes an EXIF chunk even when asked to strip metadata, so every WebP
/// Daybook serves passes through here; a whitelist also covers what a later libvips might add.
enum WebPContainer {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    private static let pictureChunks: Set<String> = ["VP8X", "VP8 ", "VP8L", "ALPH", "ANIM", "ANMF"]
    /// VP8X flag bits for what was dropped: ICC profile, EXIF, XMP.
    private static let metadataFlags: UInt8 = 0x20 | 0x08 | 0x04

    static func strippingMetadata(_ data: Data) throws(Malformed) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8)
        else { throw Malformed(description: "not a RIFF WEBP file") }
        let riffEnd = min(bytes.count, 8 + Int(readUInt32(bytes, at: 4)))
        var output: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        output.reserveCapacity(bytes.count)
        var offset = 12
        var keptPicture = false
        while offset + 8 <= riffEnd {
            let fourCC = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(readUInt32(bytes, at: offset + 4))
            let payloadEnd = offset + 8 + size
            guard payloadEnd <= riffEnd else { throw Malformed(description: "chunk \(fourCC) runs past the end") }
            let paddedEnd = min(riffEnd, payloadEnd + (size & 1))
            if pictureChunks.contains(fourCC) {
                var chunk = Array(bytes[offset..<paddedEnd])
                if fourCC == "VP8X", chunk.count > 8 { chunk[8] &= ~metadataFlags }
                if size & 1 == 1 && chunk.count == 8 + size { chunk.append(0) }
                output.append(contentsOf: chunk)
                if fourCC != "VP8X" { keptPicture = true }
            }
            offset = paddedEnd
        }
        guard keptPicture else { throw Malformed(description: "no image data") }
        let riffSize = UInt32(output.count - 8)
        output[4] = UInt8(riffSize & 0xFF)
        output[5] = UInt8((riffSize >> 8) & 0xFF)
        output[6] = UInt8((riffSize >> 16) & 0xFF)
        output[7] = UInt8((riffSize >> 24) & 0xFF)
        return Data(output)
    }

    private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}
