/// How a leg between two waypoints is flown (the geometry model's *Tracks: routes of any shape* (§7)).
public enum LegKind: String, Sendable, Hashable, CaseIterable {
    /// A rhumb line: straight on the Mercator image, one heading.
    case rhumb
    /// A great circle, flown as a chain of straight pieces within a tolerance ε of the true great circle's
    /// footprints.
    case greatCircle
}

extension Track {
    /// The track through waypoints W₀…Wₙ (the geometry model's *Tracks: routes of any shape* (§7)).
    ///
    /// Each waypoint's longitude is unwrapped next to the previous one by the short way (a difference of exactly
    /// ±180° is kept as given), so a route may cross ±180° any number of times. Between two legs the heading turns
    /// by Δ = atan2(u_in × u_out, u_in · u_out) (an exact reversal is +180°, a right pivot): a pivot when
    /// `turnRadius` is 0 or a great-circle leg begins or ends there, else a fly-by arc of radius ρ tangent to both
    /// legs, starting ρ·tan(|Δ|/2) before the waypoint.
    /// - Parameters:
    ///   - waypoints: W₀…Wₙ (n ≥ 1), geographic; consecutive ones must differ.
    ///   - grid: the tile grid flown over.
    ///   - screen: the screen and how it shows the terrain. It also spaces great-circle chains, by design: a chain
    ///     keeps every *footprint* within ε of the true great circle's, and a footprint corner R px from its pose
    ///     moves by R·Δα when the heading turns by Δα, so the farther the screen (and band) reaches, the shorter
    ///     the pieces (a route chained into 2,811 pieces for a 1 × 1 screen takes 4,869 for a 400-px one). Give
    ///     the screen you draw: a smaller one would leave its stencil short of the true footprints by more than ε.
    ///     For a centreline without a screen (a buffer around the route), use ``Corridor``, whose chains keep the
    ///     line itself within ε.
    ///   - legs: how every leg is flown.
    ///   - turnRadius: the fly-by radius ρ ≥ 0 in terrain pixels.
    ///   - closure: ``TrackClosure/oneWay`` (no turn at either end), ``TrackClosure/loop`` (a leg Wₙ → W₀ closes
    ///     the circuit; the track starts where W₀'s turn ends, and that turn is its last piece), or
    ///     ``TrackClosure/racetrack`` for exactly two waypoints (the §3 loop, turning right with `turnRadius`).
    ///   - tolerance: ε > 0 in terrain pixels for great-circle legs (see ``LegKind/greatCircle``).
    ///   - lateralBand: the band d ≥ 0 in terrain pixels the pilot may steer to either side of the track.
    /// - Complexity: O(pieces); a great-circle leg has about R·Θ/ε + √(L·Θ/2ε) pieces, R the footprint's reach, Θ
    ///   the leg's total turn and L its length in px, and 2 track pieces a point (a straight and a joint). That count
    ///   is estimated for every leg and summed before any chain is built, and a route whose estimated pieces pass
    ///   ``Track/maximumPieces`` is refused at once.
    /// - Throws: ``StencilError/tooFewWaypoints(count:)``,
    ///   ``StencilError/coincidentWaypoints(first:second:latitude:longitude:)``,
    /// ``StencilError/radiusTooLarge(from:to:radius:largestRadius:)``,
    /// ``StencilError/reversalWithRadius(waypoint:radius:)``,
    ///   ``StencilError/badTolerance(value:)``, ``StencilError/geometry(_:)`` for a waypoint past the terrain's
    ///   latitude limit (its field names the waypoint: `Waypoint 3: latitude`),
    ///   ``StencilError/onLeg(from:to:error:)`` for a great-circle leg refused (antipodal ends, too many pieces),
    ///   ``StencilError/tooLarge(what:value:limit:advice:)`` past ``Track/maximumPieces``. A route read from a file
    ///   may drop its repeated points first with ``Track/droppingRepeatedWaypoints(_:closure:)``.
    public init(
        waypoints: [GeoCoordinate], on grid: TileGrid, screen: Screen, legs: LegKind = .rhumb,
        turnRadius: Double = 0, closure: TrackClosure = .oneWay, tolerance: Double = 0.5, lateralBand: Double = 0
    ) throws(StencilError) {
        guard waypoints.count >= 2 else { throw .tooFewWaypoints(count: waypoints.count) }
        guard tolerance.isFinite, tolerance > 0 else { throw .badTolerance(value: tolerance) }
        try StencilError.requireNonNegative(turnRadius, "Turn radius")
        try StencilError.requireNonNegative(lateralBand, "Lateral band")
        if closure == .racetrack {
            for (index, waypoint) in waypoints.enumerated() {
                do { _ = try grid.pixel(of: waypoint) } catch {
                    throw .geometry(WaypointLegs.naming(error, waypoint: index))
                }
            }
            guard waypoints.count == 2 else {
                throw .outOfRange(
                    field: "Waypoints of a racetrack", value: Double(waypoints.count), valid: "exactly 2 (A and B)")
            }
            let racetrack = try Racetrack(
                from: waypoints[0], to: waypoints[1], on: grid, screen: screen, turn: Turn(radius: turnRadius),
                lateralBand: lateralBand)
            self.init(racetrack: racetrack)
            return
        }
        guard waypoints.count <= Self.maximumPieces else {
            throw .tooLarge(
                what: "Waypoints", value: Double(waypoints.count), limit: Double(Self.maximumPieces),
                advice: "split the route")
        }
        try Self.checkFootprintSize(screen: screen, lateralBand: lateralBand, grid: grid)
        let (pieces, legStarts) = try Self.waypointPieces(
            waypoints, on: grid, legs: legs, turnRadius: turnRadius, closure: closure, tolerance: tolerance,
            reach: Self.footprintReach(screen: screen, lateralBand: lateralBand))
        try self.init(
            pieces: pieces, grid: grid, screen: screen, lateralBand: lateralBand, closure: closure,
            legStarts: legStarts)
    }

