import Foundation
import MercatorMath
import TestSupport
import Testing

/// Covers of longitude–latitude boxes (`TileID.tiles(west:south:east:north:levels:)`) against a brute force written
/// here: every tile of a generous bounding range tested by its `geoBounds`, with the positive-area rule spelled as
/// min(east edges) − max(west edges) > 0 and likewise for latitudes.
@Suite("XYZ: covers of longitude–latitude boxes")
struct GeoBoxCoverTests {
    /// The needed tiles of one level by testing tiles: the columns around the box's edges (±2 of the floored
    /// fractions, both pieces of a box crossing ±180°) and the rows likewise, each tile kept when its box overlaps
    /// the given one with positive area. Sorted row-major. `reachedBorder` is set when a kept tile lies on the
    /// range's outer ring inside the world (then the range was too small and the answer cannot be trusted).
    static func bruteForce(
        west: Double, south: Double, east: Double, north: Double, level: Int, reachedBorder: inout Bool
    ) -> [TileID] {
        let tiles = 1 << level
        let pieces: [(Double, Double)] = west <= east ? [(west, east)] : [(-180, east), (west, 180)]
        func column(_ longitude: Double) -> Int { Int(((longitude + 180) / 360 * Double(tiles)).rounded(.down)) }
        func row(_ latitude: Double) -> Int {
            let clamped = max(-85.06, min(85.06, latitude))
            let psi = log(tan(Double.pi / 4 + clamped * Double.pi / 360))
            return Int(((1 - psi / Double.pi) / 2 * Double(tiles)).rounded(.down))
        }
        let rows = max(0, min(tiles - 1, row(north) - 2))...min(tiles - 1, max(0, row(south) + 2))
        var found = Set<TileID>()
        for (w, e) in pieces {
            let columns = max(0, column(w) - 2)...min(tiles - 1, column(e) + 2)
            for y in rows {
                for x in columns {
                    let tile = try! TileID(level: level, x: x, y: y)
                    let b = tile.geoBounds
                    let width = min(b.east, e) - max(b.west, w)
                    let height = min(b.north, north) - max(b.south, south)
                    guard width > 0, height > 0 else { continue }
                    found.insert(tile)
                    let onRing =
                        (x == columns.lowerBound && x > 0) || (x == columns.upperBound && x < tiles - 1)
                        || (y == rows.lowerBound && y > 0) || (y == rows.upperBound && y < tiles - 1)
                    if onRing { reachedBorder = true }
                }
            }
        }
        return found.sorted()
    }

