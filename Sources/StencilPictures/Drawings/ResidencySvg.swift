import Foundation
import StencilKit

/// An SVG chart of a streaming schedule's residency over time (`stencil-bench svg SCENARIO --residency`): one row
/// per tile, in the order of its first request, with a bar per hold — orange while it loads (request → completion),
/// green while it is resident (completion → eviction) — and below, the slots in use against the capacity.
public struct ResidencyDrawing: Sendable {
    /// The name in the title.
    public let name: String
    /// The schedule.
    public let schedule: StreamingSchedule<TileIndex>
    /// The slots C it was planned with.
    public let capacity: Int
    /// The schedule's holds, in request order.
    public let holds: [Residency<TileIndex>.Hold]

    /// Colours of the chart.
    enum Colour {
        /// A tile loading: requested, not complete.
        static let loading = "#fd8d3c"
        /// A tile resident: complete, not evicted.
        static let resident = "#41ab5d"
        /// The capacity line.
        static let capacity = "#cb181d"
    }

    /// The chart of `schedule`, planned with `capacity` slots, whose holds are `holds`, titled with `name`.
    public init(name: String, schedule: StreamingSchedule<TileIndex>, capacity: Int, holds: [Residency<TileIndex>.Hold])
    {
        self.name = name
        self.schedule = schedule
        self.capacity = capacity
        self.holds = holds
    }

    /// The tiles in the order of their first request, each with its row on the chart.
    public var rows: [TileIndex: Int] {
        var rows: [TileIndex: Int] = [:]
        for hold in holds where rows[hold.tile] == nil { rows[hold.tile] = rows.count }
        return rows
    }

