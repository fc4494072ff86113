import ArgumentParser
import DaybookMedia
import Foundation

/// `daybook bench-photos`: the photo pipeline's figures for `make bench` (issue 4). Makes
/// 12-megapixel images with libvips, writes them to `--out` for the upload benchmarks, and times
/// `ImageProcessor` turning each into every derivative (320 px, 1280 px, and the avatar square),
/// in this process, one at a time. Hidden from `--help`. Prints JSON.
///
/// A decoder's time grows with the bitrate, so the samples are sized like a phone's photos: `jpeg`
/// (quality 90, about 4 MB) and `heic` (libheif's default quality 50, about 2 MB, as an iPhone's
/// 12 MP HEIC) have a photo-like grain. `heic-noise` is the worst case, per-pixel noise at quality
/// 90 (about 11 MB, five times a phone's): reported, not held to the target.
struct BenchPhotos: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-photos", abstract: "Time the photo pipeline (for make bench).", shouldDisplay: false)

    @Option(help: "Where to write photo-12mp.jpg and photo-12mp.heic.")
    var out: String

    @Option(help: "Timed runs of each format (after one untimed run).")
    var runs = 5

    func run() async throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let processor = ImageProcessor(maxConcurrent: 1)
        var figures: [String: Any] = [:]
        let samples: [(name: String, file: String, format: ImageFormat, texture: SampleImage.Texture, quality: Int)] = [
            ("jpeg", "photo-12mp.jpg", .jpeg, .grain, 90),
            ("heic", "photo-12mp.heic", .heic, .grain, 50),
            ("heic-noise", "noise-12mp.heic", .heic, .noise, 90),
        ]
        for (name, file, format, texture, quality) in samples {
            let bytes = try SampleImage.make(
                width: 4000, height: 3000, format: format, texture: texture, quality: quality)
            let path = (out as NSString).appendingPathComponent(file)
            try bytes.write(to: URL(fileURLWithPath: path))
            _ = try await processor.process(bytes, kind: .avatar)
            var seconds: [Double] = []
            for _ in 0..<runs {
                let start = ContinuousClock.now
                _ = try await processor.process(bytes, kind: .avatar)
                let elapsed = ContinuousClock.now - start
                seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            seconds.sort()
            figures[name] = [
                "file": path, "bytes": bytes.count, "width": 4000, "height": 3000, "runs": runs,
                "median_s": seconds[seconds.count / 2], "max_s": seconds.last ?? 0, "min_s": seconds.first ?? 0,
            ]
        }
        let json = try JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys, .prettyPrinted])
        print(String(decoding: json, as: UTF8.self))
    }
}
