import DaybookCore
import Foundation

/// One chart as SVG, drawn by our own small code (issue 16): no JavaScript, no library. Every
/// chart carries a `<title>` and a `<desc>`, and the page shows its numbers in a table beside it.
///
/// Colours are presentation attributes (the moods' own colours, which read on light and dark);
/// text and axes take the page's text colour through the `chart` class, so dark mode follows the
/// page. A standalone file (a download, or the PNG) carries its own small stylesheet instead,
/// with a `prefers-color-scheme: dark` variant.
public struct Chart: Sendable {
    /// Also the file name of downloads, e.g. `trend`.
    public let name: String
    public let title: String
    /// A sentence saying what the chart shows, with its main numbers.
    public let summary: String
    public let width: Int
    public let height: Int
    /// The drawing, inside the `<svg>` element.
    let body: String

    init(name: String, title: String, summary: String, width: Int = Chart.width, height: Int, body: String) {
        self.name = name
        self.title = title
        self.summary = summary
        self.width = width
        self.height = height
        self.body = body
    }

    /// Charts are drawn 360 units wide: a phone's width, where 11-unit text is 11 px.
    public static let width = 360

    /// The SVG: for inside a page, or `standalone` for a file of its own.
    public func svg(standalone: Bool = false) -> String {
        let id = "chart-\(name)"
        var out = "<svg"
        if standalone { out += " xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"" }
        out += " viewBox=\"0 0 \(width) \(height)\" class=\"chart\" role=\"img\""
        out += " aria-labelledby=\"\(id)-title \(id)-desc\">"
        out += "<title id=\"\(id)-title\">\(title.markupEscaped)</title>"
        out += "<desc id=\"\(id)-desc\">\(summary.markupEscaped)</desc>"
        if standalone {
            out += "<style>\(Self.standaloneStyle)</style>"
            out += "<rect class=\"paper\" width=\"\(width)\" height=\"\(height)\"/>"
        }
        out += body
        out += "</svg>"
        return out
    }

    static let standaloneStyle = """
        .paper{fill:#fff}text{font:11px DejaVu Sans,Liberation Sans,sans-serif;fill:#222}.ink{stroke:#222}\
        @media (prefers-color-scheme:dark){.paper{fill:#16181d}text{fill:#e8e8e8}.ink{stroke:#e8e8e8}}
        """

    /// The accent for lines and bars that are not a mood.
    static let accent = "#4f6df5"
    /// Cells with nothing in them.
    static let empty = "#8a94a6"
}

/// Numbers as charts and their tables write them.
public enum ChartNumber {
    /// One decimal, no trailing ".0" ("3.5", "4"); "–" for none.
    public static func text(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    /// With a sign ("+0.8", "−1.2").
    public static func signed(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded > 0 ? "+" + text(rounded) : rounded < 0 ? "−" + text(-rounded) : "0"
    }

    /// A coordinate: at most one decimal.
    static func coordinate(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// "42 %".
    public static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded())) %" }
}

/// A little of SVG's vocabulary, escaped where text goes in.
enum SVG {
    static func text(_ content: String, x: Double, y: Double, anchor: String = "start", size: Int? = nil) -> String {
        var out = "<text x=\"\(ChartNumber.coordinate(x))\" y=\"\(ChartNumber.coordinate(y))\""
        if anchor != "start" { out += " text-anchor=\"\(anchor)\"" }
        if let size { out += " font-size=\"\(size)\"" }
        return out + ">\(content.markupEscaped)</text>"
    }

    static func line(x1: Double, y1: Double, x2: Double, y2: Double, opacity: Double = 0.25, dashed: Bool = false)
        -> String
    {
        "<line class=\"ink\" x1=\"\(ChartNumber.coordinate(x1))\" y1=\"\(ChartNumber.coordinate(y1))\""
            + " x2=\"\(ChartNumber.coordinate(x2))\" y2=\"\(ChartNumber.coordinate(y2))\""
            + " stroke-opacity=\"\(opacity)\"\(dashed ? " stroke-dasharray=\"3 3\"" : "")/>"
    }

    /// A rectangle with a tooltip (`<title>`), which screen readers also read; `rounded` gives it
    /// the bars' 2 px corners.
    static func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double = 1, rounded: Bool = true,
        tip: String
    )
        -> String
    {
        "<rect x=\"\(ChartNumber.coordinate(x))\" y=\"\(ChartNumber.coordinate(y))\""
            + " width=\"\(ChartNumber.coordinate(max(width, 0)))\" height=\"\(ChartNumber.coordinate(max(height, 0)))\""
            + (rounded ? " rx=\"2\"" : "")
            + " fill=\"\(fill)\"\(opacity < 1 ? " fill-opacity=\"\(String(format: "%.2f", opacity))\"" : "")>"
            + "<title>\(tip.markupEscaped)</title></rect>"
    }

    /// A label cut to `length` characters with an ellipsis, for narrow columns.
    static func short(_ label: String, _ length: Int) -> String {
        label.count <= length ? label : String(label.prefix(length - 1)) + "…"
    }
}
