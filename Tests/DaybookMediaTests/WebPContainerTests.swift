import Foundation
import Testing

@testable import DaybookMedia

@Suite struct WebPContainerTests {
    @Test func dropsEXIFXMPAndICCChunks() throws {
        let source = try Fixture.make(width: 120, height: 80, bands: 4)
        source.set("exif-ifd3-GPSLatitudeRef", string: "N")
        source.set("exif-ifd3-GPSLatitude", string: "60/1 10/1 0/1")
        source.set("xmp-data", blob: Data("<x:xmpmeta>here</x:xmpmeta>".utf8))
        let withMetadata = try Fixture.encode(source, as: .webp)
        #expect(withMetadata.range(of: Data("EXIF".utf8)) != nil)
        #expect(withMetadata.range(of: Data("XMP ".utf8)) != nil)

        let clean = try WebPContainer.strippingMetadata(withMetadata)
        for needle in ["EXIF", "XMP ", "ICCP", "xmpmeta"] {
            #expect(clean.range(of: Data(needle.utf8)) == nil, "kept \(needle)")
        }
        // Still a valid WebP of the same picture, alpha and all.
        let loaded = try Fixture.load(clean)
        #expect(loaded.width == 120)
        #expect(loaded.height == 80)
        #expect(!loaded.has("exif-data"))
        #expect(!loaded.has("xmp-data"))
        let riffSize = clean[4...7].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        #expect(riffSize == clean.count - 8)
    }

    @Test func refusesWhatIsNotWebP() {
        #expect(throws: WebPContainer.Malformed.self) { try WebPContainer.strippingMetadata(Data("RIFF".utf8)) }
        var noImage = Data("RIFF".utf8) + Data([4, 0, 0, 0]) + Data("WEBP".utf8)
        #expect(throws: WebPContainer.Malformed.self) { try WebPContainer.strippingMetadata(noImage) }
        noImage.append(Data("VP8 ".utf8) + Data([0xFF, 0xFF, 0, 0]))
        #expect(throws: WebPContainer.Malformed.self) { try WebPContainer.strippingMetadata(noImage) }
    }
}
