import Foundation
import VipsShim

extension ImageProcessor {
    /// A sample of a photo's pixels for naming its colours: the middle half of the picture each
    /// way (where the item is, rather than the wall behind it), upright, 8-bit sRGB, about
    /// `side`×`side` pixels. Give it a derivative (`small`), not the original: it is decoded whole.
    public func centreSample(_ data: Data, side: Int = 32) async throws(ImageProcessingError) -> (
        pixels: [UInt8], bands: Int
    ) {
        guard ImageFormat.detect(data) != nil else { throw .unsupportedType }
        do {
            return try await Self.pool.runIfActive {
                try Self.sample(data, side: side)
            }
        } catch let error as ImageProcessingError {
            throw error
        } catch {
            throw .processingFailed(reason: String(describing: error))
        }
    }

    private static func sample(_ data: Data, side: Int) throws(ImageProcessingError) -> (pixels: [UInt8], bands: Int) {
        do {
            try Vips.start()
        } catch {
            throw .processingFailed(reason: error.description)
        }
        let result = data.withUnsafeBytes { bytes -> Result<(pixels: [UInt8], bands: Int), ImageProcessingError> in
            do throws(VipsError) {
                let image = try VipsImage.thumbnail(
                    bytes, width: side * 2, height: side * 2, cropCentre: false, toSRGB: true
                ).srgb8()
                let (width, height) = (image.width, image.height)
                let centre = try image.cropped(
                    left: width / 4, top: height / 4, width: max(1, width / 2), height: max(1, height / 2))
                return .success((try centre.pixels(), centre.bands))
            } catch {
                return .failure(.undecodable(reason: error.description))
            }
        }
        return try result.get()
    }
}
