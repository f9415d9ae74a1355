import Foundation
import MercatorMath
import StencilKit

/// The built-in track scenarios ("Tracks: routes of any shape"), generated as JSON text so that `scenarios --write`
/// saves them like the others: example 4 of "Worked examples 4–6" (pivot and fly-by), a JFK→LHR great-circle flight
/// plan at XYZ z = 8, the same flight's filed plan at z = 12 flown at ground speeds ("Ground units and time"), a
/// 2,000-point GPX-like track at z = 14 (a random walk on a fixed seed), a closed circuit across
/// ±180° on Mars Viking, one-way versions of racetrack routes, and the 5 × 50-tile corridor at z = 12 at four headings.
enum TrackScenarios {
    static let all: [(name: String, json: String)] =
        [
            example4(pivot: true), example4(pivot: false), jfkToHeathrow(), jfkToHeathrowGround(climb: false),
            jfkToHeathrowGround(climb: true), gpxTrack(), vikingCircuit(),
            oneWay(
                "example1-oneway", "The geometry model's example 1 flown one way, A to B, no turns", mars,
                [(-147, 0), (-86.25, 0)]),
            oneWay(
                "quarter-diagonal-oneway", "The quarter diagonal of Mars Viking flown one way", mars,
                [(-45, 20.546), (45, -20.546)]),
            oneWay(
                "modern-z12-oneway", "modern-z12's route flown one way", "{\"xyz\": 12}",
                [(13.0, 52.6), (14.0, 52.3)], screen: "{\"width\": 2796, \"height\": 1290, \"scale\": 1.0}"),
        ] + [0.0, 30, 45, 73].map { corridor(heading: $0) }

    static let mars = "{\"columns\": 90, \"rows\": 42, \"tileSize\": 128}"

    /// A number with every digit a Double needs.
    static func number(_ x: Double) -> String { "\(x)" }

    static func waypoints(_ points: [(lon: Double, lat: Double)]) -> String {
        "[" + points.map { "{\"lon\": \(number($0.lon)), \"lat\": \(number($0.lat))}" }.joined(separator: ", ") + "]"
    }

    static func scenario(
        name: String, description: String, grid: String, route: String, screen: String, turnRadius: Double = 0,
        bytesPerTile: Int, budgetBytes: Int, flight: String = "{\"speed\": 240, \"fps\": 60, \"turnRate\": 90}"
    ) -> (name: String, json: String) {
        (
            name,
            """
            { "name": "\(name)",
              "description": "\(description)",
              "grid": \(grid),
              "route": \(route),
              "screen": \(screen),
              "turn": {"radius": \(number(turnRadius))},
              "bytesPerTile": \(bytesPerTile), "budgetBytes": \(budgetBytes),
              "flight": \(flight) }
            """
        )
    }

    /// Example 4 of "Worked examples 4–6": W₀ = (1056, 2688), W₁ = (2080, 2688), W₂ = (2080, 3712) px on Mars Viking.
    static func example4(pivot: Bool) -> (name: String, json: String) {
        let grid = TileGrid.marsViking
        let points = [(1056.0, 2688.0), (2080.0, 2688.0), (2080.0, 3712.0)].map { p in
            (lon: p.0 * 360 / grid.width - 180, lat: grid.latitude(atPixelY: p.1))
        }
        return scenario(
            name: pivot ? "example4-pivot" : "example4-flyby",
            description: pivot
                ? "The geometry model's example 4: a one-way L with a pivot at the corner (91 tiles)"
                : "The geometry model's example 4: a one-way L with a fly-by of radius 128 px at the corner (90 tiles)",
            grid: mars, route: "{\"waypoints\": \(waypoints(points))}",
            screen: "{\"width\": 480, \"height\": 320, \"scale\": 1.0}", turnRadius: pivot ? 0 : 128,
            bytesPerTile: 65536, budgetBytes: 30 * 65536)
    }

