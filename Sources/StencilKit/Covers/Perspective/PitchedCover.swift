import Foundation
import MercatorMath

/// A perspective camera's cover, in a buffer reused from frame to frame (§11): tiles of several levels, disjoint,
/// that together contain the footprint.
///
/// Keep one per render loop and pass it to ``PerspectiveCamera/cover(order:into:)`` every frame: its arrays keep
/// their capacity, so once they have grown to the largest cover a frame allocates nothing.
public struct PitchedCover: Sendable {
    /// The tiles of the last cover, in the order it was asked for: a view of the buffer's storage, no copy. (Keeping
    /// it past the next cover makes that cover copy the storage once.)
    public var tiles: ArraySlice<PitchedTile> { storage[..<count] }
    /// Storage that only grows (to the largest cover so far): a cover writes its tiles in place, with no fill.
    var storage: [PitchedTile] = []
    /// The refined spans of the level being read and of the level being written (scratch).
    var refined: [ColumnSpan] = []
    var nextRefined: [ColumnSpan] = []
    /// The cover as runs (level, row, first, last), level by level and row-major, when asked for runs only.
    var runs: [LevelRun] = []
    /// Tiles written so far (runs included); the first `count` of `storage` are the cover's tiles.
    var count = 0
    /// (least distance ahead, tile) pairs of a nearest-first sort (scratch).
    var keyed: [(key: Double, tile: PitchedTile)] = []

    /// An empty buffer.
    public init() {}
}

extension PerspectiveCamera {
    /// The most tiles one cover may hold, ``FootprintLimits/maximumTilesPerFrame`` = 2²⁰ (1,048,576): past it a
    /// cover is refused before it takes more memory. A 3840 × 2160 screen at 85° pitch in the geometry model's example 7 setting
    /// (Z = 14.3, levels 0…22, fov 36.87°, θ_max 89.25°) needs 500 tiles over levels 11–16 with levels by depth, and
    /// 2,923 at the single level 14; at 75° a 1920 × 1080 screen needs 184 and 6,176.
    public static var maximumCoverTiles: Int { FootprintLimits.maximumTilesPerFrame }

    /// Fills `cover` with the camera's cover (§11): the tiles of level n_min the footprint needs (positive area),
    /// each replaced by its children the footprint needs while the part of the footprint inside it holds ground
    /// with ℓ ≥ n + 1 of positive area and n < n_max; rows past the terrain left out; unwrapped columns across ±180°.
    ///
    /// How. The ground with ℓ ≥ n + 1 is the footprint's part nearer than the band edge
    /// s_n = (D·2^(n_r+b−n−1) − H·cos p)/sin p ahead of e, a trapezoid R_n (empty, or all of it). A tile of level n
    /// is refined exactly when it meets R_n with positive area (δ is affine, so min δ over tile ∩ footprint is below
    /// the threshold exactly then), and R_n shrinks as n grows, so a tile meeting R_n has every ancestor refined.
    /// Level by level, each row's cover is then one run: the children of the refined run of the parent row, cut to
    /// the footprint's run, less the refined run of R_n — at most two runs of tiles a row, found with the same
    /// row cover as every view (`QuadRows`). At pitch 0 the depth is constant and the cover is the view's, at n_c.
    /// Overlaps thinner than a view's draw tolerance (2e + 16 ulp, e scaled to each level) count as touching.
    ///
    /// Order: ``TileOrder/rowMajor`` lists levels coarsest first, then rows top to bottom, then unwrapped columns
    /// west to east, as built. ``TileOrder/nearestFirst`` sorts by the least depth over tile ∩ footprint (the tile
    /// square clipped to the trapezoid), ties coarsest first then row-major; at pitch 0 every depth is equal.
    /// - Throws: ``StencilError/tooLarge(what:value:limit:advice:)`` for a cover of more than ``maximumCoverTiles``
    ///   tiles, before it takes more memory.
    /// - Complexity: O(rows + tiles) per level for ``TileOrder/rowMajor``, no allocation once `cover` has grown;
    ///   plus O(tiles · log tiles) for ``TileOrder/nearestFirst``.
    public func cover(order: TileOrder = .rowMajor, into cover: inout PitchedCover) throws(StencilError) {
        try fill(&cover, runsOnly: false)
        if order == .nearestFirst { sortNearestFirst(&cover) }
    }

