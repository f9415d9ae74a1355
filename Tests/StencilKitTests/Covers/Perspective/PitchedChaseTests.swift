import Foundation
import TestSupport
import Testing

@testable import StencilKit

/// Chase cameras along tracks (§11), replayed frame by frame against the oracle: at each frame's pose (P, θ) the
/// camera looks at c = P + a·u(θ) with bearing θ, at a fixed map zoom (z = 2^(n_r − Z)) or a fixed altitude A
/// (H = A·κ(φ_P) px, κ(φ) = (W/2π)/(R·cos φ), z = H/(D·cos p)), n_r the track's grid level. The pitched stencil is
/// the union of the frames' oracle covers, each frame's need the real tiles of its cover, and the pitched schedule,
/// replayed here against the §9 loader model, has every frame's need resident at its time within its capacity.
struct PitchedChaseTests {
    typealias Tile = PitchedOracle.Tile
    static let level = 12
    static let earthRadius = 6_378_137.0

    /// A one-way track across the antimeridian (turns at the waypoints: pivots), flown at 400 px/s, 30 fps.
    static func frames() throws -> TrackFrames {
        let grid = try TileGrid.xyz(level: level)
        let points = try [(47.0, 179.3), (47.4, -179.6), (46.9, -178.9)].map {
            try GeoCoordinate(latitude: $0.0, longitude: $0.1)
        }
        let track = try Track(waypoints: points, on: grid, screen: Screen(width: 512, height: 512))
        return try TrackFrames(track: track, timing: FlightTiming(speed: 400, framesPerSecond: 30, turnRate: 90))
    }

    /// The oracle's camera at a pose, from §11's chase-camera rule.
    static func oracle(
        at pose: TrackPose, lookAhead a: Double, pitch: Double, mapZoom: Double?, altitude: Double?,
        levels: (min: Int, max: Int)
    ) -> PitchedOracle {
        let b = pose.heading * .pi / 180
        let c = PitchedOracle.V(x: pose.position.x + a * sin(b), y: pose.position.y - a * cos(b))
        let w = 256 * exp2(Double(level))
        let scale: Double
        if let zoom = mapZoom {
            scale = exp2(Double(level) - zoom)
        } else {
            // φ_P from §1: py = W/2 − k·asinh(tan φ), k = W/2π.
            let k = w / (2 * .pi)
            let phi = atan(sinh((w / 2 - pose.position.y) / k))
            let kappa = k / (earthRadius * cos(phi))
            let d = 384 / tan(36.87 / 2 * .pi / 180)
            scale = altitude! * kappa / (d * cos(pitch * .pi / 180))
        }
        return PitchedOracle(
            center: c, referenceLevel: level, bearing: pose.heading, pitch: pitch, width: 1024, height: 768,
            scale: scale, minLevel: levels.min, maxLevel: levels.max)
    }

    static func real(_ t: Tile) -> Tile { Tile(level: t.level, x: t.x & ((1 << t.level) - 1), y: t.y) }

