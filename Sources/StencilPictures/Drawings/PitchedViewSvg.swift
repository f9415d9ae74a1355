import Foundation
import MercatorMath
import StencilKit

/// An SVG picture of a pitched view (the geometry model's "Perspective views", §11): on the left the ground, north
/// up, in px of the reference level — the cover's tiles shaded by level, the trapezoid, the level bands' edges (the
/// lines across the view where the level changes), the eye's ground point and the centre; on the right the screen,
/// each tile's part of the footprint drawn through the camera's projection (so the reader sees every level's tiles
/// come out about the same size on screen); a legend with each level's tiles and depths below.
public struct PitchedViewDrawing: Sendable {
    /// The camera.
    public let camera: PerspectiveCamera
    /// Its cover.
    public let cover: [PitchedTile]
    /// The caption: a title, then lines of detail.
    public let caption: [String]
    /// Extra points to mark on the ground (an aircraft's position), with their labels.
    public var marks: [(point: PixelPoint, label: String)] = []
    /// Over terrain (§14): each cover tile's elevation bounds, in the cover's order; the ground shades each tile's
    /// box by its upper bound (brown, darker when higher) and prints the range on tiles big enough. Nil: flat.
    public var elevations: [ElevationRange]?

    /// The picture of `camera` and its `cover`, under `caption`.
    public init(camera: PerspectiveCamera, cover: [PitchedTile], caption: [String]) {
        self.camera = camera
        self.cover = cover
        self.caption = caption
    }

    /// The fill of level n among the levels `lowest…highest` drawn: dark purple for the coarsest, yellow for the
    /// finest.
    static func colour(_ n: Int, lowest: Int, highest: Int) -> String {
        // Viridis: perceptually even steps, told apart in grey too, and no red (the band edges are red).
        let ramp = ["#440154", "#472d7b", "#3b528b", "#2c728e", "#21918c", "#28ae80", "#5ec962", "#addc30", "#fde725"]
        guard highest > lowest else { return ramp[4] }
        let spread = min(ramp.count - 1, 2 * (highest - lowest))
        let k = Int((Double(n - lowest) / Double(highest - lowest) * Double(spread)).rounded())
        return ramp[(ramp.count - 1 - spread) / 2 + k]
    }