    /// Fills `cover.tiles`, or only `cover.runs` when `runsOnly` (a track's frames diff their runs).
    func fill(_ cover: inout PitchedCover, runsOnly: Bool) throws(StencilError) {
        cover.runs.removeAll(keepingCapacity: true)
        cover.count = 0
        // The two span buffers swap level by level: keep their capacities equal so neither regrows after warming.
        let spans = max(cover.refined.capacity, cover.nextRefined.capacity)
        cover.refined.reserveCapacity(spans)
        cover.nextRefined.reserveCapacity(spans)
        cover.refined.removeAll(keepingCapacity: true)
        let footprintRows = QuadRows(footprint)
        let box = footprintRows.bounds
        let reach = max(max(abs(box.minX), abs(box.maxX)), max(abs(box.minY), abs(box.maxY)))
        let tileSize = Double(levels.tileSize)
        let world = tileSize * exp2(Double(referenceLevel))
        let roundingMargin = 16 * reach.ulp
        let firstLevel = pitch == 0 ? level : firstLevelWithOutput()
        let lastLevel = pitch == 0 ? level : levels.maxLevel
        var n = firstLevel
        // The tile side and the refinement depth halve exactly level by level (powers of two).
        var length = tileSize * exp2(Double(referenceLevel - n))
        var depth = refinementDepth(below: n)
        while true {
            let bandEdge = n < lastLevel && pitch > 0 ? distanceAhead(atDepth: depth) : 0
            var writer = PitchedRunWriter(
                level: n, length: length, tolerance: 2 * (1e-9 * length + 1e-14 * world) + roundingMargin,
                footprint: footprintRows, band: n < lastLevel ? refinedRegion(ahead: bandEdge) : nil,
                bandEdge: bandEdge, eye: eye, ahead: ahead, runsOnly: runsOnly)
            cover.nextRefined.removeAll(keepingCapacity: true)
            if n == firstLevel {
                let (first, last) = (
                    IntRounding.floor((box.minY + writer.tolerance) / length),
                    IntRounding.ceil((box.maxY - writer.tolerance) / length) - 1
                )
                let firstRow = max(first, 0)
                let lastRow = min(last, (1 << n) - 1)
                if firstRow <= lastRow {
                    guard lastRow - firstRow < Self.maximumCoverTiles else {
                        throw Self.tooManyTiles(Double(lastRow - firstRow + 1))
                    }
                    for row in firstRow...lastRow {
                        if let (a, b) = footprintRows.columns(
                            inRow: row, tileLength: length, tolerance: writer.tolerance, reciprocal: writer.reciprocal)
                        {
                            try writer.write(row: row, from: a, through: b, into: &cover)
                        }
                    }
                }
            } else {
                for span in cover.refined {
                    for row in (2 * span.row)...(2 * span.row + 1) {
                        guard
                            let (a, b) = footprintRows.columns(
                                inRow: row, tileLength: length, tolerance: writer.tolerance,
                                reciprocal: writer.reciprocal)
                        else { continue }
                        let first = max(a, 2 * span.first)
                        let last = min(b, 2 * span.last + 1)
                        if first <= last { try writer.write(row: row, from: first, through: last, into: &cover) }
                    }
                }
            }
            swap(&cover.refined, &cover.nextRefined)
            if cover.refined.isEmpty { break }
            n += 1
            length /= 2
            depth /= 2
        }
    }

    /// The cover in a new array (see ``cover(order:into:)``); allocates, so a render loop keeps a ``PitchedCover``.
    /// - Throws: as ``cover(order:into:)``.
    public func cover(order: TileOrder = .rowMajor) throws(StencilError) -> [PitchedTile] {
        var buffer = PitchedCover()
        try cover(order: order, into: &buffer)
        return Array(buffer.tiles)
    }

    /// The refusal of a cover of `count` tiles or more.
    static func tooManyTiles(_ count: Double) -> StencilError {
        .tooLarge(
            what: "Tiles of the perspective camera's cover", value: count, limit: Double(maximumCoverTiles),
            advice: "lower the pitch or the horizon limit, raise the level bias' floor (n_min) or the map zoom, or use "
                + "a smaller screen")
    }

    /// The first level from n_min at which a tile can stay in the cover: every level n < n_max whose band edge lies
    /// at or past the far edge (D·2^(n_r+b−n−1) ≥ the far edge's depth) has R_n = the whole footprint, so every
    /// tile it needs is refined; the cover starts with the footprint's tiles at the first level that is not so.
    /// - Complexity: O(levels skipped); the threshold halves exactly level by level.
    func firstLevelWithOutput() -> Int {
        var n = levels.minLevel
        var threshold = refinementDepth(below: n)
        while n < levels.maxLevel && distanceAhead(atDepth: threshold) >= farDistance {
            n += 1
            threshold /= 2
        }
        return n
    }

    /// R_n: the footprint's part nearer than the band edge s_n (ground with ℓ ≥ n + 1), or nil when it has no area.
    /// - Parameter s: the band edge s_n, the distance ahead of e of the depth D·2^(n_r+b−n−1).
    func refinedRegion(ahead s: Double) -> Quad? {
        guard s > nearDistance else { return nil }
        if s >= farDistance { return footprint }
        let w = nearHalfWidth + (s - nearDistance) * sideSlope
        let c = PixelPoint(x: eye.x + s * ahead.x, y: eye.y + s * ahead.y)
        return Quad(footprint.a, c - w * right, c + w * right, footprint.d)
    }
}