    /// The pieces of the track through `waypoints` (one way or a loop) and the first piece of each leg, its
    /// great-circle chains spaced for a footprint reaching `reach` px from its pose (``GreatCircleChain``: every
    /// piece keeps (ℓ/2)·tan Δα + reach·Δα ≤ ε; with reach 0 the chain stays within ε of the great circle itself).
    /// The waypoint count, tolerance and radius are checked by the caller.
    /// - Throws: the waypoint, radius and size errors of
    ///   ``init(waypoints:on:screen:legs:turnRadius:closure:tolerance:lateralBand:)``.
    /// - Complexity: O(pieces).
    static func waypointPieces(
        _ waypoints: [GeoCoordinate], on grid: TileGrid, legs: LegKind, turnRadius: Double, closure: TrackClosure,
        tolerance: Double, reach: Double
    ) throws(StencilError) -> (pieces: [TrackPiece], legStarts: [Int]) {
        let plan = try WaypointLegs(waypoints: waypoints, grid: grid, closure: closure)
        // A great-circle route's pieces, estimated leg by leg and summed before any chain is built: a chain of n
        // points is n − 1 straight pieces and up to n − 2 joints, so about 2 pieces a point.
        if legs == .greatCircle {
            var points = 0.0
            for leg in 0..<plan.legCount {
                let (i, j) = plan.ends(of: leg)
                do {
                    points += try GreatCircleChain.estimatedPoints(
                        from: waypoints[i], to: waypoints[j], pixels: plan.pixels[leg], plan.endPixel(of: leg),
                        grid: grid, reach: reach, tolerance: tolerance)
                } catch { throw .onLeg(from: i, to: j, error: error) }
            }
            let pieces = (2 * points).rounded(.up)
            guard pieces <= Double(Self.maximumPieces) else {
                throw .tooLarge(
                    what: "Track pieces of the great-circle chains, estimated up front (a straight and a joint per "
                        + "chain point, R·Θ/ε + √(L·Θ/2ε) points a leg, over \(plan.legCount) "
                        + "leg\(plan.legCount == 1 ? "" : "s"))",
                    value: pieces, limit: Double(Self.maximumPieces),
                    advice: "raise the tolerance, shrink the screen or band, or split the route")
            }
        }
        // Each leg's points (two for a rhumb leg, a chain for a great circle).
        var legPoints: [[PixelPoint]] = []
        legPoints.reserveCapacity(plan.legCount)
        var pointCount = 0
        for leg in 0..<plan.legCount {
            let (i, j) = plan.ends(of: leg)
            let from = plan.pixels[leg]
            let to = plan.endPixel(of: leg)
            if legs == .greatCircle {
                let chain: [PixelPoint]
                do {
                    chain = try GreatCircleChain.points(
                        from: waypoints[i], to: waypoints[j], pixels: from, to, grid: grid, reach: reach,
                        tolerance: tolerance, budget: Self.maximumPieces - pointCount)
                } catch { throw .onLeg(from: i, to: j, error: error) }
                pointCount += chain.count
                legPoints.append(chain)
            } else {
                pointCount += 2
                legPoints.append([from, to])
            }
        }
        // The turn at the end of each leg (at its end waypoint), nil where a one-way track ends.
        let closed = closure == .loop
        var turns: [Double?] = []
        for leg in 0..<plan.legCount {
            let next = leg + 1 < plan.legCount ? leg + 1 : (closed ? 0 : nil)
            guard let next else {
                turns.append(nil)
                continue
            }
            let incoming = legPoints[leg]
            let outgoing = legPoints[next]
            turns.append(
                Self.turnAngle(
                    incoming[incoming.count - 2], incoming[incoming.count - 1], outgoing[0], outgoing[1]))
        }
        // Fly-by tangent distances at each leg's end (0 for pivots), and the radius check.
        let flyBy = turnRadius > 0 && legs == .rhumb
        var tangent = [Double](repeating: 0, count: plan.legCount)
        if flyBy {
            for leg in 0..<plan.legCount {
                guard let delta = turns[leg] else { continue }
                if abs(delta) == 180 {
                    throw .reversalWithRadius(waypoint: plan.ends(of: leg).1, radius: turnRadius)
                }
                tangent[leg] = turnRadius * Self.tanHalf(delta)
            }
            var largest = Double.infinity
            var failing: Int?
            for leg in 0..<plan.legCount {
                let before = leg > 0 ? tangent[leg - 1] : (closed ? tangent[plan.legCount - 1] : 0)
                let after = tangent[leg]
                let length = (legPoints[leg][1] - legPoints[leg][0]).length
                let denominator = (before + after) / turnRadius
                if denominator > 0 { largest = Swift.min(largest, length / denominator) }
                // A relative slack of 10⁻¹² lets the largest radius named below pass its own check (ρ·Σtan
                // rounds a few ulps either side of ℓ); a radius 10⁻⁹ larger is still refused.
                if before + after > length * (1 + 1e-12) && failing == nil { failing = leg }
            }
            if let failing {
                let (i, j) = plan.ends(of: failing)
                throw .radiusTooLarge(from: i, to: j, radius: turnRadius, largestRadius: largest)
            }
        }
        // Chain the pieces.
        var pieces: [TrackPiece] = []
        pieces.reserveCapacity(pointCount * 2)
        var legStarts: [Int] = []
        for leg in 0..<plan.legCount {
            legStarts.append(pieces.count)
            let points = legPoints[leg]
            let before = leg > 0 ? tangent[leg - 1] : (closed ? tangent[plan.legCount - 1] : 0)
            let after = tangent[leg]
            for k in 0..<(points.count - 1) {
                var a = points[k]
                var b = points[k + 1]
                let piece = StraightPiece(from: a, to: b)
                if k == 0 && before > 0 { a = a + before * piece.ahead }
                if k == points.count - 2 && after > 0 { b = b - after * piece.ahead }
                if k > 0 {
                    // A joint inside a great-circle chain: a pivot that takes no time.
                    let previous = points[k - 1]
                    let delta = Self.turnAngle(previous, points[k], points[k], points[k + 1])
                    if delta != 0 {
                        pieces.append(
                            .turn(
                                TurnPiece(
                                    start: points[k], heading: StraightPiece(from: previous, to: points[k]).heading,
                                    radius: 0, angle: delta, takesTime: false)))
                    }
                }
                // Fly-by tangents that use up the whole leg (to within the check's slack) leave no straight piece.
                if b != a && (b - a).dot(piece.ahead) > 0 {
                    pieces.append(
                        .straight(StraightPiece(start: a, end: b, heading: piece.heading, length: (b - a).length)))
                }
            }
            guard let delta = turns[leg], delta != 0 else { continue }
            let last = StraightPiece(from: points[points.count - 2], to: points[points.count - 1])
            let corner = points[points.count - 1]
            if flyBy {
                pieces.append(
                    .turn(
                        TurnPiece(
                            start: corner - tangent[leg] * last.ahead, heading: last.heading, radius: turnRadius,
                            angle: delta)))
            } else {
                pieces.append(.turn(TurnPiece(start: corner, heading: last.heading, radius: 0, angle: delta)))
            }
        }
        return (pieces, legStarts)
    }

