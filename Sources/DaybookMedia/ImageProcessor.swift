import Crypto
import DaybookCore
import Foundation
import NIOPosix
import VipsShim

/// Turns an upload into what Daybook keeps: checks it (size, type from its bytes, pixel count,
/// that it decodes completely), rotates it upright by its EXIF orientation and makes the
/// derivatives, stripped of every piece of metadata (GPS above all).
///
/// Work runs on a thread pool of its own, never on an event loop, and at most `maxConcurrent`
/// images are processed at once in the whole process; a burst of uploads waits its turn instead
/// of exhausting memory.
public struct ImageProcessor: Sendable {
    /// What an upload is for: avatars get the 256 px square as well.
    public enum Kind: String, Sendable, Hashable, Codable {
        case photo
        case avatar
    }

    public struct Limits: Sendable, Hashable {
        /// 25 MB (MiB) by default.
        public var maxBytes: Int
        /// 50 megapixels by default, read from the header before anything is decoded.
        public var maxPixels: Int

        public init(maxBytes: Int = 25 * 1024 * 1024, maxPixels: Int = 50_000_000) {
            self.maxBytes = maxBytes
            self.maxPixels = maxPixels
        }
    }

    public var limits: Limits
    /// Quality of the WebP (or JPEG) derivatives, 1–100.
    public var quality: Int
    let permits: AsyncSemaphore

    /// - Parameter maxConcurrent: images processed at once by this processor; never more than the
    ///   shared pool's threads (the number of cores).
    public init(
        limits: Limits = Limits(), quality: Int = 80,
        maxConcurrent: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.limits = limits
        self.quality = quality
        permits = AsyncSemaphore(limit: max(1, min(maxConcurrent, Self.poolSize)))
    }

    /// Images being processed now, and waiting, by this processor.
    public var running: Int { permits.running }
    public var waiting: Int { permits.waiting }

    /// Checks and processes an upload. Cheap refusals (size, type) answer at once; the rest waits
    /// for a free slot and runs on the processing pool.
    public func process(_ data: Data, kind: Kind) async throws(ImageProcessingError) -> ProcessedImage {
        let format = try precheck(data)
        do {
            return try await permits.withPermit {
                try await Self.pool.runIfActive { [self] in
                    try processSynchronously(data, format: format, kind: kind)
                }
            }
        } catch let error as ImageProcessingError {
            throw error
        } catch is CancellationError {
            throw .processingFailed(reason: "cancelled")
        } catch {
            throw .processingFailed(reason: String(describing: error))
        }
    }

    /// The same, on the calling thread (which it blocks). For benchmarks and tools.
    public func processSynchronously(_ data: Data, kind: Kind) throws(ImageProcessingError) -> ProcessedImage {
        try processSynchronously(data, format: try precheck(data), kind: kind)
    }

    private func precheck(_ data: Data) throws(ImageProcessingError) -> ImageFormat {
        guard data.count <= limits.maxBytes else { throw .tooLarge(limit: limits.maxBytes) }
        guard let format = ImageFormat.detect(data) else { throw .unsupportedType }
        return format
    }

    private func processSynchronously(_ data: Data, format: ImageFormat, kind: Kind) throws(ImageProcessingError)
        -> ProcessedImage
    {
        do {
            try Vips.start()
        } catch {
            throw .processingFailed(reason: error.description)
        }
        let result = data.withUnsafeBytes { bytes -> Result<ProcessedImage, ImageProcessingError> in
            do throws(ImageProcessingError) {
                return .success(try derive(bytes, original: data, format: format, kind: kind))
            } catch {
                return .failure(error)
            }
        }
        dbv_release_memory()
        return try result.get()
    }

