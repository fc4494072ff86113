import DaybookCore
import Foundation

/// The shapes insights are drawn with: bars, a line, a donut, a grid of cells and bars either
/// side of zero. Each takes plain values and labels; `InsightCharts` feeds them statistics.
enum ChartKinds {
    struct Bar {
        var label: String
        var value: Double?
        var color: String
        /// The tooltip, e.g. "March: 3.8 over 21 days".
        var tip: String
    }

    static let top = 14.0, bottom = 24.0, left = 26.0, right = 8.0

    /// Vertical bars from `scale.lowerBound`, a light rule at each tick. Values are written on
    /// the bars when there are at most 12; labels every `labelEvery` bars.
    static func bars(
        _ bars: [Bar], height: Int = 190, scale: ClosedRange<Double>, ticks: [Double], labelEvery: Int = 1,
        valueText: (Double) -> String = ChartNumber.text
    ) -> String {
        let plotHeight = Double(height) - top - bottom
        let plotWidth = Double(Chart.width) - left - right
        func y(_ value: Double) -> Double {
            let span = max(scale.upperBound - scale.lowerBound, 1e-9)
            return top + plotHeight
                * (1 - (min(max(value, scale.lowerBound), scale.upperBound) - scale.lowerBound) / span)
        }
        var out = ""
        for tick in ticks {
            out += SVG.line(x1: left, y1: y(tick), x2: left + plotWidth, y2: y(tick))
            out += SVG.text(ChartNumber.text(tick), x: left - 4, y: y(tick) + 4, anchor: "end", size: 10)
        }
        let slot = plotWidth / Double(max(bars.count, 1))
        let barWidth = max(2, slot * 0.7)
        for (index, bar) in bars.enumerated() {
            let x = left + slot * Double(index) + (slot - barWidth) / 2
            if let value = bar.value {
                out += SVG.rect(
                    x: x, y: y(value), width: barWidth, height: y(scale.lowerBound) - y(value), fill: bar.color,
                    tip: bar.tip)
                if bars.count <= 12 {
                    out += SVG.text(valueText(value), x: x + barWidth / 2, y: y(value) - 3, anchor: "middle", size: 10)
                }
            }
            if index % max(labelEvery, 1) == 0 {
                out += SVG.text(bar.label, x: x + barWidth / 2, y: Double(height) - 8, anchor: "middle", size: 10)
            }
        }
        return out
    }

    /// Daily values as dots (when there are few enough to tell apart) and a smoothed line on the
    /// mood scale 1–5; the line breaks where there is no value.
    static func moodLine(
        dots: [(index: Int, mood: Mood, tip: String)], line: [Double?], count: Int,
        labels: [(index: Int, text: String)],
        height: Int = 200
    ) -> String {
        let plotHeight = Double(height) - top - bottom
        let plotWidth = Double(Chart.width) - left - right
        func x(_ index: Int) -> Double { left + plotWidth * (count <= 1 ? 0.5 : Double(index) / Double(count - 1)) }
        func y(_ value: Double) -> Double { top + plotHeight * (1 - (value - 1) / 4) }
        var out = ""
        for level in 1...5 {
            out += SVG.line(x1: left, y1: y(Double(level)), x2: left + plotWidth, y2: y(Double(level)))
            out += SVG.text(String(level), x: left - 4, y: y(Double(level)) + 4, anchor: "end", size: 10)
        }
        if count <= 400 {
            let radius = count <= 100 ? 3.0 : 1.8
            for dot in dots {
                out +=
                    "<circle cx=\"\(ChartNumber.coordinate(x(dot.index)))\" cy=\"\(ChartNumber.coordinate(y(Double(dot.mood.rawValue))))\""
                out += " r=\"\(radius)\" fill=\"\(dot.mood.color)\"><title>\(dot.tip.markupEscaped)</title></circle>"
            }
        }
        var path = ""
        var drawing = false
        for (index, value) in line.enumerated() {
            guard let value else {
                drawing = false
                continue
            }
            path += (drawing ? "L" : "M") + ChartNumber.coordinate(x(index)) + " " + ChartNumber.coordinate(y(value))
            drawing = true
        }
        if !path.isEmpty {
            out += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(Chart.accent)\" stroke-width=\"2\""
            out += " stroke-linejoin=\"round\" stroke-linecap=\"round\"/>"
        }
        for label in labels {
            let anchor = label.index == 0 ? "start" : label.index == count - 1 ? "end" : "middle"
            out += SVG.text(label.text, x: x(label.index), y: Double(height) - 8, anchor: anchor, size: 10)
        }
        return out
    }

