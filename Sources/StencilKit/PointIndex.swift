/// Point features (pushpins, markers, hotspots) indexed once so each frame can count or list those inside its
/// footprint in time that grows with the answer, not with the number of points — the Spots article's sorted
/// arrays and binary search, by horizontal bands.
///
/// Points are kept in bands of ``bandHeight`` pixels, sorted by x within each band. A query visits only the bands
/// the footprint crosses; in each it binary-searches the footprint's x-range in that band. Points in the inner
/// part of the range, where the whole band lies inside the footprint, are counted without being touched; only
/// those near the footprint's slanted edges are tested one by one. A point on the footprint's edge counts as
/// inside (the closed rectangle, ``Footprint/contains(_:)``). Longitudes wrap: a footprint across ±180° finds
/// the points of the other side.
public struct PointIndex: Sendable {
    /// The grid whose pixels the points are in.
    public let grid: TileGrid
    /// Height of a band in pixels.
    public let bandHeight: Double
    /// Point positions wrapped to x in [0, width), band by band, sorted by x within a band.
    private let xs: [Double]
    private let ys: [Double]
    /// For each stored point, its index in the caller's array.
    private let sourceIndex: [Int]
    /// Start of each band in the arrays, for bands firstBand … firstBand + count − 1, plus an end.
    private let bandStarts: [Int]
    private let firstBand: Int

    /// Indexes points given in terrain pixels (x may be unwrapped; it is wrapped into the image).
    /// - Parameter bandHeight: band height in pixels; the tile size unless given.
    /// - Throws: ``StencilError`` for a non-finite point or a band height ≤ 0.
    public init(points: [PixelPoint], grid: TileGrid, bandHeight: Double? = nil) throws(StencilError) {
        let band = bandHeight ?? grid.tileLength
        try StencilError.requirePositive(band, "Band height")
        for p in points {
            try StencilError.requireFinite(p.x, "Point x")
            try StencilError.requireFinite(p.y, "Point y")
        }
        let width = grid.width
        let wrapped = points.map { p -> PixelPoint in
            var x = p.x.truncatingRemainder(dividingBy: width)
            if x < 0 { x += width }
            return PixelPoint(x: x >= width ? 0 : x, y: p.y)
        }
        func bandOf(_ y: Double) -> Int { Int((y / band).rounded(.down)) }
        let order = wrapped.indices.sorted { a, b in
            let ba = bandOf(wrapped[a].y)
            let bb = bandOf(wrapped[b].y)
            return ba != bb ? ba < bb : wrapped[a].x < wrapped[b].x
        }
        self.grid = grid
        self.bandHeight = band
        xs = order.map { wrapped[$0].x }
        ys = order.map { wrapped[$0].y }
        sourceIndex = order
        let first = order.first.map { bandOf(wrapped[$0].y) } ?? 0
        var starts: [Int] = []
        for (position, index) in order.enumerated() {
            while starts.count <= bandOf(wrapped[index].y) - first { starts.append(position) }
        }
        starts.append(order.count)
        firstBand = first
        bandStarts = starts
    }

    /// Number of points indexed.
    public var count: Int { xs.count }

    /// Number of points inside the closed footprint.
    public func count(in footprint: Footprint) -> Int {
        var total = 0
        visit(footprint, list: false) { _, _ in
            total += 1
        } inner: {
            total += $0.count
        }
        return total
    }

    /// Calls `body(index, position)` for each point inside the closed footprint: its index in the array the index
    /// was built from and its position in the footprint's unwrapped pixels (ghost copies across ±180° included).
    /// Allocates nothing.
    public func forEachPoint(in footprint: Footprint, _ body: (Int, PixelPoint) -> Void) {
        visit(footprint, list: true, body) { _ in }
    }