    @Test("hand-worked covers: a tile's own box, boxes crossing ±180°, past the poles, zero area")
    func handWorked() throws {
        let tile = try TileID(level: 12, x: 2144, y: 1433)
        let b = tile.geoBounds
        #expect(try TileID.tiles(west: b.west, south: b.south, east: b.east, north: b.north, atLevel: 12) == [tile])
        // The same box one level down: its four children, row-major.
        #expect(
            try TileID.tiles(west: b.west, south: b.south, east: b.east, north: b.north, atLevel: 13)
                == Array(tile.children))
        // 170°E → 170°W across the antimeridian at level 2: columns 0 and 3, rows 1 and 2.
        let across = try TileID.tiles(west: 170, south: -20, east: -170, north: 20, atLevel: 2)
        #expect(across.map(\.description) == ["2/0/1", "2/3/1", "2/0/2", "2/3/2"])
        // A box wrapping all but 0.3° of longitude: every column; listed once although both pieces need column 0.
        #expect(try TileID.tiles(west: 10.5, south: 0.5, east: 10.2, north: 0.7, atLevel: 1).count == 2)
        // Past the latitude limit there is no terrain; at the pole the box is clamped to it.
        #expect(try TileID.tiles(west: 0, south: 86, east: 10, north: 89, levels: 0...5).isEmpty)
        #expect(try TileID.tiles(west: -180, south: 80, east: 180, north: 90, atLevel: 1).count == 2)
        // Zero width, zero height, a point, and a box ±180° wide on neither side: nothing.
        #expect(try TileID.tiles(west: 0.1, south: 0.1, east: 0.1, north: 0.2, levels: 0...8).isEmpty)
        #expect(try TileID.tiles(west: 0.1, south: 0.2, east: 0.3, north: 0.2, levels: 0...8).isEmpty)
        #expect(try TileID.tiles(west: 180, south: 0, east: -180, north: 10, levels: 0...8).isEmpty)
        // The whole world, levels 0…2, level by level and row-major: 1 + 4 + 16.
        let world = try TileID.tiles(west: -180, south: -90, east: 180, north: 90, levels: 0...2)
        #expect(world.count == 21 && world == world.sorted() && world.first == .world)
        #expect(try TileID.tileCount(west: -180, south: -90, east: 180, north: 90, levels: 0...30) == (1 << 62 - 1) / 3)
    }

    @Test("typed errors: non-finite edges, edges out of range or out of order, bad levels, too many tiles")
    func errors() {
        func cover(_ w: Double, _ s: Double, _ e: Double, _ n: Double, _ levels: ClosedRange<Int> = 0...3)
            -> MercatorError?
        {
            thrown(try TileID.tiles(west: w, south: s, east: e, north: n, levels: levels))
        }
        for (error, field) in [(cover(.nan, 0, 1, 1), "West edge"), (cover(0, 0, 1, .infinity), "North edge")] {
            guard case .nonFinite(let f, _)? = error, f == field else {
                Issue.record("expected nonFinite for the \(field), got \(String(describing: error))")
                continue
            }
        }
        #expect(cover(0, 0, 180.5, 1) == .outOfRange(field: "East edge", value: 180.5, range: -180...180))
        #expect(cover(0, -91, 1, 1) == .outOfRange(field: "South edge", value: -91, range: -90...90))
        #expect(cover(0, 50, 1, 40) == .outOfRange(field: "South edge", value: 50, range: -90...40))
        #expect(cover(0, 0, 1, 1, 0...31) == .outOfRange(field: "Highest cover level", value: 31, range: 0...30))
        #expect(cover(0, 0, 1, 1, -1...3) == .outOfRange(field: "Lowest cover level", value: -1, range: 0...30))
        #expect(
            thrown(try TileID.tiles(west: 0, south: 0, east: 1, north: 1, atLevel: 31))
                == .outOfRange(field: "Cover level", value: 31, range: 0...30))
        // The whole world at level 11 is 4²¹ tiles, past the limit of 2²⁰: refused by count, before listing.
        let error = cover(-180, -90, 180, 90, 11...11)
        #expect(error == .tooManyTiles(count: 1 << 22, limit: TileID.maximumCoverCount))
        expectDescription(of: error, mentions: ["4194304", "1048576"])
        // Level 10 exactly fits; at level 30 a box a few tiles wide is fine.
        #expect(cover(-180, -90, 180, 90, 10...10) == nil)
        #expect(
            thrown(try TileID.tiles(west: 8.5, south: 47.3, east: 8.5000001, north: 47.3000001, atLevel: 30)) == nil)
        // A whole world at level 30 is refused at once (no 2⁶⁰-tile loop).
        #expect(cover(-180, -90, 180, 90, 30...30) == .tooManyTiles(count: 1 << 60, limit: TileID.maximumCoverCount))
    }

    /// Random boxes on a fixed seed at levels 0…30, some snapped to tile edges (of their level or a nearby one),
    /// some crossing ±180°, some past the latitude limit, from 10⁻⁹° to 16 tiles wide and high; each level's
    /// cover equals the brute force.
    @Test("random boxes: the cover is the brute force's positive-area set, level by level")
    func randomBoxesMatchBruteForce() throws {
        var rng = SplitMix64(seed: 0x7111_E5_C0)
        var compared = 0
        var nonEmpty = 0
        for _ in 0..<4000 {
            let level = rng.int(0...30)
            var tilesAcross = Double(1 << level)
            // A width and height of 1/8 to 16 tiles (a tile is 360/2ⁿ·cos φ degrees of latitude), sometimes a hair.
            let tileDegrees = 360 / tilesAcross
            var west = rng.uniform(-180, 180)
            var south = rng.uniform(-89.9, 89.9)
            if rng.chance(0.05) { south = rng.uniform(84.9, 90) * (rng.bool() ? 1 : -1) }
            let width = rng.chance(0.1) ? 1e-9 * rng.uniform(0, 10) : tileDegrees * exp2(rng.uniform(-3, 4))
            let height =
                rng.chance(0.1)
                ? 1e-9 * rng.uniform(0, 10) : tileDegrees * cos(south * .pi / 180) * exp2(rng.uniform(-3, 4))
            var east = west + min(width, 359.9)
            if east > 180 { east -= 360 }  // crosses ±180°
            var north = min(90, south + height)
            if rng.chance(0.3) {
                // Snap edges onto tile edges of a level near this one.
                let snapLevel = max(0, min(30, level + rng.int(-2...1)))
                tilesAcross = Double(1 << snapLevel)
                let t = try TileID(
                    containing: geo(max(-85, min(85, south)), max(-180, min(179.999, west))), atLevel: snapLevel)
                let b = t.geoBounds
                if rng.bool() { west = b.west }
                if rng.bool(), b.south <= north, b.south > south - tileDegrees { south = b.south }
                if rng.bool(), b.east > west { east = b.east }
                if rng.bool(), b.north > south, b.north < north + tileDegrees { north = b.north }
            }
            if rng.chance(0.02) { east = west }
            var reached = false
            let expected = Self.bruteForce(
                west: west, south: south, east: east, north: north, level: level, reachedBorder: &reached)
            guard !reached else { continue }
            let cover = try TileID.tiles(west: west, south: south, east: east, north: north, atLevel: level)
            #expect(cover == expected, "\(west) \(south) \(east) \(north) at \(level)")
            let count = try TileID.tileCount(west: west, south: south, east: east, north: north, levels: level...level)
            #expect(count == expected.count)
            compared += 1
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(compared > 3500 && nonEmpty > 3000, "\(compared) compared, \(nonEmpty) non-empty")
    }

    @Test("a range of levels is each level's cover, concatenated in level order")
    func levelRanges() throws {
        var rng = SplitMix64(seed: 0xC0_7E25)
        for _ in 0..<200 {
            let west = rng.uniform(-180, 180)
            let east = rng.uniform(-180, 180)
            let south = rng.uniform(-89, 89)
            let north = min(90, south + rng.uniform(0, 5))
            let all = try TileID.tiles(west: west, south: south, east: east, north: north, levels: 0...6)
            var byLevel: [TileID] = []
            for level in 0...6 {
                byLevel += try TileID.tiles(west: west, south: south, east: east, north: north, atLevel: level)
            }
            #expect(all == byLevel)
            #expect(all == all.sorted())
        }
    }
}

