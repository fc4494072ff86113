/// Names the colours of a photo with the colour keywords of `ClosetKeywords`, so that a new item's
/// colours can be suggested instead of typed. Pure arithmetic on pixels; the media module reads
/// them from the photo.
public enum ColorNaming {
    /// The colour keyword nearest to an sRGB colour, by hue, saturation and lightness.
    public static func name(red: UInt8, green: UInt8, blue: UInt8) -> String {
        let r = Double(red) / 255
        let g = Double(green) / 255
        let b = Double(blue) / 255
        let high = max(r, g, b)
        let low = min(r, g, b)
        let lightness = (high + low) / 2
        let chroma = high - low
        let saturation = chroma == 0 ? 0 : chroma / (1 - abs(2 * lightness - 1))
        var hue = 0.0
        if chroma > 0 {
            if high == r {
                hue = 60 * ((g - b) / chroma).truncatingRemainder(dividingBy: 6)
            } else if high == g {
                hue = 60 * ((b - r) / chroma + 2)
            } else {
                hue = 60 * ((r - g) / chroma + 4)
            }
            if hue < 0 { hue += 360 }
        }
        // Greys first: little colour, or too dark or light to tell.
        if lightness < 0.12 || (chroma < 0.08 && lightness < 0.25) { return "black" }
        if lightness > 0.92 || (chroma < 0.06 && lightness > 0.85) { return "white" }
        if chroma < 0.1 || saturation < 0.12 {
            if (20...70).contains(hue), lightness > 0.6 { return "beige" }
            return "grey"
        }
        switch hue {
        case ..<12, 345...:
            if lightness < 0.3 { return "burgundy" }
            if lightness > 0.7 { return "pink" }
            return "red"
        case 12..<45:
            if lightness < 0.45 || saturation < 0.35 { return lightness > 0.65 ? "beige" : "brown" }
            if lightness > 0.75 { return "beige" }
            return "orange"
        case 45..<70:
            if lightness < 0.4 { return "olive" }
            if saturation < 0.45, lightness > 0.6 { return "beige" }
            return "yellow"
        case 70..<100:
            return lightness < 0.45 || saturation < 0.45 ? "olive" : "green"
        case 100..<175:
            return "green"
        case 175..<255:
            if lightness < 0.3 { return "navy" }
            if lightness > 0.65 { return "light-blue" }
            return "blue"
        case 255..<290:
            return "purple"
        default:
            return lightness < 0.3 ? "burgundy" : "pink"
        }
    }

    /// The colours that cover at least `minimumShare` of the pixels, most common first, at most
    /// `limit`. `pixels` is 8-bit sRGB, `bands` values per pixel (3, or 4 with alpha; transparent
    /// pixels are skipped).
    public static func dominant(pixels: [UInt8], bands: Int, limit: Int = 3, minimumShare: Double = 0.1) -> [String] {
        guard bands >= 3 else { return [] }
        var counts: [String: Int] = [:]
        var total = 0
        var index = 0
        while index + bands <= pixels.count {
            defer { index += bands }
            if bands == 4, pixels[index + 3] < 128 { continue }
            counts[name(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2]), default: 0] += 1
            total += 1
        }
        guard total > 0 else { return [] }
        return counts.filter { Double($0.value) / Double(total) >= minimumShare }
            .sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .prefix(limit).map(\.key)
    }
}
