import Foundation
import MercatorMath
import StencilKit
import StencilKitIO
import TestSupport
import Testing

/// A DEM in memory: level n, tiles of s × s samples, the present tiles' samples row-major.
private struct MemoryDEM {
    let n: Int
    let s: Int
    var tiles: [TileID: [Double]]

    /// The tiles as Terrarium PNGs: RGB, or RGBA (alpha 7, ignored) on tiles with x + y odd.
    var source: MemoryTileSource {
        var pngs: [TileID: Data] = [:]
        for (tile, metres) in tiles {
            pngs[tile] = TestPNG.terrarium(size: s, metres: metres, alpha: (tile.x + tile.y) % 2 == 1 ? 7 : nil)
        }
        return MemoryTileSource(tiles: pngs)
    }

    func bounds() throws -> DEMBounds {
        try DEMBounds(source: source, level: n, tiles: Array(tiles.keys), encoding: .terrarium)
    }

    /// The sample at global column c, row r of level n's grid (0 m in an absent tile).
    func sample(_ c: Int, _ r: Int) -> (value: Double, present: Bool) {
        guard let values = tiles[tile(n, c / s, r / s)] else { return (0, false) }
        return (values[(r % s) * s + (c % s)], true)
    }

    /// Brute force: the min/max over the samples interpolation inside tile (m, x, y)'s closed square uses (one
    /// sample beyond each edge; columns wrap; rows clamp at the poles), and whether one is a present tile's.
    func brute(_ tile: TileID) -> (lo: Double, hi: Double, touched: Bool) {
        let span = s << (n - tile.level)
        let across = s << n
        var (lo, hi, touched) = (Double.infinity, -Double.infinity, false)
        for r in (tile.y * span - 1)...((tile.y + 1) * span) {
            for c in (tile.x * span - 1)...((tile.x + 1) * span) {
                let v = sample((c + across) % across, min(max(r, 0), across - 1))
                lo = min(lo, v.value)
                hi = max(hi, v.value)
                touched = touched || v.present
            }
        }
        return (lo, hi, touched)
    }
}

/// The tile (n, x, y), in range by construction.
private func tile(_ n: Int, _ x: Int, _ y: Int) -> TileID { try! TileID(level: n, x: x, y: y) }

@Suite("Terrain bounds from a DEM")
struct DEMBoundsTests {
    /// The effective range of `tile` from the derived list: its entry, else its nearest listed ancestor's.
    private func effective(_ tile: TileID, _ bounds: DEMBounds) -> ElevationRange {
        let listed = Dictionary(uniqueKeysWithValues: bounds.entries.map { ($0.tile, $0.range) })
        var t: TileID? = tile
        while let current = t, current.level > 0 {
            if let range = listed[current] { return range }
            t = current.parent
        }
        return bounds.root
    }

    @Test("Hand-worked: one 2 × 2-sample tile (2, 1, 1) gives its 8 neighbours their edge and corner samples")
    func oneTile() throws {
        let dem = MemoryDEM(n: 2, s: 2, tiles: [tile(2, 1, 1): [10, 20, 30, 40]])
        let bounds = try dem.bounds()
        #expect(bounds.level == 2 && bounds.tileSize == 2 && bounds.presentTiles == 1)
        #expect(bounds.root == ElevationRange(lo: 0, hi: 40))
        let expected: [[Double]] = [
            [10, 20, 20, 0], [30, 40, 40, 0], [30, 40, 40, 0], [0, 0, 0, 0],
        ]
        // rows y = 0…3 of level 2, columns 0…3: hi (lo is 0 everywhere)
        var level2: [TileID: Double] = [:]
        for entry in bounds.entries where entry.tile.level == 2 {
            #expect(entry.range.lo == 0)
            level2[entry.tile] = entry.range.hi
        }
        #expect(level2.count == 16)
        for y in 0..<4 {
            for x in 0..<4 { #expect(level2[tile(2, x, y)] == expected[y][x], "tile 2/\(x)/\(y)") }
        }
        #expect(
            bounds.entries.filter { $0.tile.level == 1 }.map(\.range)
                == Array(repeating: .init(lo: 0, hi: 40), count: 4))
        #expect(bounds.entries.count == 20)
        _ = try bounds.terrainBounds()
    }

