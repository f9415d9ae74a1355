import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Thousands of random pitched cameras on a fixed seed against the tests' own oracle (``PitchedOracle``): all
/// bearings, pitches 0…85°, fields of view, map zooms, biases, level ranges, margins, centres across ±180° (unwrapped
/// columns below 0 and past 2ⁿ) and past the terrain's rows. For each camera:
/// - the cover equals the oracle's tile for tile (cameras with a decision within the oracle's tie tolerance are
///   skipped and counted);
/// - its tiles carry their real ids, levels, origins and sizes, are row-major, disjoint and on the terrain's rows;
/// - dense sampling of the footprint: every sampled point (not within 10⁻⁶ px of a tile line) lies in exactly one
///   tile, of a level no lower than clamp(⌊ℓ(q)⌋, n_min, n_max) (higher is allowed: a child of a refined parent);
/// - the trapezoid, depth and levels agree with the oracle's; nearest-first is the same set by least depth.
struct PitchedRandomTests {
    static let seed: UInt64 = 0x9171_C4ED
    static let cameras = 3000
    static let pointsPerCamera = 48

    static func makeParameters(_ g: inout SplitMix64) -> PitchedParameters {
        let tileSize = g.pick([256, 256, 512, 128])
        let nr = g.int(0...22)
        let mapZoom = min(30, max(0, Double(nr) + g.uniform(-2.5, 2.5)))
        let scale = exp2(Double(nr) - mapZoom)
        let bias: Double
        switch g.int(0...4) {
        case 0, 1: bias = 0
        case 2: bias = 0.5
        default: bias = g.unit()
        }
        let pitch: Double
        switch g.int(0...19) {
        case 0, 1: pitch = 0
        case 2: pitch = 85
        case 3: pitch = g.uniform(1e-9, 1)
        case 4...10: pitch = g.uniform(60, 85)  // where the levels by depth span several bands
        default: pitch = g.uniform(0, 85)
        }
        let fov: Double
        switch g.int(0...9) {
        case 0...2: fov = 36.87
        case 3: fov = 120
        default: fov = g.uniform(1, 120)
        }
        let horizon = g.bool() ? 89.25 : pitch + (90 - pitch) * g.uniform(0.02, 0.98)
        let width = g.uniform(64, 4096)
        let height = g.uniform(64, 4096)
        let margin = g.bool() ? 0 : g.uniform(0, 64)
        let floorLevel = Int((mapZoom + bias).rounded(.down))
        var minLevel = max(0, floorLevel - g.int(0...8))
        if g.chance(0.05) { minLevel = min(30, floorLevel + 1) }
        let maxLevel = min(30, max(minLevel, floorLevel + g.int(-2...7)))
        let w = Double(tileSize) * exp2(Double(nr))
        var x = g.uniform(-1.5 * w, 2.5 * w)
        var y = g.uniform(-0.3 * w, 1.3 * w)
        switch g.int(0...9) {
        case 0: x = Double(g.int(-1...2)) * w + g.uniform(-2000, 2000) * scale  // near ±180°
        case 1: y = g.pick([0, w]) + g.uniform(-3000, 3000) * scale  // near the poles
        default: break
        }
        return PitchedParameters(
            center: PixelPoint(x: x, y: y), referenceLevel: nr, bearing: g.uniform(-360, 720), pitch: pitch,
            fieldOfView: fov, horizon: horizon, width: width, height: height, scale: scale, margin: margin,
            tileSize: tileSize, bias: bias, minLevel: minLevel, maxLevel: maxLevel)
    }

    /// What one run found, printed for the report.
    struct Tally {
        var compared = 0, nearTies = 0, refusedAsExpected = 0, tooMuchForOracle = 0, points = 0, tooLarge = 0
        /// Coverage of the space: tiles west of column 0 and east of the last, covers cut at a terrain edge, covers
        /// over 3 levels or more, cameras at pitch 85°, points off the terrain's rows.
        var westGhosts = 0, eastGhosts = 0, cutAtPoles = 0, multiLevel = 0, atMaximumPitch = 0, offTerrain = 0
        var disagreements: [String] = []
    }