    /// The picture as SVG text.
    public func render() -> String {
        let n = Svg.number
        let levels = PitchedBands.counts(cover.lazy.map(\.level))
        let lowest = levels.first?.level ?? camera.level
        let highest = levels.last?.level ?? camera.level
        let colour = { (level: Int) in Self.colour(level, lowest: lowest, highest: highest) }

        // The ground window: the footprint and every tile, with a little room.
        var box = camera.footprint.bounds
        for t in cover {
            box.minX = min(box.minX, t.origin.x)
            box.minY = min(box.minY, t.origin.y)
            box.maxX = max(box.maxX, t.origin.x + t.size)
            box.maxY = max(box.maxY, t.origin.y + t.size)
        }
        let pad = 0.04 * max(box.maxX - box.minX, box.maxY - box.minY)
        let world = PixelBounds(
            minX: box.minX - pad, minY: box.minY - pad, maxX: box.maxX + pad, maxY: box.maxY + pad)
        let worldWidth = world.maxX - world.minX
        let worldHeight = world.maxY - world.minY
        let groundSide = 760.0
        let scale = min(groundSide / worldWidth, groundSide / worldHeight)  // picture points per terrain px
        let px = { (v: Double) in v / scale }
        let groundWidth = worldWidth * scale
        let groundHeight = worldHeight * scale

        // The screen panel.
        let w = camera.screen.width
        let h = camera.screen.height
        let screenScale = min(620 / w, 560 / h)
        let screenX = groundWidth + 40
        let top = 22.0 + 18 * Double(caption.count) + 28
        let width = screenX + w * screenScale + 20
        let insetTop = top + h * screenScale + 64
        let inset = nearInset(lowest: lowest, highest: highest, scale: scale, top: insetTop)
        let legendTop = top + max(groundHeight, h * screenScale + 40, inset.map { $0.top + $0.height - top } ?? 0) + 20
        let height = legendTop + 24 + 18 * Double(levels.count + 3)

        var s = Svg.header(width: width, height: height)
        s += "<defs>\n"
        s += Svg.stripes(
            id: "offterrain", size: px(10), stripe: px(2), fill: Svg.Colour.offTerrain,
            colour: Svg.Colour.offTerrainStripe)
        s += "</defs>\n"
        for (i, line) in caption.enumerated() {
            s += Svg.tag(
                "text", [("x", "12"), ("y", "\(22 + 18 * i)"), ("font-size", i == 0 ? "16" : "12")],
                content: Svg.escape(line))
        }
        s += Svg.text(
            12, top - 8, "Ground, north up (px of level \(camera.referenceLevel)): tiles shaded by level", size: 13,
            colour: "black", bold: true)
        s += Svg.text(
            screenX, top - 8, "Screen, \(fmt(w))×\(fmt(h)) points: each tile's part of the trapezoid as drawn",
            size: 13, colour: "black", bold: true)

        // The level bands' edges: where level n + 1 gives way to n, a line across the trapezoid.
        var edges: [(level: Int, s: Double, a: PixelPoint, b: PixelPoint)] = []
        if lowest < highest {
            for level in lowest..<highest {
                guard let d = PitchedBands.bandEdge(below: level, of: camera),
                    let (a, b) = PitchedBands.segmentAcross(at: d, of: camera)
                else { continue }
                edges.append((level, d, a, b))
            }
        }
        // Ground panel, and an inset on the nearest levels when their tiles come out too small to see.
        s += Svg.map(y: top, width: groundWidth, height: groundHeight, world: world)
        s += groundLayer(
            world: world, scale: scale, colour: colour, lowest: lowest, highest: highest, edges: edges)
        if let inset {
            s += Svg.tag(
                "rect",
                [
                    ("x", n(inset.world.minX)), ("y", n(inset.world.minY)),
                    ("width", n(inset.world.maxX - inset.world.minX)),
                    ("height", n(inset.world.maxY - inset.world.minY)),
                    ("fill", "none"), ("stroke", "#ae017e"), ("stroke-width", n(px(1.5))),
                    ("stroke-dasharray", "\(n(px(5))) \(n(px(3)))"),
                ])
        }
        s += "</svg>\n"
        if let inset {
            let insetScale = inset.width / (inset.world.maxX - inset.world.minX)
            s += Svg.text(
                screenX, inset.top - 8,
                "Near the eye, magnified ×\(fmt(insetScale / scale, decimals: 1)) (the dashed box on the left)",
                size: 13, colour: "black", bold: true)
            s += Svg.open(
                "svg",
                [
                    ("x", n(screenX)), ("y", n(inset.top)), ("width", n(inset.width)), ("height", n(inset.height)),
                    (
                        "viewBox",
                        "\(n(inset.world.minX)) \(n(inset.world.minY)) \(n(inset.world.maxX - inset.world.minX)) "
                            + "\(n(inset.world.maxY - inset.world.minY))"
                    ),
                ])
            s += Svg.rect(inset.world.minX, inset.world.minY, 1e9, 1e9, fill: "white")
            s += groundLayer(
                world: inset.world, scale: insetScale, colour: colour, lowest: lowest, highest: highest, edges: edges)
            s += "</svg>\n"
            s += Svg.tag(
                "rect",
                [
                    ("x", n(screenX)), ("y", n(inset.top)), ("width", n(inset.width)), ("height", n(inset.height)),
                    ("fill", "none"), ("stroke", "#ae017e"), ("stroke-width", "1.5"),
                ])
        }

        // Screen panel: the sky above the far edge, then each tile's part of the footprint through the projection.
        s += Svg.open(
            "svg",
            [
                ("x", n(screenX)), ("y", n(top)), ("width", n(w * screenScale)), ("height", n(h * screenScale)),
                ("viewBox", "0 0 \(n(w)) \(n(h))"),
            ])
        s += Svg.rect(0, 0, w, h, fill: "#deebf7")
        let sp = 1 / screenScale
        // The nested document clips to the screen (a margin's footprint reaches past it).
        s += Svg.open("g", [("stroke", "white"), ("stroke-width", n(sp))])
        for t in cover {
            let part = Self.clip(t.corners, to: camera.footprint)
            let points = part.compactMap { camera.screenPoint(of: $0) }
            guard points.count == part.count, points.count >= 3 else { continue }
            s += Svg.tag("polygon", [("points", Svg.points(points)), ("fill", colour(t.level))])
        }
        s += "</g>\n"
        var lastRow: Double?
        for e in edges.reversed() {
            guard let a = camera.screenPoint(of: e.a), let b = camera.screenPoint(of: e.b) else { continue }
            s += Svg.line(a, b, colour: "#e31a1c", width: 2.5 * sp, dash: "\(n(9 * sp)) \(n(5 * sp))")
            if let last = lastRow, abs(a.y - last) < 18 * sp { continue }
            lastRow = a.y
            s += Svg.text(
                w - 6 * sp, a.y - 5 * sp, "level \(e.level + 1) below, \(e.level) above", size: 12 * sp,
                colour: "#e31a1c", anchor: "end", bold: true)
        }
        s += Svg.tag(
            "rect",
            [
                ("x", "0"), ("y", "0"), ("width", n(w)), ("height", n(h)), ("fill", "none"), ("stroke", "black"),
                ("stroke-width", n(2 * sp)),
            ])
        s += "</svg>\n"
        s += Svg.text(
            screenX, top + h * screenScale + 18,
            "pale blue: sky past the horizon limit θ_max = \(fmt(camera.horizon))° (or the margin's edge)", size: 11,
            colour: Svg.Colour.label)

        // Legend: a swatch per level with its tiles, depths and distances ahead of the eye.
        var y = legendTop
        s += Svg.text(
            12, y,
            "\(cover.count) tiles over levels \(lowest)–\(highest) (view level n_c = \(camera.level)); the band of "
                + "level n holds depths D·2^(n_r+b−n−1) < δ ≤ D·2^(n_r+b−n), D = \(fmt(camera.focalLength, decimals: 2)) "
                + "points", size: 12, colour: "black", bold: true)
        for (level, count) in levels {
            y += 18
            s += Svg.tag(
                "rect",
                [
                    ("x", "12"), ("y", n(y - 11)), ("width", "22"), ("height", "13"), ("fill", colour(level)),
                    ("stroke", "#525252"), ("stroke-width", "0.5"),
                ])
            let inner = PitchedBands.bandEdge(below: level, of: camera)
            let outer = PitchedBands.bandEdge(below: level - 1, of: camera)
            var text =
                "level \(level): \(count) tiles of \(fmt(Double(camera.levels.tileSize) * exp2(Double(camera.referenceLevel - level)), decimals: 1)) px"
            if camera.pitch > 0 {
                let (near, far) = PitchedBands.extent(of: camera)
                let from = level == highest ? near : max(near, inner ?? near)
                let to = level == lowest ? far : min(far, outer ?? far)
                text += "; ground \(fmt(from, decimals: 1)) to \(fmt(to, decimals: 1)) px ahead of the eye"
            }
            s += Svg.text(42, y, text, size: 12, colour: "black")
        }
        y += 22
        s += Svg.text(
            12, y,
            "black: the trapezoid (footprint, margin \(fmt(camera.screen.margin)) px) · red dashed: band edges "
                + "(labelled finer | coarser) · red dot: the ground under the eye · black dot and tick: the centre c "
                + "and the bearing", size: 11, colour: Svg.Colour.label)
        s += "</svg>\n"
        return s
    }