    /// The chart as SVG text.
    public func render() -> String {
        let start = -schedule.takeoffWait
        let end = Double(schedule.frameCount) / schedule.framesPerSecond
        let rows = self.rows
        let loader = schedule.loader
        let lines = [
            "\(name) — the streaming schedule's residency over time",
            "capacity C = \(capacity) tiles · loader λ = \(fmt(loader.latency, decimals: 4)) s, μ = "
                + "\(fmt(loader.throughput)) tiles/s · \(schedule.frameCount) frames at \(fmt(schedule.framesPerSecond)) fps "
                + "· take-off wait \(fmt(schedule.takeoffWait, decimals: 4)) s",
            "\(schedule.requestCount) requests (Belady's bound \(schedule.beladyBound)) of \(rows.count) tiles, "
                + "\(schedule.evictions.count) evictions, peak \(schedule.peakTiles) slots",
        ]
        var caption = ""
        var captionY = 22.0
        for (i, line) in lines.enumerated() {
            for part in FlightDrawing.wrap(line, characters: Int((FlightDrawing.pageWidth - 24) / (i == 0 ? 9 : 7))) {
                caption += Svg.tag(
                    "text", [("x", "12"), ("y", Svg.number(captionY)), ("font-size", i == 0 ? "16" : "13")],
                    content: Svg.escape(part))
                captionY += i == 0 ? 21 : 19
            }
        }
        let top = captionY + 30
        // Laid out for a page about 680 points wide, like the route picture (``FlightDrawing``): text of 12 points.
        let left = 96.0
        let plotWidth = FlightDrawing.pageWidth - left - 30
        let rowHeight = min(12, max(2, 900 / Double(max(rows.count, 1))))
        let plotHeight = rowHeight * Double(rows.count)
        let slotsTop = top + plotHeight + 50
        let slotsHeight = 140.0
        let height = slotsTop + slotsHeight + 50
        let x = { (t: Double) in left + (t - start) / max(end - start, 1e-9) * plotWidth }
        let n = Svg.number
        var s = Svg.header(width: left + plotWidth + 30, height: height) + caption

        // Key.
        s += Svg.rect(left, top - 22, 18, 10, fill: Colour.loading)
        s += Svg.text(left + 24, top - 13, "loading (request → completion)", size: 12, colour: "black")
        s += Svg.rect(left + 250, top - 22, 18, 10, fill: Colour.resident)
        s += Svg.text(left + 274, top - 13, "resident (completion → eviction)", size: 12, colour: "black")

        // One bar per hold.
        s += "<g id=\"holds\">\n"
        for hold in holds {
            let y = top + Double(rows[hold.tile] ?? 0) * rowHeight
            let h = max(rowHeight - (rowHeight >= 4 ? 1 : 0), 1)
            let stop = hold.eviction ?? end
            s += Svg.rect(x(hold.request), y, max(x(hold.completion) - x(hold.request), 0.5), h, fill: Colour.loading)
            s += Svg.rect(x(hold.completion), y, max(x(stop) - x(hold.completion), 0), h, fill: Colour.resident)
        }
        s += "</g>\n"
        if rowHeight >= 12 {
            for (tile, row) in rows.sorted(by: { $0.value < $1.value }) {
                s += Svg.text(
                    left - 6, top + (Double(row) + 0.8) * rowHeight, "(\(tile.column), \(tile.row))",
                    size: 12, colour: Svg.Colour.label, anchor: "end")
            }
        } else {
            s += Svg.text(left - 6, top + 10, "tiles ↓", size: 12, colour: Svg.Colour.label, anchor: "end")
        }
        s += Svg.text(
            left - 6, top + plotHeight, "\(rows.count) tiles", size: 12, colour: Svg.Colour.label, anchor: "end")

        // The slots in use over time, a step line, and the capacity.
        var events: [(time: Double, change: Int)] = []
        for hold in holds {
            events.append((hold.request, 1))
            if let eviction = hold.eviction { events.append((eviction, -1)) }
        }
        events.sort { ($0.time, $0.change) < ($1.time, $1.change) }
        let most = Double(max(capacity, schedule.peakTiles, 1))
        let y = { (slots: Int) in slotsTop + slotsHeight - Double(slots) / most * slotsHeight }
        var points: [String] = ["\(n(x(start))),\(n(y(0)))"]
        var current = 0
        for event in events {
            points.append("\(n(x(event.time))),\(n(y(current)))")
            current += event.change
            points.append("\(n(x(event.time))),\(n(y(current)))")
        }
        points.append("\(n(x(end))),\(n(y(current)))")
        s += Svg.tag(
            "polyline",
            [("fill", "none"), ("stroke", "black"), ("stroke-width", "1.5"), ("points", points.joined(separator: " "))])
        s += Svg.line(
            PixelPoint(x: x(start), y: y(capacity)), PixelPoint(x: x(end), y: y(capacity)),
            colour: Colour.capacity, width: 1.5, dash: "6 4")
        s += Svg.text(
            x(end), y(capacity) - 4, "capacity \(capacity)", size: 12, colour: Colour.capacity,
            anchor: "end")
        s += Svg.text(left - 6, slotsTop + 12, "slots in use", size: 12, colour: Svg.Colour.label, anchor: "end")
        s += Svg.text(left - 6, y(0), "0", size: 12, colour: Svg.Colour.label, anchor: "end")

        // Time axis, and take-off.
        let axisY = slotsTop + slotsHeight
        s += Svg.line(
            PixelPoint(x: left, y: axisY), PixelPoint(x: left + plotWidth, y: axisY), colour: "black", width: 1)
        let step = Self.tickStep(end - start)
        var tick = (start / step).rounded(.up) * step
        while tick <= end + 1e-9 {
            s += Svg.line(
                PixelPoint(x: x(tick), y: axisY), PixelPoint(x: x(tick), y: axisY + 5), colour: "black", width: 1)
            s += Svg.text(
                x(tick), axisY + 18, "\(fmt(tick, decimals: 2)) s", size: 12, colour: "black", anchor: "middle")
            tick += step
        }
        s += Svg.line(
            PixelPoint(x: x(0), y: top), PixelPoint(x: x(0), y: axisY), colour: Svg.Colour.label, width: 1, dash: "3 3")
        s += Svg.text(x(0) + 4, top + plotHeight + 16, "take-off", size: 12, colour: Svg.Colour.label)
        s += "</svg>\n"
        return s
    }

    /// A tick spacing of 1, 2 or 5 × 10ᵏ seconds giving 5 to 12 ticks over `span`.
    static func tickStep(_ span: Double) -> Double {
        let raw = max(span, 1e-9) / 8
        let power = pow(10, (log10(raw)).rounded(.down))
        for factor in [1.0, 2, 5, 10] where raw <= factor * power { return factor * power }
        return 10 * power
    }
}
