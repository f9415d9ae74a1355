import MercatorMath
import TestSupport
import Testing

/// Routes in terrain pixels: short-way shift, heading, length and coincident ends (MODEL.md §3, §6).
@Suite("PixelRoute")
struct PixelRouteTests {
    let grid = TileGrid.marsViking

    @Test("example 1: due east along the equator, L = 1944 px, θ = 90°")
    func example1() throws {
        let route = try PixelRoute(from: geo(0, -147), to: geo(0, -86.25), on: grid)
        #expect(route.start == PixelPoint(x: 1056, y: 2688))
        #expect(route.end == PixelPoint(x: 3000, y: 2688))
        #expect(route.length == 1944)
        #expect(route.heading == 90)
        #expect(route.ahead == PixelPoint(x: 1, y: 0))
        #expect(route.right == PixelPoint(x: 0, y: 1))
        #expect(route.grid == grid)
    }

    @Test("example 2: 172.5° → −168.75° takes the short way, P_B.x = 11880")
    func example2ShortWay() throws {
        let route = try PixelRoute(from: geo(0, 172.5), to: geo(0, -168.75), on: grid)
        #expect(route.start == PixelPoint(x: 11280, y: 2688))
        #expect(route.end == PixelPoint(x: 11880, y: 2688))
        #expect(route.length == 600 && route.heading == 90)
        // Westward across the antimeridian shifts the other way.
        let back = try PixelRoute(from: geo(0, -168.75), to: geo(0, 172.5), on: grid)
        #expect(back.start.x == 360 && back.end.x == 360 - 600)
        #expect(back.heading == 270)
    }

    @Test(".direct never shifts")
    func directWay() throws {
        let route = try PixelRoute(from: geo(0, 172.5), to: geo(0, -168.75), on: grid, way: .direct)
        #expect(route.end == PixelPoint(x: 360, y: 2688))
        #expect(route.length == 10920 && route.heading == 270)
        let short = try PixelRoute(from: geo(10, 0), to: geo(20, 30), on: grid, way: .direct)
        #expect(short == (try PixelRoute(from: geo(10, 0), to: geo(20, 30), on: grid)))
        #expect(RouteWay.allCases == [.short, .direct])
    }

    @Test("exactly |Δpx| = W/2 is not shifted")
    func halfWidthNotShifted() throws {
        let east = try PixelRoute(from: geo(0, -90), to: geo(30, 90), on: grid)
        #expect(east.start.x == 2880 && east.end.x == 8640)
        #expect(east.end.x - east.start.x == grid.width / 2)
        let west = try PixelRoute(from: geo(0, 90), to: geo(-30, -90), on: grid)
        #expect(west.end.x == 2880)
        // Just past half the width, it is.
        let past = try PixelRoute(from: geo(0, -90), to: geo(0, 90.01), on: grid)
        #expect(past.end.x < 0)
    }

    @Test("the pixel heading equals the rhumb heading and the pixel length the ground distance")
    func agreesWithRhumbLine() throws {
        var rng = SplitMix64(seed: 0x9_0E7E)
        for _ in 0..<5000 {
            let a = geo(rng.uniform(-64, 64), rng.uniform(-180, 180))
            let b = geo(rng.uniform(-64, 64), rng.uniform(-180, 180))
            let route = try PixelRoute(from: a, to: b, on: grid)
            let rhumb = try RhumbLine(from: a, to: b, on: .mars)
            #expect(abs(angleDifference(route.heading, rhumb.heading)) <= 1e-9, "\(a) → \(b)")
            #expect(route.heading >= 0 && route.heading < 360)
            #expect(abs(route.end.x - route.start.x) <= grid.width / 2)
            // Flying the pixel heading for the rhumb distance lands on B.
            let along = try RhumbLine(from: a, heading: route.heading, distance: rhumb.distance, on: .mars).end
            #expect(abs(along.latitude - b.latitude) < 1e-8)
            #expect(abs(angleDifference(along.longitude, b.longitude)) < 1e-8)
            #expect(route.length > 0 && route.length.isFinite)
        }
    }