/// The covers against mercantile 1.2.1 (`MercantileReference`, generated by
/// Benchmarks/tools/make_mercantile_reference.py): equal except where mercantile's edge convention differs from
/// the positive-area rule, and there the positive-area answer (the brute force) is asserted.
@Suite("XYZ: covers against mercantile")
struct MercantileReferenceTests {
    struct Cover: Hashable {
        var columns: [ClosedRange<Int>]
        var rows: ClosedRange<Int>?
    }

    /// The runs "a-b,c-d" ("-" for none).
    static func runs(_ text: Substring) -> [ClosedRange<Int>] {
        guard text != "-" else { return [] }
        return text.split(separator: ",").map { run in
            let ends = run.split(separator: "-").map { Int($0)! }
            return ends[0]...ends[1]
        }
    }

    /// The tiles as columns × rows (the cover of one level always is such a product).
    static func product(_ cover: Cover, level: Int) -> [TileID] {
        guard let rows = cover.rows else { return [] }
        return rows.flatMap { y in cover.columns.flatMap { $0.map { try! TileID(level: level, x: $0, y: y) } } }
    }

    /// The boxes (line numbers of `MercantileReference.boxes`, from 0) where mercantile's answer is not the
    /// positive-area one at some zoom, and why. mercantile takes the tile of the north-west corner and the tile of a
    /// point 10⁻¹¹° inside the south-east corner, so it never lists nothing for a piece of a box, and it moves an
    /// edge 10⁻¹¹° inwards. At every other box and zoom of the reference the two agree.
    static let knownDifferences: [Int: String] = [
        8: "180 → −180: both pieces have zero width; mercantile lists column 0 and the last column",
        9: "170 → −180: the piece [−180, −180] has zero width; mercantile adds column 0",
        10: "180 → −170: the piece [180, 180] has zero width; mercantile adds the last column",
        13: "86°…89°N lies wholly past φlim (no terrain); mercantile lists row 0 tiles",
        15: "89°…90°S lies wholly past −φlim; mercantile lists last-row tiles",
        21: "zero width; mercantile lists a column of tiles",
        22: "zero height; mercantile lists a row of tiles",
        23: "a point; mercantile lists the tile holding it",
        35: "edges 5·10⁻¹²° outside tile 4/5/6's, which are tile edges from level 3 on: the box overlaps the "
            + "neighbouring tiles with positive area, but mercantile's 10⁻¹¹° inset drops the east and south ones",
        37: "180 → −90 with 180 written as a tile edge: as box 10, mercantile adds the last column",
    ]

    @Test("mercantile's covers equal the positive-area covers except the documented differences")
    func againstMercantile() throws {
        let boxes = MercantileReference.boxes.split(separator: "\n").map { line in
            line.split(separator: "|")[0].split(separator: " ").map { Double($0)! }
        }
        var differing: Set<Int> = []
        var lines = 0
        for line in MercantileReference.covers.split(separator: "\n") {
            let fields = line.split(separator: " ")
            let box = boxes[Int(fields[0])!]
            let level = Int(fields[1])!
            let rowRuns = Self.runs(fields[3])
            let mercantile = Self.product(
                Cover(columns: Self.runs(fields[2]), rows: rowRuns.first), level: level)
            let cover = try TileID.tiles(west: box[0], south: box[1], east: box[2], north: box[3], atLevel: level)
            var reached = false
            let expected = GeoBoxCoverTests.bruteForce(
                west: box[0], south: box[1], east: box[2], north: box[3], level: level, reachedBorder: &reached)
            #expect(!reached)
            #expect(cover == expected, "box \(fields[0]) at \(level)")
            if cover != mercantile.sorted() {
                differing.insert(Int(fields[0])!)
                #expect(Self.knownDifferences[Int(fields[0])!] != nil, "box \(fields[0]) differs at \(level)")
            }
            lines += 1
        }
        // Every documented difference is real, so the list stays true.
        #expect(differing == Set(Self.knownDifferences.keys))
        #expect(lines > 900)
    }
}