    /// The ground in terrain px of the reference level, drawn at `scale` picture points per px: the tiles shaded by
    /// level (labelled where they fit), the band edges, the trapezoid, the eye's ground point, the centre, the marks.
    func groundLayer(
        world: PixelBounds, scale: Double, colour: (Int) -> String, lowest: Int, highest: Int,
        edges: [(level: Int, s: Double, a: PixelPoint, b: PixelPoint)]
    ) -> String {
        let n = Svg.number
        let px = { (v: Double) in v / scale }
        var s = ""
        s += Svg.offTerrain(
            world, terrainHeight: Double(camera.levels.tileSize) * exp2(Double(camera.referenceLevel)))
        s += Svg.open("g", [("stroke", "white"), ("stroke-width", n(px(0.8)))])
        for t in cover { s += Svg.rect(t.origin.x, t.origin.y, t.size, t.size, fill: colour(t.level)) }
        s += "</g>\n"
        if let elevations, elevations.count == cover.count {
            // Boxes shaded by height: a brown veil, its opacity growing with the tile's upper bound.
            let top = max(elevations.map(\.hi).max() ?? 0, 1)
            s += Svg.open("g", [("fill", "#8c510a"), ("stroke", "none")])
            for (t, range) in zip(cover, elevations) where range.hi > 0 {
                s += Svg.tag(
                    "rect",
                    [
                        ("x", n(t.origin.x)), ("y", n(t.origin.y)), ("width", n(t.size)), ("height", n(t.size)),
                        ("fill-opacity", n(0.75 * range.hi / top)),
                    ])
            }
            s += "</g>\n"
        }
        // Labels on the tiles big enough to hold one.
        for t in cover where t.size * scale >= 46 {
            let label = "\(t.level)/\(t.tile.x)/\(t.tile.y)"
            let size = min(t.size * scale / Double(label.count) * 1.6, 12)
            let dark = t.level - lowest < (highest - lowest + 1) / 2
            s += Svg.text(
                t.origin.x + t.size / 2, t.origin.y + t.size / 2 + px(size / 3), label, size: px(size),
                colour: dark ? "white" : "#333333", anchor: "middle")
        }
        // Labels closer than 20 picture points to the last one drawn are left out (the legend lists every band).
        var lastLabel: PixelPoint?
        for e in edges.reversed() {
            s += Svg.line(e.a, e.b, colour: "#e31a1c", width: px(2.5), dash: "\(n(px(9))) \(n(px(5)))")
            if let last = lastLabel, (e.b - last).length * scale < 20 { continue }
            lastLabel = e.b
            s += Svg.text(
                e.b.x + px(6), e.b.y + px(4), "\(e.level + 1) | \(e.level)", size: px(12), colour: "#e31a1c",
                bold: true)
        }
        let f = camera.footprint
        s += Svg.polygon(f, colour: "black", width: px(2.5))
        // The eye's ground point, the view axis to the centre, the centre and the bearing.
        let u = PixelPoint.ahead(heading: camera.bearing)
        s += Svg.line(camera.eye, camera.center, colour: "#525252", width: px(1.5), dash: "\(n(px(4))) \(n(px(4)))")
        s += Svg.tag(
            "circle",
            [("cx", n(camera.eye.x)), ("cy", n(camera.eye.y)), ("r", n(px(5))), ("fill", "#e31a1c")])
        s += Svg.text(
            camera.eye.x + px(8), camera.eye.y + px(18), "eye (H = \(fmt(camera.eyeHeight, decimals: 1)) px up)",
            size: px(12), colour: "#e31a1c")
        s += Svg.tag(
            "circle", [("cx", n(camera.center.x)), ("cy", n(camera.center.y)), ("r", n(px(4))), ("fill", "black")])
        s += Svg.line(camera.center, camera.center + px(36) * u, colour: "black", width: px(2))
        s += Svg.text(camera.center.x + px(8), camera.center.y - px(6), "c", size: px(13), colour: "black", bold: true)
        for m in marks {
            s += Svg.tag(
                "circle",
                [("cx", n(m.point.x)), ("cy", n(m.point.y)), ("r", n(px(5))), ("fill", "#ae017e")])
            s += Svg.text(m.point.x + px(8), m.point.y - px(6), m.label, size: px(12), colour: "#ae017e")
        }
        return s
    }

