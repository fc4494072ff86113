import Foundation
import Testing

@testable import DaybookMedia

/// The SVG loader is open for Daybook's own charts (issue 16) and for nothing a client sends.
@Suite struct SVGRenderingTests {
    let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">\
        <rect width="100" height="50" fill="#2a9d8f"/></svg>
        """

    @Test func ourOwnSVGBecomesAPNGAtTwiceItsSize() async throws {
        let png = try await ImageProcessor().png(fromSVG: svg)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 200 && height == 100)
    }

    @Test func theGenericLoaderRefusesSVGEvenPastTheTypeCheck() throws {
        try Vips.start()
        let bytes = Array(svg.utf8)
        let refused = bytes.withUnsafeBytes { buffer -> Bool in
            do {
                _ = try VipsImage.header(buffer)
                return false
            } catch {
                return String(describing: error).contains("SVG is not accepted")
            }
        }
        #expect(refused)
        // And an upload of it never gets that far: its bytes are no accepted type.
        #expect(ImageFormat.detect(Data(svg.utf8)) == nil)
    }
}
