import Foundation
import VipsShim

extension ImageProcessor {
    /// A PNG of an SVG document Daybook drew itself (an insight chart), at `scale` times its size,
    /// rendered by libvips (librsvg) on the processing pool. Never give it what a client sent.
    public func png(fromSVG svg: String, scale: Double = 2) async throws(ImageProcessingError) -> Data {
        do {
            return try await permits.withPermit {
                try await Self.pool.runIfActive { try Self.renderPNG(svg, scale: scale) }
            }
        } catch let error as ImageProcessingError {
            throw error
        } catch {
            throw .processingFailed(reason: String(describing: error))
        }
    }

    private static func renderPNG(_ svg: String, scale: Double) throws(ImageProcessingError) -> Data {
        let bytes = Array(svg.utf8)
        let result = bytes.withUnsafeBytes { buffer -> Result<Data, ImageProcessingError> in
            do throws(VipsError) {
                try Vips.start()
                guard let base = buffer.baseAddress, let loaded = dbv_load_svg(base, buffer.count, scale) else {
                    throw .last("svgload")
                }
                let image = VipsImage(loaded)
                var out: UnsafeMutableRawPointer?
                var length = 0
                // Level 3, not 6: a chart is flat colour, so the file is ~18 % larger (52 KB for a
                // year in pixels at 2×) and written in half the time (3.0 against 6.6 ms).
                guard dbv_save_png_buffer(image.pointer, &out, &length, 3, 1) == 0 else { throw .last("pngsave") }
                return .success(Vips.data(taking: out, length: length))
            } catch {
                return .failure(.processingFailed(reason: error.description))
            }
        }
        return try result.get()
    }
}