    @Test(arguments: [(75.0, 12.4, nil), (60.0, nil, 3000.0)] as [(Double, Double?, Double?)])
    func chaseCameraFrameByFrame(pitch: Double, mapZoom: Double?, altitude: Double?) throws {
        let frames = try Self.frames()
        let grid = try TileGrid.xyz(level: Self.level)
        let levels = try LevelOfDetail(minLevel: 4, maxLevel: 16)
        let chase = try ChaseCamera(
            lookAhead: 300, pitch: pitch, width: 1024, height: 768, levels: levels,
            zoom: mapZoom.map { .mapZoom($0) } ?? .altitude(altitude!))
        var union = Set<Tile>()
        var needs: [Set<Tile>] = []
        var nearTies = 0
        for k in 0..<frames.count {
            let pose = frames.pose(ofFrame: k)
            let o = Self.oracle(
                at: pose, lookAhead: 300, pitch: pitch, mapZoom: mapZoom, altitude: altitude, levels: (4, 16))
            let camera = try chase.camera(at: pose, on: grid)
            #expect(abs(camera.center.x - o.center.x) < 1e-6 && abs(camera.center.y - o.center.y) < 1e-6)
            #expect(abs(camera.screen.scale - o.scale) <= 1e-12 * o.scale, "frame \(k)")
            let expected = o.cover()
            if expected.nearTies > 0 { nearTies += 1 }
            let tiles = try PitchedCheck.tiles(camera)
            if expected.nearTies == 0 {
                #expect(
                    tiles == expected.tiles,
                    "frame \(k): \(PitchedCheck.difference(library: tiles, oracle: expected.tiles))")
            }
            union.formUnion(expected.tiles)
            needs.append(Set(expected.tiles.map(Self.real)))
        }
        #expect(nearTies == 0)
        #expect(frames.count > 100)
        // The ghosts: the track crosses ±180°.
        #expect(union.contains { $0.x < 0 || $0.x >= 1 << $0.level })
        // The pitched stencil: the union of the covers, by level, row and column; its real tiles folded.
        let stencil = try PitchedStencil(frames: frames, camera: chase)
        #expect(stencil.tiles.map { Tile(level: $0.level, x: $0.x, y: $0.y) } == union.sorted())
        let real = Set(union.map(Self.real))
        #expect(stencil.real.map { Tile(level: $0.level, x: $0.x, y: $0.y) } == real.sorted())
        #expect(stencil.realTileCount == real.count)
        // Each frame's need: the real tiles of its cover.
        let pitched = try Needs<TileID>(frames: frames, camera: chase)
        #expect(pitched.frameCount == frames.count)
        for k in 0..<frames.count {
            let need = Set(pitched.need(ofFrame: k).map { Tile(level: $0.level, x: $0.x, y: $0.y) })
            #expect(need == needs[k], "frame \(k)")
        }
        // The pitched schedule, replayed: at the least capacity the planner admits and at twice it.
        let loader = try LoaderModel(latency: 0.1, throughput: 200)
        let least = StreamingSchedule<TileID>.smallestCapacity(for: pitched, loader: loader)
        let largestNeed = needs.map(\.count).max()!
        #expect(least >= largestNeed)
        for capacity in [least, 2 * least] {
            let schedule = try StreamingSchedule<TileID>(needs: pitched, capacity: capacity, loader: loader)
            Self.replay(schedule, needs: needs, framesPerSecond: frames.framesPerSecond, loader: loader)
        }
        if least > largestNeed {
            #expect(throws: StencilError.self) {
                try StreamingSchedule<TileID>(needs: pitched, capacity: least - 1, loader: loader)
            }
        }
        print(
            "PitchedChaseTests pitch \(pitch): \(frames.count) frames, stencil \(union.count) tiles, "
                + "\(real.count) real, largest need \(largestNeed), least capacity \(least)")
    }

    /// §9 checked from the schedule's lists alone: completions follow the loader (c_m = max(t_m + λ, c_{m−1} + 1/μ),
    /// the preload's last at 0), a tile holds a slot from its request to its eviction and is not requested while it
    /// holds one, at most `capacity` slots at once (evictions first at equal times), and every tile of frame k's need
    /// completed by t_k and not evicted by then.
    static func replay(_ s: StreamingSchedule<TileID>, needs: [Set<Tile>], framesPerSecond: Double, loader: LoaderModel)
    {
        func tile(_ t: TileID) -> Tile { Tile(level: t.level, x: t.x, y: t.y) }
        let requests = s.preload + s.requests
        var last = -Double.infinity
        for (m, r) in requests.enumerated() {
            let expected =
                m < s.preload.count && m == 0
                ? r.time + loader.latency : max(r.time + loader.latency, last + 1 / loader.throughput)
            #expect(abs(r.completion - expected) <= 1e-9, "request \(m) of \(tile(r.tile))")
            last = r.completion
        }
        if let final = s.preload.last { #expect(abs(final.completion) <= 1e-9) }
        // Events: (time, kind 0 = eviction before 1 = request, tile, completion).
        var events: [(time: Double, kind: Int, tile: Tile, completion: Double)] = []
        events += s.evictions.map { ($0.time, 0, tile($0.tile), 0) }
        events += requests.map { ($0.time, 1, tile($0.tile), $0.completion) }
        events.sort { ($0.time, $0.kind) < ($1.time, $1.kind) }
        var holding: [Tile: Double] = [:]  // tile → completion
        var peak = 0
        var e = 0
        for (k, need) in needs.enumerated() {
            let t = Double(k) / framesPerSecond
            while e < events.count && events[e].time <= t + 1e-12 {
                let ev = events[e]
                if ev.kind == 0 {
                    #expect(holding.removeValue(forKey: ev.tile) != nil, "evicting \(ev.tile), not held")
                } else {
                    #expect(holding[ev.tile] == nil, "requesting \(ev.tile) while it holds a slot")
                    holding[ev.tile] = ev.completion
                }
                peak = max(peak, holding.count)
                e += 1
            }
            let missing = need.filter { holding[$0].map { $0 > t + 1e-9 } ?? true }
            #expect(missing.isEmpty, "frame \(k) at \(t) s lacks \(missing.sorted())")
        }
        #expect(peak <= s.capacity)
        #expect(peak <= s.peakTiles)
    }
}