    /// Δ = atan2(u_in × u_out, u_in · u_out) in degrees for the incoming leg a→b and the outgoing leg c→d, with an
    /// exact reversal counted as +180° (a right pivot).
    static func turnAngle(_ a: PixelPoint, _ b: PixelPoint, _ c: PixelPoint, _ d: PixelPoint) -> Double {
        let u = b - a
        let v = d - c
        let cross = u.x * v.y - u.y * v.x
        let dot = u.dot(v)
        if cross == 0 { return dot < 0 ? 180 : 0 }
        return Degrees.atan2(cross, dot)
    }

    /// tan(|Δ|/2) for Δ in degrees.
    static func tanHalf(_ delta: Double) -> Double {
        let (s, c) = Degrees.sinCos(abs(delta) / 2)
        return s / c
    }
}

/// The legs of a waypoint route: each waypoint's pixel, unwrapped next to the previous one by the short way, and
/// for a loop the closing leg back to W₀ (shifted by whole widths when the loop goes round the world).
struct WaypointLegs {
    let pixels: [PixelPoint]
    /// The end of the closing leg: W₀'s pixel unwrapped next to Wₙ (loops only).
    let closingEnd: PixelPoint?
    let legCount: Int
    let waypointCount: Int

    init(waypoints: [GeoCoordinate], grid: TileGrid, closure: TrackClosure) throws(StencilError) {
        var pixels: [PixelPoint] = []
        pixels.reserveCapacity(waypoints.count)
        let width = grid.width
        for (index, waypoint) in waypoints.enumerated() {
            var p: PixelPoint
            do { p = try grid.pixel(of: waypoint) } catch { throw .geometry(Self.naming(error, waypoint: index)) }
            if let previous = pixels.last {
                p.x = Self.unwrap(p.x, next: previous.x, width: width)
                if p == previous {
                    throw .coincidentWaypoints(
                        first: index - 1, second: index, latitude: waypoint.latitude, longitude: waypoint.longitude)
                }
            }
            pixels.append(p)
        }
        self.pixels = pixels
        waypointCount = waypoints.count
        if closure == .loop {
            var end = pixels[0]
            end.x = Self.unwrap(end.x, next: pixels[pixels.count - 1].x, width: width)
            if end == pixels[pixels.count - 1] {
                throw .coincidentWaypoints(
                    first: waypoints.count - 1, second: 0, latitude: waypoints[0].latitude,
                    longitude: waypoints[0].longitude)
            }
            closingEnd = end
            legCount = waypoints.count
        } else {
            closingEnd = nil
            legCount = waypoints.count - 1
        }
    }