    /// Everything libvips does to one upload. `bytes` stays valid throughout, as libvips needs.
    private func derive(
        _ bytes: UnsafeRawBufferPointer, original: Data, format: ImageFormat, kind: Kind
    ) throws(ImageProcessingError) -> ProcessedImage {
        // 1. The header only: its size is known before a single pixel is decoded.
        let header: VipsImage
        do {
            header = try VipsImage.header(bytes)
        } catch {
            throw .undecodable(reason: error.description)
        }
        let (storedWidth, storedHeight) = (header.width, header.height)
        guard storedWidth > 0, storedHeight > 0 else { throw .undecodable(reason: "no pixels") }
        guard storedWidth.multipliedReportingOverflow(by: storedHeight).partialValue <= limits.maxPixels,
            storedWidth <= limits.maxPixels, storedHeight <= limits.maxPixels
        else {
            throw .tooManyPixels(width: storedWidth, height: storedHeight, limit: limits.maxPixels)
        }
        guard !ImageTrailer.hasMarkup(bytes, format: format) else {
            throw .undecodable(reason: "markup after the image")
        }
        let swapsAxes = header.orientation >= 5
        let toSRGB = header.hasICCProfile || header.isCMYK

        // 2. The large derivative straight from the file (shrink-on-load where the decoder can),
        //    held in memory: this decodes the whole file, so a damaged one fails here.
        let large: VipsImage
        do {
            let box = DerivativeSize.large.box
            large = try VipsImage.thumbnail(
                bytes, width: box.width, height: box.height, cropCentre: false, toSRGB: toSRGB
            ).srgb8().inMemory()
        } catch {
            throw .undecodable(reason: error.description)
        }
        var width = swapsAxes ? storedHeight : storedWidth
        var height = swapsAxes ? storedWidth : storedHeight
        if (width > height && large.height > large.width) || (width < height && large.width > large.height) {
            // The container rotated it already (HEIF's own rotation): believe the pixels.
            swap(&width, &height)
        }

        // 3. The smaller ones from the large one in memory, except an avatar that needs more
        //    pixels than a panorama's large copy has.
        do {
            var derivatives = [try encode(large, as: .large)]
            let small = try large.thumbnail(
                width: DerivativeSize.small.box.width, height: DerivativeSize.small.box.height, cropCentre: false)
            derivatives.append(try encode(small, as: .small))
            if kind == .avatar {
                let box = DerivativeSize.avatar.box
                let largeIsWhole = large.width == width && large.height == height
                let source: VipsImage
                if min(large.width, large.height) >= box.width || largeIsWhole {
                    source = large
                } else {
                    do {
                        source = try VipsImage.thumbnail(
                            bytes, width: box.width, height: box.height, cropCentre: true, toSRGB: toSRGB
                        ).srgb8()
                    } catch {
                        throw ImageProcessingError.undecodable(reason: error.description)
                    }
                }
                var avatar = try source.thumbnail(width: box.width, height: box.height, cropCentre: true)
                if avatar.width != avatar.height {
                    // Too small to fill the box (never enlarged): still a square, from the middle.
                    let side = min(avatar.width, avatar.height)
                    avatar = try avatar.cropped(
                        left: (avatar.width - side) / 2, top: (avatar.height - side) / 2, width: side, height: side)
                }
                derivatives.append(try encode(avatar, as: .avatar))
            }
            // The original is kept without its place or its owner's and camera's identity.
            let scrubbed = LocationScrubber.scrub(original, format: format)
            var image = ProcessedImage(
                original: scrubbed.data, format: format, width: width, height: height,
                sha256: SHA256.hash(data: scrubbed.data).hexString, derivatives: derivatives)
            image.place = scrubbed.place
            return image
        } catch let error as ImageProcessingError {
            throw error
        } catch {
            throw .processingFailed(reason: String(describing: error))
        }
    }

    private func encode(_ image: VipsImage, as size: DerivativeSize) throws(VipsError) -> Derivative {
        if Self.derivativeFormat == .webp {
            let encoded = try image.webp(quality: quality, strip: true)
            let clean: Data
            do {
                clean = try WebPContainer.strippingMetadata(encoded)
            } catch {
                throw VipsError(operation: "webp metadata", message: error.description)
            }
            return Derivative(size: size, format: .webp, width: image.width, height: image.height, data: clean)
        }
        return Derivative(
            size: size, format: .jpeg, width: image.width, height: image.height,
            data: try image.jpeg(quality: quality, strip: true))
    }

    /// WebP where this libvips can write it, else JPEG.
    public static var derivativeFormat: ImageFormat {
        (try? Vips.start()) != nil && Vips.canSaveWebP ? .webp : .jpeg
    }

    /// The libvips version in use, for logs and `/healthz`-like diagnostics.
    public static var libvipsVersion: String {
        (try? Vips.start()) != nil ? Vips.version : "unavailable"
    }

    // MARK: The processing pool

    static let poolSize = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// One pool for the whole process, as many threads as cores, started on first use and kept
    /// for the life of the process.
    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: poolSize)
        pool.start()
        return pool
    }()
}
