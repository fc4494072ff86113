import DaybookMedia
import Foundation
import Testing

@Suite struct ImageFormatTests {
    @Test func detectsEachAcceptedTypeFromItsBytes() throws {
        #expect(ImageFormat.detect(try Fixture.encode(width: 8, height: 8, as: .jpeg)) == .jpeg)
        #expect(ImageFormat.detect(try Fixture.encode(width: 8, height: 8, as: .png)) == .png)
        #expect(ImageFormat.detect(try Fixture.encode(width: 8, height: 8, as: .webp)) == .webp)
        #expect(ImageFormat.detect(try Fixture.encode(width: 64, height: 64, as: .heic)) == .heic)
        #expect(ImageFormat.detect(try Fixture.encode(width: 64, height: 64, as: .avif)) == .avif)
    }

    @Test func refusesEverythingElse() {
        #expect(ImageFormat.detect(Data("hello, this is text renamed to photo.jpg".utf8)) == nil)
        #expect(ImageFormat.detect(Data()) == nil)
        #expect(ImageFormat.detect(Data([0xFF, 0xD8])) == nil)
        #expect(ImageFormat.detect(Data("GIF89a......".utf8)) == nil)
        #expect(ImageFormat.detect(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == nil)
        #expect(ImageFormat.detect(Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
        // An MP4 video is ISO BMFF too, with other brands.
        var mp4 = Data([0, 0, 0, 0x18])
        mp4.append(contentsOf: Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8))
        #expect(ImageFormat.detect(mp4) == nil)
    }

    @Test func readsHEIFBrands() {
        func ftyp(_ major: String, _ compatible: [String]) -> Data {
            var data = Data()
            let size = 16 + 4 * compatible.count
            data.append(contentsOf: [0, 0, UInt8(size >> 8), UInt8(size & 0xFF)])
            data.append(contentsOf: Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0])
            for brand in compatible { data.append(contentsOf: Array(brand.utf8)) }
            data.append(contentsOf: [0, 0, 0, 8] + Array("meta".utf8))
            return data
        }
        #expect(ImageFormat.detect(ftyp("heic", ["mif1", "heic"])) == .heic)
        #expect(ImageFormat.detect(ftyp("heix", [])) == .heic)
        #expect(ImageFormat.detect(ftyp("mif1", ["heic"])) == .heic)
        #expect(ImageFormat.detect(ftyp("mif1", [])) == .heic)
        #expect(ImageFormat.detect(ftyp("avif", ["mif1", "miaf"])) == .avif)
        #expect(ImageFormat.detect(ftyp("mif1", ["avif"])) == .avif)
        #expect(ImageFormat.detect(ftyp("qt  ", ["qt  "])) == nil)
        #expect(ImageFormat.detect(ftyp("mp42", ["isom", "mp42"])) == nil)
    }

    @Test func mediaTypes() {
        #expect(ImageFormat.jpeg.mimeType == "image/jpeg")
        #expect(ImageFormat.webp.mimeType == "image/webp")
        #expect(ImageFormat.heic.mimeType == "image/heic")
    }
}