/// Writes one level's runs: a row's candidate run less its refined run (at most two runs of tiles), and the refined
/// run kept for the next level.
struct PitchedRunWriter {
    let level: Int
    let length: Double
    let tolerance: Double
    /// R_n's corners, and its row cover once a row first needs it (`bandRows` is the footprint's until then: a
    /// non-optional field, since unwrapping an optional copied the whole struct a row).
    let bandQuad: Quad
    let hasBand: Bool
    var bandRows: QuadRows
    var bandBuilt = false
    let runsOnly: Bool
    /// s_n, the band edge's distance ahead of e, and u(β)·x for the side test: s(q) = u·q − u·e.
    let bandEdge: Double
    let ahead: PixelPoint
    let aheadOfEye: Double
    /// 1/length when the length is a power of two (then dividing by it is exact as a multiply), else nil.
    let reciprocal: Double?

    init(
        level: Int, length: Double, tolerance: Double, footprint: QuadRows, band: Quad?, bandEdge: Double,
        eye: PixelPoint, ahead: PixelPoint, runsOnly: Bool
    ) {
        self.level = level
        self.length = length
        reciprocal = length.significandBitPattern == 0 && length.isNormal ? 1 / length : nil
        self.tolerance = tolerance
        bandQuad = band ?? footprint.quad
        bandRows = footprint
        hasBand = band != nil
        self.runsOnly = runsOnly
        self.bandEdge = bandEdge
        self.ahead = ahead
        aheadOfEye = ahead.dot(eye)
    }

    /// Writes row `row`'s candidate run a…b: the tiles outside R_n's run, and R_n's run as refined.
    ///
    /// A shortcut first: when the candidates' bounding box lies wholly nearer than the band edge (by more than the
    /// tolerance), every candidate meets R_n as it meets the footprint and all are refined; wholly beyond it, none
    /// is. Only the rows the band edge crosses need R_n's own row cover.
    @inline(__always)
    mutating func write(row: Int, from a: Int, through b: Int, into cover: inout PitchedCover) throws(StencilError) {
        if hasBand {
            let x0 = Double(a) * length * ahead.x
            let x1 = Double(b + 1) * length * ahead.x
            let y0 = Double(row) * length * ahead.y
            let y1 = Double(row + 1) * length * ahead.y
            let nearest = min(x0, x1) + min(y0, y1) - aheadOfEye
            let farthest = max(x0, x1) + max(y0, y1) - aheadOfEye
            if farthest < bandEdge - tolerance {
                cover.nextRefined.append(ColumnSpan(row: row, first: a, last: b))
                return
            }
            if nearest > bandEdge + tolerance {
                try append(row: row, from: a, through: b, to: &cover)
                return
            }
        }
        if hasBand && !bandBuilt {
            bandRows = QuadRows(bandQuad)
            bandBuilt = true
        }
        if hasBand,
            let (r0, r1) = bandRows.columns(
                inRow: row, tileLength: length, tolerance: tolerance, reciprocal: reciprocal)
        {
            let c0 = max(r0, a)
            let c1 = min(r1, b)
            if c0 <= c1 {
                if a < c0 { try append(row: row, from: a, through: c0 - 1, to: &cover) }
                if c1 < b { try append(row: row, from: c1 + 1, through: b, to: &cover) }
                cover.nextRefined.append(ColumnSpan(row: row, first: c0, last: c1))
                return
            }
        }
        try append(row: row, from: a, through: b, to: &cover)
    }

    @inline(__always)
    func append(row: Int, from a: Int, through b: Int, to cover: inout PitchedCover) throws(StencilError) {
        let total = cover.count + (b - a + 1)
        guard total <= PerspectiveCamera.maximumCoverTiles else {
            throw PerspectiveCamera.tooManyTiles(Double(total))
        }
        if runsOnly {
            cover.count = total
            cover.runs.append(LevelRun(level: level, row: row, first: a, last: b))
            return
        }
        // The storage grows geometrically to the largest cover, then the tiles are written in place.
        if cover.storage.count < total {
            cover.storage.append(
                contentsOf: repeatElement(
                    PitchedTile(tile: UnwrappedTileID(unchecked: 0, 0, 0), size: 0),
                    count: max(total, 2 * cover.storage.count) - cover.storage.count))
        }
        let start = cover.count
        cover.count = total
        let level = self.level
        let length = self.length
        cover.storage.withUnsafeMutableBufferPointer { tiles in
            var k = start
            for i in a...b {
                tiles[k] = PitchedTile(tile: UnwrappedTileID(unchecked: level, i, row), size: length)
                k += 1
            }
        }
    }
}