    @Test("Hand-worked: three of four level-1 tiles, negative samples, columns wrapping both ways")
    func threeTiles() throws {
        let dem = MemoryDEM(
            n: 1, s: 2,
            tiles: [
                tile(1, 0, 0): [100, 200, 300, 400], tile(1, 1, 0): [-50, 10, 20, 30],
                tile(1, 0, 1): [5, 6, 7, 8],
            ])
        let bounds = try dem.bounds()
        #expect(bounds.root == ElevationRange(lo: -50, hi: 400))
        #expect(
            bounds.entries == [
                .init(tile: tile(1, 0, 0), range: .init(lo: -50, hi: 400)),
                .init(tile: tile(1, 1, 0), range: .init(lo: -50, hi: 400)),
                .init(tile: tile(1, 0, 1), range: .init(lo: 0, hi: 400)),
                .init(tile: tile(1, 1, 1), range: .init(lo: 0, hi: 400)),
            ])
    }

    @Test(
        "Hand-worked: a tile at the west edge and the north pole; only the wrapped and southern neighbours take its samples"
    )
    func wrapAndPole() throws {
        let dem = MemoryDEM(n: 2, s: 2, tiles: [tile(2, 0, 0): [10, 20, 30, 40]])
        let bounds = try dem.bounds()
        let his = Dictionary(
            uniqueKeysWithValues: bounds.entries.filter { $0.tile.level == 2 }.map { ($0.tile, $0.range.hi) })
        // The level-1 tiles (1, 0, 0) and (1, 1, 0) are touched (the wrapped column 3 lies in (1, 1, 0)).
        #expect(his.count == 8)
        #expect(his[tile(2, 0, 0)] == 40)
        #expect(his[tile(2, 1, 0)] == 40)  // (2, 0, 0)'s east column {20, 40}
        #expect(his[tile(2, 3, 0)] == 30)  // (2, 0, 0)'s west column {10, 30}, across the antimeridian
        #expect(his[tile(2, 0, 1)] == 40)
        #expect(his[tile(2, 1, 1)] == 40)  // corner (2, 0, 0) south-east
        #expect(his[tile(2, 3, 1)] == 30)  // corner (2, 0, 0) south-west, across the antimeridian
        #expect(his[tile(2, 2, 0)] == 0 && his[tile(2, 2, 1)] == 0)
        #expect(bounds.entries.filter { $0.tile.level == 2 }.allSatisfy { $0.range.lo == 0 })
    }

    @Test("All tiles present, all negative: no 0 m enters (S = 1, level 1)")
    func negative() throws {
        let dem = MemoryDEM(
            n: 1, s: 1,
            tiles: [
                tile(1, 0, 0): [-1], tile(1, 1, 0): [-2],
                tile(1, 0, 1): [-3], tile(1, 1, 1): [-4],
            ])
        let bounds = try dem.bounds()
        #expect(bounds.root == ElevationRange(lo: -4, hi: -1))
        #expect(bounds.entries.map(\.range) == Array(repeating: ElevationRange(lo: -4, hi: -1), count: 4))
    }

    @Test("Random DEMs against the brute force: every tile of levels 0…N, the exact entry set (300 DEMs)")
    func randomDEMs() throws {
        var random = SplitMix64(seed: 1426)
        var dems = 0
        var tilesChecked = 0
        for _ in 0..<300 {
            let n = random.int(0...3)
            let s = random.int(1...4)
            let w = 1 << n
            let p = random.unit()
            let base = random.uniform(-3000, 3000)
            var tiles: [TileID: [Double]] = [:]
            for y in 0..<w {
                for x in 0..<w where random.chance(p) {
                    tiles[tile(n, x, y)] = (0..<(s * s)).map { _ in
                        ((base + random.uniform(-800, 800)) * 256).rounded() / 256
                    }
                }
            }
            if tiles.isEmpty {
                tiles[tile(n, random.int(below: w), random.int(below: w))] = [Double](repeating: -7.5, count: s * s)
            }
            let dem = MemoryDEM(n: n, s: s, tiles: tiles)
            let bounds = try dem.bounds()
            let rootBrute = dem.brute(.world)
            #expect(bounds.root == ElevationRange(lo: rootBrute.lo, hi: rootBrute.hi))
            var expectedEntries: Set<TileID> = []
            for m in 0...n {
                for y in 0..<(1 << m) {
                    for x in 0..<(1 << m) {
                        let t = tile(m, x, y)
                        let brute = dem.brute(t)
                        #expect(effective(t, bounds) == ElevationRange(lo: brute.lo, hi: brute.hi), "tile \(t)")
                        if brute.touched && m < n {
                            for cy in 0...1 {
                                for cx in 0...1 { expectedEntries.insert(tile(m + 1, 2 * x + cx, 2 * y + cy)) }
                            }
                        }
                        tilesChecked += 1
                    }
                }
            }
            #expect(Set(bounds.entries.map(\.tile)) == expectedEntries)
            #expect(bounds.entries.count == expectedEntries.count)
            let terrain = try bounds.terrainBounds()  // nests, so it is accepted
            #expect(terrain.deepestLevel == (expectedEntries.isEmpty ? 0 : n))
            dems += 1
        }
        #expect(dems == 300)
        #expect(tilesChecked > 3000)
    }

    @Test("Refusals name the tile: empty list, wrong level, a duplicate, too many, unreadable, missing, not PNG, sizes")
    func refusals() throws {
        let a = tile(1, 0, 0)
        let b = tile(1, 1, 0)
        let png2 = TestPNG.terrarium(size: 2, metres: [1, 2, 3, 4])
        let source = MemoryTileSource(tiles: [a: png2, b: png2])
        #expect(throws: DEMBoundsError.noTiles("list")) {
            try DEMBounds(source: source, level: 1, tiles: [], encoding: .terrarium)
        }
        #expect(throws: DEMBoundsError.badTileList(.world, level: 1)) {
            try DEMBounds(source: source, level: 1, tiles: [a, .world], encoding: .terrarium)
        }
        #expect(throws: DEMBoundsError.badTileList(a, level: 1)) {
            try DEMBounds(source: source, level: 1, tiles: [a, b, a], encoding: .terrarium)
        }
        #expect(throws: DEMBoundsError.tooManyTiles(level: 1, count: 2, limit: 1)) {
            try DEMBounds(source: source, level: 1, tiles: [a, b], encoding: .terrarium, maximumTiles: 1)
        }
        #expect(throws: DEMBoundsError.vanished(tile(1, 1, 1))) {
            try DEMBounds(source: source, level: 1, tiles: [a, tile(1, 1, 1)], encoding: .terrarium)
        }
        var failing = source
        failing.failing = [b]
        #expect(throws: DEMBoundsError.unreadable(b, reason: "Failure(tile: 1/1/0)")) {
            try DEMBounds(source: failing, level: 1, tiles: [a, b], encoding: .terrarium)
        }
        let notPNG = MemoryTileSource(tiles: [a: png2, b: Data("tile".utf8)])
        #expect(throws: DEMBoundsError.undecodable(b, .notPNG(byteCount: 4))) {
            try DEMBounds(source: notPNG, level: 1, tiles: [a, b], encoding: .terrarium)
        }
        let wide = MemoryTileSource(tiles: [
            a: png2, b: TestPNG.encode(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6]),
        ])
        #expect(throws: DEMBoundsError.notSquare(b, width: 2, height: 1)) {
            try DEMBounds(source: wide, level: 1, tiles: [a, b], encoding: .terrarium)
        }
        let mixed = MemoryTileSource(tiles: [a: png2, b: TestPNG.terrarium(size: 1, metres: [5])])
        #expect(throws: DEMBoundsError.sizeMismatch(b, size: 1, expected: 2)) {
            try DEMBounds(source: mixed, level: 1, tiles: [a, b], encoding: .terrarium)
        }
        let message = DEMBoundsError.sizeMismatch(b, size: 1, expected: 2).description
        #expect(message.contains("1/1/0") && message.contains("one size"))
    }

    @Test("Sources by path: an archive, a folder and a {z}/{x}/{y} template read only the deepest level alike")
    func paths() throws {
        let folder = try makeTemporaryDirectory("dem")
        defer { removeTemporary(folder) }
        // Level 2 holds the data; level 1 holds an overview with a far too high value, which must not be read.
        let deep = [tile(2, 1, 1): [10.0, 20, 30, 40], tile(2, 2, 1): [-5.0, 0, 0, 5]]
        let overview = tile(1, 0, 0)
        var writer = PMTilesWriter()
        for (tile, metres) in deep {
            let png = TestPNG.terrarium(size: 2, metres: metres)
            writer.add(png, for: tile)
            try FileManager.default.createDirectory(
                atPath: "\(folder)/tiles/2/\(tile.x)", withIntermediateDirectories: true)
            try png.write(to: URL(fileURLWithPath: "\(folder)/tiles/2/\(tile.x)/\(tile.y).png"))
        }
        let spike = TestPNG.terrarium(size: 2, metres: [9000, 9000, 9000, 9000])
        writer.add(spike, for: overview)
        try FileManager.default.createDirectory(atPath: "\(folder)/tiles/1/0", withIntermediateDirectories: true)
        try spike.write(to: URL(fileURLWithPath: "\(folder)/tiles/1/0/0.png"))
        try writer.archive().write(to: URL(fileURLWithPath: "\(folder)/dem.pmtiles"))
        let fromArchive = try DEMBounds(path: "\(folder)/dem.pmtiles", encoding: .terrarium)
        let fromFolder = try DEMBounds(path: "\(folder)/tiles", encoding: .terrarium)
        let fromTemplate = try DEMBounds(path: "\(folder)/tiles/{z}/{x}/{y}.png", encoding: .terrarium)
        let expected = try MemoryDEM(n: 2, s: 2, tiles: deep).bounds()
        #expect(fromArchive == expected && fromFolder == expected && fromTemplate == expected)
        #expect(expected.root == ElevationRange(lo: -5, hi: 40))
        #expect(throws: DEMBoundsError.unlistableTemplate("\(folder)/{quadkey}.png")) {
            try DEMBounds(path: "\(folder)/{quadkey}.png", encoding: .terrarium)
        }
        #expect(throws: DEMBoundsError.source(.notFound(path: "\(folder)/none.pmtiles"))) {
            try DEMBounds(path: "\(folder)/none.pmtiles", encoding: .terrarium)
        }
        try FileManager.default.createDirectory(atPath: "\(folder)/tiles/2/4", withIntermediateDirectories: true)
        try spike.write(to: URL(fileURLWithPath: "\(folder)/tiles/2/4/0.png"))
        #expect(throws: DEMBoundsError.outsidePyramid(path: "\(folder)/tiles/2/4/0.png")) {
            try DEMBounds(path: "\(folder)/tiles", encoding: .terrarium)
        }
        #expect(throws: DEMBoundsError.tooManyTiles(level: 2, count: 2, limit: 1)) {
            try DEMBounds(path: "\(folder)/dem.pmtiles", encoding: .terrarium, maximumTiles: 1)
        }
    }
}