    @Test func randomCamerasAgainstTheOracle() throws {
        var g = SplitMix64(seed: Self.seed)
        var tally = Tally()
        var buffer = PitchedCover()
        for index in 0..<Self.cameras {
            let p = Self.makeParameters(&g)
            try Self.check(p, index: index, buffer: &buffer, rng: &g, tally: &tally)
        }
        print(
            "PitchedRandomTests coverage: \(tally.westGhosts) tiles west of column 0, \(tally.eastGhosts) east of "
                + "the last, \(tally.cutAtPoles) covers cut at a terrain edge, \(tally.multiLevel) over ≥ 3 levels, "
                + "\(tally.atMaximumPitch) at 85°, \(tally.offTerrain) points off the terrain's rows")
        #expect(tally.westGhosts > 100 && tally.eastGhosts > 100 && tally.cutAtPoles > 50 && tally.multiLevel > 600)
        #expect(tally.atMaximumPitch > 50 && tally.offTerrain > 100)
        print(
            "PitchedRandomTests: \(tally.compared) cameras compared tile for tile, \(tally.nearTies) skipped for a "
                + "near tie, \(tally.refusedAsExpected) refused as expected, \(tally.tooMuchForOracle) too large for "
                + "the oracle, \(tally.tooLarge) refused as too large, \(tally.points) points sampled, "
                + "\(tally.disagreements.count) disagreements")
        // MODEL.md §11 clips the far rows at y_far = max(−h/2, −D·tan(θ_max − p)) at every pitch, p = 0 included
        // (the library clips at p = 0 too since this test found it did not; at θ_max ≥ f/2 p = 0 is §8's view).
        for d in tally.disagreements { print("DISAGREEMENT", d) }
        for d in tally.disagreements.prefix(30) { Issue.record(Comment(rawValue: d)) }
        #expect(tally.disagreements.isEmpty)
        #expect(tally.compared >= Self.cameras * 3 / 4)
        #expect(tally.nearTies <= Self.cameras / 100)
    }