    /// Visits the points in the footprint: `body` for points tested or listed one by one, `inner` for runs of
    /// points known to be inside without a test (only when not listing).
    private func visit(
        _ footprint: Footprint, list: Bool, _ body: (Int, PixelPoint) -> Void, inner: (Range<Int>) -> Void
    ) {
        let quad = footprint.corners
        let box = quad.bounds
        guard !xs.isEmpty, box.maxY >= box.minY else { return }
        let width = grid.width
        // A safety margin keeps the no-test shortcut strictly inside, where rounding cannot change the verdict.
        let slack = 1e-9 * (abs(box.maxX) + abs(box.maxY) + width)
        let lastBand = firstBand + bandStarts.count - 2
        let bandLo = max(firstBand, Int(((box.minY - slack) / bandHeight).rounded(.down)))
        let bandHi = min(lastBand, Int(((box.maxY + slack) / bandHeight).rounded(.down)))
        guard bandLo <= bandHi else { return }
        for band in bandLo...bandHi {
            let y0 = Double(band) * bandHeight
            let y1 = y0 + bandHeight
            let start = bandStarts[band - firstBand]
            let end = bandStarts[band - firstBand + 1]
            guard start < end else { continue }
            var lo = Double.infinity
            var hi = -Double.infinity
            // The strip is widened by the slack too: a point on a nearly horizontal edge can round into a band that
            // only touches the bounding box (or lies just past it), where the box-clipped strip would be a single
            // line holding one corner's x, not the edge's.
            for i in 0..<4 {
                ConvexCover.extendXRange(
                    of: quad[i], quad[i + 1], betweenY: max(y0 - slack, box.minY), min(y1 + slack, box.maxY), &lo, &hi)
            }
            guard hi >= lo else { continue }
            // Points on a slanted edge may round either way: search a little wider and let the exact test decide.
            lo -= slack
            hi += slack
            // Where the band lies wholly inside the footprint's y-range, the x-range common to its top and
            // bottom lines is inside the footprint for every y of the band.
            var innerLo = Double.infinity
            var innerHi = -Double.infinity
            if !list, y0 > box.minY + slack, y1 < box.maxY - slack {
                var topLo = Double.infinity, topHi = -Double.infinity
                var bottomLo = Double.infinity, bottomHi = -Double.infinity
                for i in 0..<4 {
                    ConvexCover.extendXRange(of: quad[i], quad[i + 1], betweenY: y0, y0, &topLo, &topHi)
                    ConvexCover.extendXRange(of: quad[i], quad[i + 1], betweenY: y1, y1, &bottomLo, &bottomHi)
                }
                innerLo = max(topLo, bottomLo) + slack
                innerHi = min(topHi, bottomHi) - slack
            }
            let firstCopy = Int((lo / width).rounded(.down))
            let lastCopy = Int((hi / width).rounded(.down))
            for copy in firstCopy...lastCopy {
                let shift = Double(copy) * width
                let a = lowerBound(lo - shift, start, end)
                let b = upperBound(hi - shift, a, end)
                var i = a
                if innerLo < innerHi {
                    let ia = lowerBound(innerLo - shift, a, b)
                    let ib = upperBound(innerHi - shift, ia, b)
                    testRange(a..<ia, shift, footprint, body)
                    inner(ia..<ib)
                    i = ib
                }
                testRange(i..<b, shift, footprint, body)
            }
        }
    }

    private func testRange(
        _ range: Range<Int>, _ shift: Double, _ footprint: Footprint, _ body: (Int, PixelPoint) -> Void
    ) {
        for k in range {
            let p = PixelPoint(x: xs[k] + shift, y: ys[k])
            if footprint.contains(p) { body(sourceIndex[k], p) }
        }
    }

    /// First position in [from, to) whose x ≥ value.
    private func lowerBound(_ value: Double, _ from: Int, _ to: Int) -> Int {
        var lo = from
        var hi = to
        while lo < hi {
            let mid = (lo + hi) / 2
            if xs[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// First position in [from, to) whose x > value.
    private func upperBound(_ value: Double, _ from: Int, _ to: Int) -> Int {
        var lo = from
        var hi = to
        while lo < hi {
            let mid = (lo + hi) / 2
            if xs[mid] <= value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