    /// JFK → LHR as a great-circle flight plan of 10 waypoints (JFK, 8 points along the great circle, LHR).
    static func jfkToHeathrow() -> (name: String, json: String) {
        var points: [(lon: Double, lat: Double)] = [(-73.7781, 40.6413)]
        if let jfk = try? GeoCoordinate(latitude: 40.6413, longitude: -73.7781),
            let lhr = try? GeoCoordinate(latitude: 51.4700, longitude: -0.4543),
            let circle = try? GreatCircle(from: jfk, to: lhr)
        {
            for k in 1...8 {
                let p = circle.coordinate(at: Double(k) / 9)
                // Rounded to 4 decimals, as a filed plan's fixes are: the legs are great circles between them.
                points.append(((p.longitude * 1e4).rounded() / 1e4, (p.latitude * 1e4).rounded() / 1e4))
            }
        }
        points.append((-0.4543, 51.47))
        return scenario(
            name: "jfk-lhr", description: "JFK to LHR: a great-circle flight plan of 10 waypoints at XYZ z = 8",
            grid: "{\"xyz\": 8}",
            route: "{\"waypoints\": \(waypoints(points)), \"legs\": \"greatCircle\", \"tolerance\": 0.5}",
            screen: "{\"width\": 1024, \"height\": 768, \"scale\": 1.0}", bytesPerTile: 262_144,
            budgetBytes: 64 * 262_144, flight: "{\"speed\": 600, \"fps\": 60, \"turnRate\": 90}")
    }

    /// JFK → LHR as the filed plan JFK, 50N/50W, 52N/40W, 53N/30W, 53N/20W, LHR on great circles at XYZ z = 12, flown
    /// at a ground speed ("Ground units and time", §12): 250 m/s throughout, or with `climb` one speed per leg for
    /// the climb, the cruise and the descent (150, 230, 250, 250, 180 m/s). One frame a second, a moving map's
    /// update rate: the six-hour flight has about 22,000 frames (at 60 fps it would have 1.3 million, 0.17 px apart).
    static func jfkToHeathrowGround(climb: Bool) -> (name: String, json: String) {
        let points: [(lon: Double, lat: Double)] = [
            (-73.7781, 40.6413), (-50, 50), (-40, 52), (-30, 53), (-20, 53), (-0.4543, 51.47),
        ]
        let speeds = climb ? "[150, 230, 250, 250, 180]" : "250"
        return scenario(
            name: climb ? "jfk-lhr-climb" : "jfk-lhr-ground",
            description: climb
                ? "JFK to LHR's filed plan at XYZ z = 12, one ground speed per leg: climb, cruise, descent "
                    + "(150, 230, 250, 250, 180 m/s)"
                : "JFK to LHR's filed plan (JFK, 50N/50W, 52N/40W, 53N/30W, 53N/20W, LHR) on great circles at XYZ "
                    + "z = 12, 250 m/s over the ground",
            grid: "{\"xyz\": 12}",
            route: "{\"waypoints\": \(waypoints(points)), \"legs\": \"greatCircle\", \"tolerance\": 0.5}",
            screen: "{\"width\": 1024, \"height\": 768, \"scale\": 1.0}", bytesPerTile: 262_144,
            budgetBytes: 64 * 262_144, flight: "{\"groundSpeed\": \(speeds), \"fps\": 1, \"turnRate\": 90}")
    }

    /// A chase camera over JFK → LHR's filed plan (as `jfk-lhr-ground`: z = 12, 250 m/s over the ground, 1 frame a
    /// second) at 3,000 m above the ground, pitch 70°, the screen's centre 200 px (of z = 12, ≈ 5 km) ahead of the
    /// aircraft, levels 0…22 (the geometry model's "Perspective views", §11). No budget: `schedule` plans at the least
    /// capacity.
    static func jfkToHeathrowChase() -> (name: String, json: String) {
        let points: [(lon: Double, lat: Double)] = [
            (-73.7781, 40.6413), (-50, 50), (-40, 52), (-30, 53), (-20, 53), (-0.4543, 51.47),
        ]
        return (
            "jfk-lhr-chase",
            """
            { "name": "jfk-lhr-chase",
              "description": "A chase camera at 3,000 m over JFK to LHR's filed plan at XYZ z = 12 (pitch 70°, 1024 × 768, 250 m/s, 1 fps)",
              "grid": {"xyz": 12},
              "route": {"waypoints": \(waypoints(points)), "legs": "greatCircle", "tolerance": 0.5},
              "screen": {"width": 1024, "height": 768},
              "camera": {"pitch": 70, "fov": 36.87, "horizon": 89.25, "lookAhead": 200, "altitude": 3000,
                         "levelBias": 0, "minLevel": 0, "maxLevel": 22},
              "bytesPerTile": 262144,
              "flight": {"groundSpeed": 250, "fps": 1, "turnRate": 90},
              "loader": {"latency": 0.1, "throughput": 50} }
            """
        )
    }