    static func check(
        _ p: PitchedParameters, index: Int, buffer: inout PitchedCover, rng g: inout SplitMix64,
        tally: inout Tally
    ) throws {
        let o = p.oracle
        let clips = o.yFar > -p.height / 2
        let count = tally.disagreements.count
        defer {
            if clips {
                for i in count..<tally.disagreements.count { tally.disagreements[i] += " [horizon clips]" }
            }
        }
        // Refusals the model names: a margin reaching the eye, a footprint past 2⁴⁰ px.
        let nearDepth = o.H * o.cosP + o.sinP * o.nearAhead
        let farthest = o.corners.map { max(abs($0.x), abs($0.y)) }.max()!
        if p.margin * o.sinP >= nearDepth * (1 - 1e-12) || farthest > FootprintLimits.maximumExtent * (1 - 1e-9) {
            #expect(throws: StencilError.self, "\(p)") { try p.camera() }
            tally.refusedAsExpected += 1
            return
        }
        let camera: PerspectiveCamera
        do { camera = try p.camera() } catch {
            tally.disagreements.append("camera \(index) refused: \(error) — \(p)")
            return
        }
        // The trapezoid, the depth and the levels.
        let scale = max(1, abs(o.farAhead), o.farHalfWidth)
        for i in 0..<4 {
            let a = camera.footprint[i]
            let b = o.corners[i]
            let tol = 1e-9 * scale + 1e-12 * max(abs(b.x), abs(b.y))
            if !(abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol) {
                tally.disagreements.append("camera \(index) corner \(i): \(a) vs oracle \(b) — \(p)")
            }
        }
        #expect(camera.level == o.level || abs(o.mapZoom + o.bias - (o.mapZoom + o.bias).rounded()) < 1e-9)
        #expect(abs(camera.mapZoom - o.mapZoom) <= 1e-12 * max(1, o.mapZoom))
        guard o.startCount <= 20_000 else {
            tally.tooMuchForOracle += 1
            return
        }
        do { try camera.cover(into: &buffer) } catch {
            if case .tooLarge = error { tally.tooLarge += 1 }
            tally.disagreements.append("camera \(index) cover refused: \(error) — \(p)")
            return
        }
        let tiles = buffer.tiles.map(PitchedCheck.tile)
        PitchedCheck.checkTileFields(Array(buffer.tiles), referenceLevel: p.referenceLevel, tileSize: p.tileSize)
        if !PitchedCheck.isRowMajor(tiles) { tally.disagreements.append("camera \(index) not row-major — \(p)") }
        if !PitchedCheck.disjoint(tiles, minLevel: p.minLevel) {
            tally.disagreements.append("camera \(index) tiles overlap — \(p)")
        }
        for t in tiles where t.y < 0 || t.y >= 1 << t.level || t.level < p.minLevel || t.level > p.maxLevel {
            tally.disagreements.append("camera \(index) tile \(t) off the terrain or the levels — \(p)")
        }
        tally.westGhosts += tiles.filter { $0.x < 0 }.count
        tally.eastGhosts += tiles.filter { $0.x >= 1 << $0.level }.count
        if Set(tiles.map(\.level)).count >= 3 { tally.multiLevel += 1 }
        if p.pitch == 85 { tally.atMaximumPitch += 1 }
        let w0 = o.side(0)
        if o.corners.contains(where: { $0.y < 0 || $0.y > w0 }) && !tiles.isEmpty { tally.cutAtPoles += 1 }
        // Tile for tile.
        let expected = o.cover()
        if expected.nearTies > 0 {
            tally.nearTies += 1
        } else {
            tally.compared += 1
            if tiles != expected.tiles {
                tally.disagreements.append(
                    "camera \(index): \(PitchedCheck.difference(library: tiles, oracle: expected.tiles)) — \(p)")
            }
        }
        // Depth and levels at random ground points of the footprint.
        let set = Set(tiles)
        for _ in 0..<Self.pointsPerCamera {
            let a = g.uniform(0.001, 0.999)
            let b = g.uniform(0.001, 0.999)
            let c = o.corners
            let q = (1 - a) * ((1 - b) * c[0] + b * c[1]) + a * ((1 - b) * c[3] + b * c[2])
            let qp = PixelPoint(x: q.x, y: q.y)
            let depth = o.depth(q)
            if abs(camera.depth(of: qp) - depth) > 1e-9 * max(depth, o.centerDepth) {
                tally.disagreements.append("camera \(index) depth at \(qp): \(camera.depth(of: qp)) vs \(depth) — \(p)")
            }
            let ell = o.levelOfDetail(q)
            let nearInteger = abs(ell - ell.rounded()) < 1e-9
            if abs(camera.levelOfDetail(at: qp) - ell) > 1e-9 * max(1, abs(ell)) {
                tally.disagreements.append(
                    "camera \(index) ℓ at \(qp): \(camera.levelOfDetail(at: qp)) vs \(ell) — \(p)")
            }
            if !nearInteger && camera.level(at: qp) != o.level(at: q) {
                tally.disagreements.append("camera \(index) n at \(qp): \(camera.level(at: qp)) vs \(o.level(at: q))")
            }
            // Exactly one tile holds q (none off the terrain's rows), at a level ≥ n(q).
            let slack = max(1e-6, 1e-12 * max(abs(q.x), abs(q.y)))
            let w = o.side(0)
            if abs(q.y) < slack || abs(q.y - w) < slack { continue }
            var holders: [PitchedOracle.Tile] = []
            var onLine = false
            for k in p.minLevel...p.maxLevel {
                let s = o.side(k)
                let fx = q.x / s
                let fy = q.y / s
                let (ix, iy) = (fx.rounded(.down), fy.rounded(.down))
                if (fx - ix) * s < slack || (ix + 1 - fx) * s < slack || (fy - iy) * s < slack
                    || (iy + 1 - fy) * s < slack
                {
                    onLine = true
                    break
                }
                let t = PitchedOracle.Tile(level: k, x: Int(ix), y: Int(iy))
                if set.contains(t) { holders.append(t) }
            }
            if onLine { continue }
            tally.points += 1
            let onTerrain = q.y > 0 && q.y < w
            if !onTerrain { tally.offTerrain += 1 }
            if holders.count != (onTerrain ? 1 : 0) {
                tally.disagreements.append("camera \(index) point \(qp) in tiles \(holders) — \(p)")
            } else if let t = holders.first, !nearInteger, t.level < o.level(at: q) {
                tally.disagreements.append(
                    "camera \(index) point \(qp) with n(q) = \(o.level(at: q)) in coarser tile \(t) — \(p)")
            }
        }
        // Nearest first: the same tiles, by the least depth over tile ∩ footprint (every fourth camera).
        if index % 4 == 0 {
            let near = try camera.cover(order: .nearestFirst).map(PitchedCheck.tile)
            if Set(near) != set || near.count != tiles.count {
                tally.disagreements.append("camera \(index) nearest-first is another set — \(p)")
            } else if let bad = PitchedCheck.nearestFirstViolation(near, o) {
                tally.disagreements.append("camera \(index) nearest-first out of order: \(bad) — \(p)")
            }
        }
    }
}