    @Test("ahead and right are unit vectors u(θ) = (sin θ, −cos θ), r(θ) = (cos θ, sin θ)")
    func unitVectors() throws {
        var rng = SplitMix64(seed: 0xAE)
        for _ in 0..<500 {
            let a = geo(rng.uniform(-60, 60), rng.uniform(-180, 180))
            let b = geo(rng.uniform(-60, 60), rng.uniform(-180, 180))
            let route = try PixelRoute(from: a, to: b, on: grid)
            let d = route.end - route.start
            #expect(abs(route.ahead.dot(d) - route.length) < 1e-9 * route.length)
            #expect(abs(route.right.dot(d)) < 1e-9 * route.length)
            #expect(abs(route.ahead.length - 1) < 1e-15 && abs(route.right.length - 1) < 1e-15)
            // right is ahead turned 90° clockwise (y grows south).
            #expect(abs(route.right.x + route.ahead.y) < 1e-15 && abs(route.right.y - route.ahead.x) < 1e-15)
        }
        #expect(PixelPoint.ahead(heading: 0) == PixelPoint(x: 0, y: -1))
        #expect(PixelPoint.ahead(heading: 180) == PixelPoint(x: 0, y: 1))
        #expect(PixelPoint.right(heading: 270) == PixelPoint(x: 0, y: -1))
    }

    @Test("due north and south give headings of exactly 0 and 180")
    func northSouth() throws {
        let north = try PixelRoute(from: geo(-10, 20), to: geo(40, 20), on: grid)
        #expect(north.heading == 0 && north.ahead == PixelPoint(x: 0, y: -1))
        #expect(north.reversed().heading == 180)
    }

    @Test("reversed swaps the ends and turns the heading by 180°")
    func reversed() throws {
        let route = try PixelRoute(from: geo(0, 172.5), to: geo(20, -168.75), on: grid)
        let back = route.reversed()
        #expect(back.start == route.end && back.end == route.start)
        #expect(back.length == route.length)
        #expect(abs(angleDifference(back.heading, route.heading + 180)) < 1e-12)
    }

    @Test("routes between given pixels are taken as given")
    func fromPixels() throws {
        let route = try PixelRoute(start: PixelPoint(x: -100, y: 50), end: PixelPoint(x: 20_000, y: 50), on: grid)
        #expect(route.end.x == 20_000 && route.length == 20_100 && route.heading == 90)
    }

    @Test("A = B throws coincidentEndpoints, including A at λ 180 and B at λ −180")
    func coincident() {
        let same = thrown(try PixelRoute(from: geo(20, 30), to: geo(20, 30), on: grid))
        #expect(same == .coincidentEndpoints(longitude: 30, latitude: 20))
        let wrapped = thrown(try PixelRoute(from: geo(0, 180), to: geo(0, -180), on: grid))
        #expect(wrapped == .coincidentEndpoints(longitude: -180, latitude: 0))
        expectDescription(of: wrapped, mentions: ["-180", "0", "same point"])
        #expect(thrown(try PixelRoute(from: geo(0, 180), to: geo(0, -180), on: grid, way: .direct)) != nil)
        let pixels = thrown(
            try PixelRoute(start: PixelPoint(x: 1056, y: 2688), end: PixelPoint(x: 1056, y: 2688), on: grid))
        #expect(pixels == .coincidentEndpoints(longitude: -147, latitude: 0))
    }

    @Test("ends past the terrain's limit or non-finite pixels are refused")
    func errors() {
        let high = thrown(try PixelRoute(from: geo(64.1, 0), to: geo(0, 0), on: grid))
        #expect(high == .latitudeOutOfRange(field: "Latitude", latitude: 64.1, limit: grid.latitudeLimit))
        expectDescription(of: high, mentions: ["64.1", "64.0042"])
        #expect(thrown(try PixelRoute(from: geo(0, 0), to: geo(-70, 0), on: grid)) != nil)
        for (s, e, field) in [
            (PixelPoint(x: .nan, y: 0), PixelPoint(x: 1, y: 1), "Start x"),
            (PixelPoint(x: 0, y: .infinity), PixelPoint(x: 1, y: 1), "Start y"),
            (PixelPoint(x: 0, y: 0), PixelPoint(x: -.infinity, y: 1), "End x"),
            (PixelPoint(x: 0, y: 0), PixelPoint(x: 1, y: .nan), "End y"),
        ] {
            let error = thrown(try PixelRoute(start: s, end: e, on: grid))
            guard case .nonFinite(let f, _)? = error else {
                Issue.record("expected nonFinite, got \(String(describing: error))")
                continue
            }
            #expect(f == field)
            expectDescription(of: error, mentions: [field, "finite"])
        }
    }
}