    /// A 2,000-point GPX-like track at XYZ z = 14: a random walk from (7.0°E, 46.0°N) on a fixed seed, steps of
    /// about 25 px turning up to ±30° each.
    static func gpxTrack() -> (name: String, json: String) {
        var state: UInt64 = 0x5EED_2000
        func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        var points: [(lon: Double, lat: Double)] = []
        var lon = 7.0
        var lat = 46.0
        var heading = 0.0
        for _ in 0..<2000 {
            points.append(((lon * 1e7).rounded() / 1e7, (lat * 1e7).rounded() / 1e7))
            heading += (next() - 0.5) * 60
            lat += cos(heading * .pi / 180) * 0.0015
            lon += sin(heading * .pi / 180) * 0.002
        }
        return scenario(
            name: "gpx-z14", description: "A 2,000-point GPX-like track (random walk, fixed seed) at XYZ z = 14",
            grid: "{\"xyz\": 14}", route: "{\"waypoints\": \(waypoints(points))}",
            screen: "{\"width\": 390, \"height\": 844, \"scale\": 1.0}", bytesPerTile: 262_144,
            budgetBytes: 48 * 262_144, flight: "{\"speed\": 100, \"fps\": 60, \"turnRate\": 90}")
    }

    /// A closed circuit across ±180° on Mars Viking with fly-by turns of 100 px.
    static func vikingCircuit() -> (name: String, json: String) {
        scenario(
            name: "viking-circuit",
            description: "A closed circuit across ±180° on Mars Viking, fly-by turns of 100 px",
            grid: mars,
            route:
                "{\"waypoints\": \(waypoints([(165, 10), (-165, 25), (-150, -5), (-175, -25), (170, -15)])), "
                + "\"closure\": \"loop\"}",
            screen: "{\"width\": 480, \"height\": 320, \"scale\": 1.0}", turnRadius: 100, bytesPerTile: 65536,
            budgetBytes: 40 * 65536)
    }

    static func oneWay(
        _ name: String, _ description: String, _ grid: String, _ points: [(lon: Double, lat: Double)],
        screen: String = "{\"width\": 480, \"height\": 320, \"scale\": 1.0}"
    ) -> (name: String, json: String) {
        let bytes = grid.contains("xyz") ? 262_144 : 65536
        return scenario(
            name: name, description: description, grid: grid, route: "{\"waypoints\": \(waypoints(points))}",
            screen: screen, bytesPerTile: bytes, budgetBytes: 27_000_000)
    }

    /// The 5 × 50-tile corridor at XYZ z = 12: a one-way single leg whose swept rectangle is 5 tiles across and 50
    /// along (screen 1280 × 256 px, leg 49 tiles), centred on tile (2150.3, 1465.7), at `heading`.
    static func corridor(heading: Double) -> (name: String, json: String) {
        let grid = (try? TileGrid.xyz(level: 12)) ?? .marsViking
        let centre = PixelPoint(x: 2150.3 * 256, y: 1465.7 * 256)
        let half = 49.0 * 256 / 2
        let u = PixelPoint.ahead(heading: heading)
        let ends = [centre - half * u, centre + half * u].map { p in
            (lon: p.x * 360 / grid.width - 180, lat: grid.latitude(atPixelY: p.y))
        }
        let h = Int(heading)
        return scenario(
            name: "corridor-z12-\(h)",
            description: "The 5 × 50-tile corridor at XYZ z = 12, heading \(h)°: a one-way single leg",
            grid: "{\"xyz\": 12}", route: "{\"waypoints\": \(waypoints(ends))}",
            screen: "{\"width\": 1280, \"height\": 256, \"scale\": 1.0}", bytesPerTile: 262_144,
            budgetBytes: 27_000_000)
    }
}
