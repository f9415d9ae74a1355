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
/// otherwise); a query footprint must have finite corners within ``FootprintLimits/maximumExtent`` of the image origin
/// and
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
    /// or lies beyond ``FootprintLimits/maximumExtent`` from the image origin, or one wider than ``maximumWorldCopies``
    ///   world widths.
    public func count(in footprint: Footprint) throws(StencilError) -> Int {
        var tests = 0
        return try count(in: footprint, tests: &tests)
    }

    /// ``count(in:)``, adding to `tests` the number of points tested one by one (the rest were counted in bulk):
    /// the measure of the query's work that the tests check.
    func count(in footprint: Footprint, tests: inout Int) throws(StencilError) -> Int {
        var total = 0
        try visit(footprint, list: false, { _, _ in total += 1 }, inner: { total += $0 }, tests: &tests)
        return total
    }

    /// Calls `body(index, position)` for each point inside the closed footprint: its index in the array the index
    /// was built from and its position in the footprint's unwrapped pixels (ghost copies across ±180° included).
    /// Allocates nothing.
    /// - Throws: as ``count(in:)``, before calling `body`.
    public func forEachPoint(in footprint: Footprint, _ body: (Int, PixelPoint) -> Void) throws(StencilError) {
        var tests = 0
        try visit(footprint, list: true, body, inner: { _ in }, tests: &tests)
    }

    /// Refuses footprints the band and world-copy arithmetic cannot handle, and inverted ones: a footprint whose
    /// ``Footprint/along`` or ``Footprint/across`` has lower > upper holds no point (``Footprint/contains(_:)`` is
    /// false everywhere), yet its corners still outline a rectangle, so it is refused rather than half-honoured.
    private func validate(_ footprint: Footprint, _ quad: Quad) throws(StencilError) {
        // NaN ends fail the corner test below; only the order is checked here.
        guard !(footprint.along.lower > footprint.along.upper) else {
            throw .outOfRange(
                field: "Footprint along-track lower end", value: footprint.along.lower,
                valid:
                    "at most the upper end (\(StencilError.format(footprint.along.upper))): an inverted interval holds nothing"
            )
        }
        guard !(footprint.across.lower > footprint.across.upper) else {
            throw .outOfRange(
                field: "Footprint across-track lower end", value: footprint.across.lower,
                valid:
                    "at most the upper end (\(StencilError.format(footprint.across.upper))): an inverted interval holds nothing"
            )
        }
        let limit = FootprintLimits.maximumExtent
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
                valid: "at most \(Self.maximumWorldCopies) world widths (\(StencilError.format(widest)) px)")
        }
    }

    /// Visits the points in the footprint: `body` for points tested or listed one by one, `inner` with the number
    /// of points known to be inside without a test (only when not listing); `tests` counts the points tested.
    ///
    /// Each stored band the footprint crosses is visited one of two ways, whichever costs less:
    /// - by world copy, when the footprint's x-range in the band spans few copies: per copy, a binary search for
    ///   the range, a count of the inner part, tests near the slanted edges;
    /// - by point, when it spans more copies than the band holds points, or its edge zones are wider than the
    ///   world (a long, thin or slanted footprint): per point, the copies inside follow from two linear functions
    ///   of the copy number (see ``visitByPoint(_:_:_:list:_:inner:tests:)``), so the cost is O(points in the band)
    ///   plus the copies listed, never O(copies × points).
    func visit(
        _ footprint: Footprint, list: Bool, _ body: (Int, PixelPoint) -> Void, inner: (Int) -> Void,
        tests: inout Int
    ) throws(StencilError) {
        let quad = footprint.corners
        try validate(footprint, quad)
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
            // Copy by copy, the points between lo and innerLo and between innerHi and hi are tested in every copy:
            // about (that width / world width) tests per point. Point by point costs about one step per point.
            let edgeZones = (hi - lo) - max(0, innerHi - innerLo)
            if lastCopy - firstCopy + 1 > end - start || edgeZones > width {
                visitByPoint(
                    start..<end, footprint, copies: firstCopy...lastCopy, list: list, body, inner: inner, tests: &tests)
                continue
            }
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
                    testRange(a..<ia, shift, footprint, body, tests: &tests)
                    inner(ib - ia)
                    i = ib
                }
                testRange(i..<b, shift, footprint, body, tests: &tests)
                copy += 1
            }
        }
    }

    /// Visits the stored points `range` (one band) point by point, over the world copies `copies`.
    ///
    /// For a point (x, y), copy c sits at x + c·W, and the footprint's coordinates of it are linear in c:
    /// along-track p(c) = p₀ + c·W·uₓ and across-track q(c) = q₀ + c·W·rₓ, with p₀, q₀ those of copy 0. So the
    /// copies inside form one run of c: where p(c) ∈ `along` and q(c) ∈ `across`. That run is computed with the
    /// intervals widened by a margin μ far above rounding (10⁻¹² of the coordinates' magnitude, thousands of ulps)
    /// and one copy more at each end; the copies whose p and q lie at least μ inside the intervals, again less a
    /// copy at each end, are inside for certain and counted without a test (when not listing); the few others are
    /// tested with ``Footprint/contains(_:)``, exactly as copy by copy. A coordinate that does not change from copy
    /// to copy (g = 0: an axis-aligned footprint) is decided exactly, once. Cost: O(1) per point plus the copies
    /// tested or listed.
    private func visitByPoint(
        _ range: Range<Int>, _ footprint: Footprint, copies: ClosedRange<Int>, list: Bool,
        _ body: (Int, PixelPoint) -> Void, inner: (Int) -> Void, tests: inout Int
    ) {
        let width = grid.width
        let o = footprint.origin
        let u = footprint.ahead
        let r = footprint.right
        let along = footprint.along
        let across = footprint.across
        let scale =
            abs(o.x) + abs(o.y) + width
            + max(max(abs(along.lower), abs(along.upper)), max(abs(across.lower), abs(across.upper)))
        let margin = 1e-12 * scale
        let gp = width * u.x
        let gq = width * r.x
        let minCopy = Double(copies.lowerBound)
        let maxCopy = Double(copies.upperBound)
        for k in range {
            let dx = xs[k] - o.x
            let dy = ys[k] - o.y
            let p0 = dx * u.x + dy * u.y
            let q0 = dx * r.x + dy * r.y
            // The real copies that may hold the point: p(c), q(c) within the widened intervals.
            var low = minCopy
            var high = maxCopy
            Self.restrict(&low, &high, p0, gp, along, by: margin)
            Self.restrict(&low, &high, q0, gq, across, by: margin)
            guard low <= high else { continue }
            // In [minCopy, maxCopy], so the conversions are exact and in range.
            let first = Int(max(minCopy, (low).rounded(.down) - 1))
            let last = Int(min(maxCopy, (high).rounded(.up) + 1))
            guard first <= last else { continue }
            var sureFirst = last + 1
            var sureLast = last
            if !list {
                var innerLow = minCopy
                var innerHigh = maxCopy
                Self.restrict(&innerLow, &innerHigh, p0, gp, along, by: -margin)
                Self.restrict(&innerLow, &innerHigh, q0, gq, across, by: -margin)
                if innerLow <= innerHigh {
                    let a = max(Double(first), innerLow.rounded(.up) + 1)
                    let b = min(Double(last), innerHigh.rounded(.down) - 1)
                    if a <= b {
                        sureFirst = Int(a)
                        sureLast = Int(b)
                    }
                }
            }
            if sureFirst <= sureLast {
                testCopies(k, first..<sureFirst, footprint, body, tests: &tests)
                inner(sureLast - sureFirst + 1)
                testCopies(k, (sureLast + 1)..<(last + 1), footprint, body, tests: &tests)
            } else {
                testCopies(k, first..<(last + 1), footprint, body, tests: &tests)
            }
        }
    }

    /// Narrows the real interval [low, high] of c to where f₀ + c·g lies in `interval` widened by `amount` (shrunk
    /// when negative). With g = 0 the coordinate is the same in every copy and equal to the one
    /// ``Footprint/contains(_:)`` computes (the x term is d_x·0 = 0 either way), so it is decided exactly, on the
    /// interval itself: a point exactly on an axis-aligned edge is inside in every copy, with no test.
    private static func restrict(
        _ low: inout Double, _ high: inout Double, _ f0: Double, _ g: Double, _ interval: Interval, by amount: Double
    ) {
        guard g != 0 else {
            if !interval.contains(f0) { high = -.infinity }
            return
        }
        let lower = interval.lower - amount
        let upper = interval.upper + amount
        guard lower <= upper else {
            high = -.infinity
            return
        }
        let a = (lower - f0) / g
        let b = (upper - f0) / g
        low = max(low, min(a, b))
        high = min(high, max(a, b))
    }

    /// Tests the copies `copies` of stored point `k`, shifted by c·W as copy by copy does.
    private func testCopies(
        _ k: Int, _ copies: Range<Int>, _ footprint: Footprint, _ body: (Int, PixelPoint) -> Void, tests: inout Int
    ) {
        let width = grid.width
        for c in copies {
            tests += 1
            let p = PixelPoint(x: xs[k] + Double(c) * width, y: ys[k])
            if footprint.contains(p) { body(sourceIndex[k], p) }
        }
    }

    /// The position in `bands` of the first band numbered at least `value`.
    private func firstBand(atLeast value: Double) -> Int {
        bands.partitioningIndex { !(Double($0) < value) }
    }

    private func testRange(
        _ range: Range<Int>, _ shift: Double, _ footprint: Footprint, _ body: (Int, PixelPoint) -> Void,
        tests: inout Int
    ) {
        tests += range.count
        for k in range {
            let p = PixelPoint(x: xs[k] + shift, y: ys[k])
            if footprint.contains(p) { body(sourceIndex[k], p) }
        }
    }

    /// First position in [from, to) whose x ≥ value.
    private func lowerBound(_ value: Double, _ from: Int, _ to: Int) -> Int {
        xs[from..<to].partitioningIndex { !($0 < value) }
    }

    /// First position in [from, to) whose x > value.
    private func upperBound(_ value: Double, _ from: Int, _ to: Int) -> Int {
        xs[from..<to].partitioningIndex { !($0 <= value) }
    }
}