    /// A ring of slices (each an arc of one circle's stroke) with a legend beside it.
    static func donut(_ slices: [(label: String, value: Int, color: String)], centre: String, height: Int = 170)
        -> String
    {
        let total = slices.reduce(0) { $0 + $1.value }
        let radius = 55.0
        let cx = 80.0
        let cy = Double(height) / 2
        let circumference = 2 * Double.pi * radius
        var out =
            "<circle class=\"ink\" cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(radius)\" fill=\"none\" stroke-opacity=\"0.12\" stroke-width=\"26\"/>"
        var offset = 0.0
        for slice in slices where slice.value > 0 && total > 0 {
            let length = circumference * Double(slice.value) / Double(total)
            out += "<circle cx=\"\(cx)\" cy=\"\(ChartNumber.coordinate(cy))\" r=\"\(radius)\" fill=\"none\""
            out += " stroke=\"\(slice.color)\" stroke-width=\"26\""
            out += " stroke-dasharray=\"\(ChartNumber.coordinate(length)) \(ChartNumber.coordinate(circumference))\""
            out +=
                " stroke-dashoffset=\"\(ChartNumber.coordinate(-offset))\" transform=\"rotate(-90 \(cx) \(ChartNumber.coordinate(cy)))\">"
            out += "<title>\(slice.label.markupEscaped): \(slice.value)</title></circle>"
            offset += length
        }
        out += SVG.text(centre, x: cx, y: cy + 5, anchor: "middle", size: 14)
        for (index, slice) in slices.enumerated() {
            let y = 30.0 + Double(index) * 24
            out += SVG.rect(x: 170, y: y - 10, width: 12, height: 12, fill: slice.color, tip: slice.label)
            let share = total == 0 ? "" : " (\(ChartNumber.percent(Double(slice.value) / Double(total))))"
            out += SVG.text("\(slice.label): \(slice.value)\(share)", x: 188, y: y, size: 11)
        }
        return out
    }

    struct Cell {
        var color: String?
        var opacity: Double
        var tip: String
    }

    /// Rows of cells (a year in pixels, feelings by hour): a label before each row, column labels
    /// under the grid; a cell with no colour is an outline. Cells have square corners: rounded,
    /// the 366 of a year took librsvg 4 ms more to draw as PNG (7.6 against 4.1 ms) and doubled
    /// the file.
    static func grid(
        rows: [(label: String, cells: [Cell])], columns: Int, columnLabels: [(index: Int, text: String)],
        labelWidth: Double, cellHeight: Double = 12
    ) -> (body: String, height: Int) {
        let cellWidth = (Double(Chart.width) - labelWidth - right) / Double(max(columns, 1))
        var out = ""
        for (row, line) in rows.enumerated() {
            let y = top + Double(row) * cellHeight
            out += SVG.text(
                SVG.short(line.label, 12), x: labelWidth - 4, y: y + cellHeight - 3, anchor: "end", size: 10)
            for (column, cell) in line.cells.enumerated() {
                let x = labelWidth + Double(column) * cellWidth
                if let color = cell.color {
                    out += SVG.rect(
                        x: x + 0.5, y: y + 0.5, width: cellWidth - 1, height: cellHeight - 1, fill: color,
                        opacity: cell.opacity, rounded: false, tip: cell.tip)
                } else {
                    out +=
                        "<rect class=\"ink\" x=\"\(ChartNumber.coordinate(x + 1))\" y=\"\(ChartNumber.coordinate(y + 1))\""
                    out +=
                        " width=\"\(ChartNumber.coordinate(cellWidth - 2))\" height=\"\(ChartNumber.coordinate(cellHeight - 2))\""
                    out +=
                        " fill=\"none\" stroke-opacity=\"0.18\"><title>\(cell.tip.markupEscaped)</title></rect>"
                }
            }
        }
        let bottomY = top + Double(rows.count) * cellHeight + 12
        for label in columnLabels {
            out += SVG.text(
                label.text, x: labelWidth + (Double(label.index) + 0.5) * cellWidth, y: bottomY, anchor: "middle",
                size: 10)
        }
        return (out, Int(bottomY + 8))
    }

    /// Horizontal bars either side of a zero line: above zero to the right.
    static func differences(_ rows: [(label: String, value: Double, tip: String)], labelWidth: Double = 120)
        -> (body: String, height: Int)
    {
        let rowHeight = 22.0
        let limit = max(1, rows.map { abs($0.value) }.max() ?? 1)
        let plotWidth = Double(Chart.width) - labelWidth - right - 34
        let zero = labelWidth + plotWidth / 2
        var out = ""
        for (index, row) in rows.enumerated() {
            let y = top + Double(index) * rowHeight
            let length = plotWidth / 2 * abs(row.value) / limit
            let color = row.value >= 0 ? Mood.good.color : Mood.bad.color
            out += SVG.text(SVG.short(row.label, 18), x: labelWidth - 6, y: y + 13, anchor: "end", size: 11)
            out += SVG.rect(
                x: row.value >= 0 ? zero : zero - length, y: y + 3, width: length, height: rowHeight - 8, fill: color,
                tip: row.tip)
            out += SVG.text(
                ChartNumber.signed(row.value), x: row.value >= 0 ? zero + length + 4 : zero - length - 4, y: y + 13,
                anchor: row.value >= 0 ? "start" : "end", size: 10)
        }
        let bottomY = top + Double(max(rows.count, 1)) * rowHeight
        out += SVG.line(x1: zero, y1: top - 4, x2: zero, y2: bottomY, opacity: 0.5)
        return (out, Int(bottomY + 10))
    }
}