    /// `error` about one waypoint with its field naming the waypoint's index: `Latitude` becomes
    /// `Waypoint 3: latitude`, so the message reads "Waypoint 3: latitude 86.2° is out of range; …".
    static func naming(_ error: MercatorError, waypoint index: Int) -> MercatorError {
        func field(_ name: String) -> String { "Waypoint \(index): " + name.prefix(1).lowercased() + name.dropFirst() }
        switch error {
        case .latitudeOutOfRange(let name, let latitude, let limit):
            return .latitudeOutOfRange(field: field(name), latitude: latitude, limit: limit)
        case .nonFinite(let name, let value):
            return .nonFinite(field: field(name), value: value)
        default:
            return error
        }
    }

    /// x shifted by whole widths so that |x − next| ≤ width/2, a difference of exactly width/2 kept as it is.
    static func unwrap(_ x: Double, next reference: Double, width: Double) -> Double {
        var x = x - ((x - reference) / width).rounded(.towardZero) * width
        if x - reference > width / 2 { x -= width } else if x - reference < -width / 2 { x += width }
        return x
    }

    /// The waypoint indices a leg joins.
    func ends(of leg: Int) -> (Int, Int) { (leg, leg + 1 < waypointCount ? leg + 1 : 0) }

    /// The pixel a leg ends at.
    func endPixel(of leg: Int) -> PixelPoint { leg + 1 < waypointCount ? pixels[leg + 1] : closingEnd ?? pixels[0] }
}