    /// The inset on the nearest levels, when the cover spans four levels or more and the finest tiles come out
    /// smaller than 14 picture points on the ground panel: the near edge, the eye and the ground up to the edge of
    /// the third-finest level's band, in a box of at most 620 × 380 picture points placed at `top`.
    func nearInset(
        lowest: Int, highest: Int, scale: Double, top: Double
    ) -> (world: PixelBounds, top: Double, width: Double, height: Double)? {
        guard highest - lowest >= 3, camera.pitch > 0,
            Double(camera.levels.tileSize) * exp2(Double(camera.referenceLevel - highest)) * scale < 14
        else { return nil }
        let f = camera.footprint
        var points = [f.a, f.d, camera.eye]
        if let d = PitchedBands.bandEdge(below: highest - 3, of: camera),
            let (a, b) = PitchedBands.segmentAcross(at: d, of: camera)
        {
            points += [a, b]
        } else {
            points += [f.b, f.c]
        }
        var box = PixelBounds(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for p in points {
            box.minX = min(box.minX, p.x)
            box.minY = min(box.minY, p.y)
            box.maxX = max(box.maxX, p.x)
            box.maxY = max(box.maxY, p.y)
        }
        let pad = 0.08 * max(box.maxX - box.minX, box.maxY - box.minY)
        let world = PixelBounds(minX: box.minX - pad, minY: box.minY - pad, maxX: box.maxX + pad, maxY: box.maxY + pad)
        let k = min(620 / (world.maxX - world.minX), 380 / (world.maxY - world.minY))
        return (world, top, (world.maxX - world.minX) * k, (world.maxY - world.minY) * k)
    }

    /// The part of the convex polygon `square` inside the convex quadrilateral `quad` (Sutherland–Hodgman).
    static func clip(_ square: Quad, to quad: Quad) -> [PixelPoint] {
        var polygon = [square.a, square.b, square.c, square.d]
        let q = [quad.a, quad.b, quad.c, quad.d]
        // The quad's orientation: inside is to the left of each edge for counter-clockwise order (in y-down px).
        var area = 0.0
        for i in 0..<4 { area += q[i].x * q[(i + 1) % 4].y - q[(i + 1) % 4].x * q[i].y }
        let sign: Double = area >= 0 ? 1 : -1
        for i in 0..<4 where !polygon.isEmpty {
            let a = q[i]
            let b = q[(i + 1) % 4]
            let side = { (p: PixelPoint) in sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
            var output: [PixelPoint] = []
            for j in polygon.indices {
                let p = polygon[j]
                let r = polygon[(j + 1) % polygon.count]
                let sp = side(p)
                let sr = side(r)
                if sp >= 0 { output.append(p) }
                if (sp >= 0) != (sr >= 0) {
                    let t = sp / (sp - sr)
                    output.append(PixelPoint(x: p.x + t * (r.x - p.x), y: p.y + t * (r.y - p.y)))
                }
            }
            polygon = output
        }
        return polygon
    }
}
