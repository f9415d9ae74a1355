/// Point features (pushpins, markers, hotspots) indexed once so each frame can count or list those inside its
/// footprint in time that grows with the answer, not with the number of points — the Spots article's sorted
/// arrays and binary search, by horizontal bands.
///
/// Points are kept in bands of ``bandHeight`` pixels, sorted by x within each band; only bands that hold points
/// are stored, so storage grows with the points however far apart they lie. A query visits only the stored bands
/// the footprint crosses; in each it binary-searches the footprint's x-range in that band. Points in the inner
/// part of the range, where the whole band lies inside the footprint, are counted without being touched (a whole
/// world copy of a band at once); only those near the footprint's slanted edges are tested one by one. A point on
/// the footprint's edge counts as inside (the closed rectangle, ``Footprint/contains(_:)``). Longitudes wrap: a
/// footprint across ±180° finds the points of the other side, and one wider than the world finds each point once
/// per world copy it covers.
///
/// Limits: a point's band ⌊y / bandHeight⌋ must lie within ±2⁵² (``init(points:grid:bandHeight:)`` throws
/// otherwise); a query footprint must have finite corners within ``Flight/maximumExtent`` of the image origin and
/// be at most ``maximumWorldCopies`` world widths wide (the queries throw otherwise).
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
    /// The bands holding points, ascending (|band| < 2⁵², so exact as `Double`).
    private let bands: [Int]
    /// Start in the arrays of each band of `bands`, plus an end.
    private let bandStarts: [Int]

    /// The widest footprint a query accepts, in world widths: 2²⁰.
    public static let maximumWorldCopies = 1 << 20

    /// The largest band number magnitude, 2⁵²: band numbers and their `Double` images stay exact below it.
    static let bandLimit = 0x1p52

    /// Indexes points given in terrain pixels (x may be unwrapped; it is wrapped into the image).
    /// - Parameter bandHeight: band height in pixels; the tile size unless given.
    /// - Parameter points: the points, in terrain pixels of `grid`.
    /// - Parameter grid: the grid whose pixels the points are in (its width wraps x).
    /// - Throws: ``StencilError`` for a non-finite point, a band height ≤ 0, or a point whose band
    ///   ⌊y / bandHeight⌋ lies outside ±2⁵² (|y| ≥ 2⁵² band heights).
    public init(points: [PixelPoint], grid: TileGrid, bandHeight: Double? = nil) throws(StencilError) {
        let band = bandHeight ?? grid.tileLength
        try StencilError.requirePositive(band, "Band height")
        var bandOf: [Int] = []
        bandOf.reserveCapacity(points.count)
        for p in points {
            try StencilError.requireFinite(p.x, "Point x")
            try StencilError.requireFinite(p.y, "Point y")
            let number = (p.y / band).rounded(.down)
            guard abs(number) < Self.bandLimit else {
                throw .outOfRange(
                    field: "Point y", value: p.y,
                    valid: "less than 2⁵² band heights from y = 0 in magnitude "
                        + "(\(Self.bandLimit * band) px at a band height of \(band) px)")
            }
            bandOf.append(Int(number))
        }
        let width = grid.width
        let wrapped = points.map { p -> PixelPoint in
            var x = p.x.truncatingRemainder(dividingBy: width)
            if x < 0 { x += width }
            return PixelPoint(x: x >= width ? 0 : x, y: p.y)
        }
        let order = wrapped.indices.sorted { a, b in
            bandOf[a] != bandOf[b] ? bandOf[a] < bandOf[b] : wrapped[a].x < wrapped[b].x
        }
        self.grid = grid
        self.bandHeight = band
        xs = order.map { wrapped[$0].x }
        ys = order.map { wrapped[$0].y }
        sourceIndex = order
        var keys: [Int] = []
        var starts: [Int] = []
        for (position, index) in order.enumerated() where keys.last != bandOf[index] {
            keys.append(bandOf[index])
            starts.append(position)
        }
        starts.append(order.count)
        bands = keys
        bandStarts = starts
    }

    /// Number of points indexed.
    public var count: Int { xs.count }

    /// Number of points inside the closed footprint (each world copy a footprint wider than the world covers
    /// counts again).
    /// - Throws: ``StencilError/outOfRange(field:value:valid:)`` for a footprint with a corner that is not finite
    ///   or lies beyond ``Flight/maximumExtent`` from the image origin, or one wider than ``maximumWorldCopies``
    ///   world widths.
    public func count(in footprint: Footprint) throws(StencilError) -> Int {
        var total = 0
        try visit(footprint, list: false) { _, _ in
            total += 1
        } inner: {
            total += $0
        }
        return total
    }

    /// Calls `body(index, position)` for each point inside the closed footprint: its index in the array the index
    /// was built from and its position in the footprint's unwrapped pixels (ghost copies across ±180° included).
    /// Allocates nothing.
    /// - Throws: as ``count(in:)``, before calling `body`.
    public func forEachPoint(in footprint: Footprint, _ body: (Int, PixelPoint) -> Void) throws(StencilError) {
        try visit(footprint, list: true, body) { _ in }
    }

    /// Refuses footprints the band and world-copy arithmetic cannot handle.
    private func validate(_ quad: Quad) throws(StencilError) {
        let limit = Flight.maximumExtent
        // The message is built only when throwing: a query must not allocate.
        func valid() -> String { "finite and at most \(limit) px from the image origin" }
        for i in 0..<4 {
            let corner = quad[i]
            guard abs(corner.x) <= limit else {
                throw .outOfRange(field: "Footprint corner x", value: corner.x, valid: valid())
            }
            guard abs(corner.y) <= limit else {
                throw .outOfRange(field: "Footprint corner y", value: corner.y, valid: valid())
            }
        }
        let box = quad.bounds
        let widest = Double(Self.maximumWorldCopies) * grid.width
        guard box.maxX - box.minX <= widest else {
            throw .outOfRange(
                field: "Footprint width in px", value: box.maxX - box.minX,
                valid: "at most \(Self.maximumWorldCopies) world widths (\(widest) px)")
        }
    }

    /// Visits the points in the footprint: `body` for points tested or listed one by one, `inner` with the number
    /// of points known to be inside without a test (only when not listing).
    private func visit(
        _ footprint: Footprint, list: Bool, _ body: (Int, PixelPoint) -> Void, inner: (Int) -> Void
    ) throws(StencilError) {
        let quad = footprint.corners
        try validate(quad)
        let box = quad.bounds
        guard !xs.isEmpty, box.maxY >= box.minY else { return }
        let width = grid.width
        // A safety margin keeps the no-test shortcut strictly inside, where rounding cannot change the verdict.
        let slack = 1e-9 * (abs(box.maxX) + abs(box.maxY) + width)
        // The band range in Double (it may lie far past the stored bands); stored band numbers are exact there.
        let bandLo = ((box.minY - slack) / bandHeight).rounded(.down)
        let bandHi = ((box.maxY + slack) / bandHeight).rounded(.down)
        var k = firstBand(atLeast: bandLo)
        while k < bands.count, Double(bands[k]) <= bandHi {
            defer { k += 1 }
            let y0 = Double(bands[k]) * bandHeight
            let y1 = y0 + bandHeight
            let start = bandStarts[k]
            let end = bandStarts[k + 1]
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
            // |lo|, |hi| ≤ 2⁴⁰ + slack and width ≥ 1: the copy numbers fit an Int, and there are at most
            // maximumWorldCopies + 2 of them.
            let firstCopy = Int((lo / width).rounded(.down))
            let lastCopy = Int((hi / width).rounded(.down))
            var copy = firstCopy
            while copy <= lastCopy {
                let shift = Double(copy) * width
                if shift >= innerLo, shift + width <= innerHi {
                    // This copy of the band lies wholly inside, and so do the next ones up to the last that ends by
                    // innerHi: count them all at once.
                    let through = min(lastCopy, max(copy, Int((innerHi / width).rounded(.down)) - 1))
                    inner((through - copy + 1) * (end - start))
                    copy = through + 1
                    continue
                }
                let a = lowerBound(lo - shift, start, end)
                let b = upperBound(hi - shift, a, end)
                var i = a
                if innerLo < innerHi {
                    let ia = lowerBound(innerLo - shift, a, b)
                    let ib = upperBound(innerHi - shift, ia, b)
                    testRange(a..<ia, shift, footprint, body)
                    inner(ib - ia)
                    i = ib
                }
                testRange(i..<b, shift, footprint, body)
                copy += 1
            }
        }
    }

    /// The position in `bands` of the first band numbered at least `value`.
    private func firstBand(atLeast value: Double) -> Int {
        var lo = 0
        var hi = bands.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Double(bands[mid]) < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
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
