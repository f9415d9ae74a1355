import Foundation
import StencilKit

/// Invariants both fuzz targets check on a track they managed to build: the stencil holds every tile culled from
/// the track's poses, each visible real tile is resident in the plan's segment for that pose, and the plan's peak
/// never exceeds its capacity. A violation stops the fuzzer with `fatalError`, which it reports as a crash.
///
/// Only flights of bounded size are checked (a few thousand tiles in the bounding box of their sweep): the fuzzer
/// looks for traps and wrong answers, and a stencil of millions of tiles would only make each run slow.
enum FuzzChecks {
    /// The most tiles the bounding box of a flight's sweep may hold for its stencil to be computed here.
    static let maximumBoxTiles = 20_000.0

    /// Estimated tiles in the box around the loop reached by any footprint corner (nil if not finite).
    static func boxTiles(of flight: Racetrack) -> Double? {
        let screen = flight.screen
        let along = screen.along
        let across = screen.across
        let reach =
            (max(abs(along.lower), abs(along.upper)) + max(abs(across.lower), abs(across.upper)))
            + flight.lateralBand + 2 * flight.turn.radius
        let route = flight.route
        let width = abs(route.end.x - route.start.x) + 2 * reach
        let height = abs(route.end.y - route.start.y) + 2 * reach
        let t = flight.grid.tileLength
        let tiles = (width / t + 2) * (min(height, flight.grid.height + 2 * t) / t + 2)
        return tiles.isFinite ? tiles : nil
    }

    /// An upper estimate of the tiles a track's stencil can hold: its length plus a footprint's reach on each
    /// side, times twice the reach, in tiles (nil when not finite). Bounds the work a fuzz input can ask for.
    static func boxTiles(of track: Track) -> Double? {
        let screen = track.screen
        let reach =
            max(abs(screen.along.lower), abs(screen.along.upper))
            + max(abs(screen.across.lower), abs(screen.across.upper)) + track.lateralBand
        let t = track.grid.tileLength
        let tiles = ((track.length + 2 * reach) / t + 2) * (2 * reach / t + 2)
        return tiles.isFinite ? tiles : nil
    }

    /// Checks a track: stencil, culling of sampled poses of every piece and of sampled frames (at `timing`, or
    /// `frames` already flown at another timing, a ground timing say), and, given a budget, the plan.
    static func check(
        _ track: Track, clip: Bool, budget: MemoryBudget?, format: TextureFormat, policy: LoadPolicy,
        timing: FlightTiming?, frames flown: TrackFrames? = nil, quick: Bool = false
    ) {
        // `quick`: the api target's route cases, which build many small tracks of many kinds, check smaller ones
        // (a quarter of the box) with fewer poses, and only plans that answer in milliseconds (below).
        guard let tiles = boxTiles(of: track), tiles <= (quick ? maximumBoxTiles / 4 : maximumBoxTiles) else { return }
        let s = track.screen
        let context =
            "track: \(track.pieces.count) pieces from \(track.pieces[0].start) (\(track.closure)) on \(track.grid); "
            + "screen \(s.width) × \(s.height) at scale \(s.scale), anchor (\(s.anchor.x), \(s.anchor.y)), "
            + "margin \(s.margin); band \(track.lateralBand); clip \(clip)"
        func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
            Self.require(condition(), "\(message()) — \(context)")
        }
        guard let stencil = try? Stencil(track: track, clipToTerrain: clip) else { return }
        require(stencil.real.count <= stencil.unwrapped.count, "more real tiles than unwrapped ones")
        require(stencil.bytes(for: format) >= 0, "negative bytes")
        var plan: BudgetPlan?
        // Plans are checked when the capacity is at least 1/256 of the stencil. Smaller ones are bounded too (the
        // segment count is capped, the smallest-budget search bisects), but a refusal at 1 tile against thousands
        // costs milliseconds, and with every capacity checked one CI run of 20,000 inputs took 80 s (a few s without).
        //
        // With `quick`, only plans that answer in milliseconds are asked for. Known: a refused budget costs a bisection over the capacity of segment searches
        // (the seamless policy then raises its answer one tile at a time), and a search can walk thousands of ever
        // shorter segments, so refusals take 0.1–0.5 s on stencils of 60–1,000 tiles (a 3-piece one-way route over
        // 87 tiles at capacity 0, seamless: 0.27 s in this instrumented build), and seconds for a track that stays
        // within about one footprint: 0.2 s for one 49.4° turn of radius 5.56 px over a 66-tile stencil, 28 s for
        // 800 of them (8 × 12 tiles of 3 px; screen 1.78 × 0.44 pt at scale 9.27, margin 5.64; budget 120 bytes,
        // seamless). Reported, not fixed. So plans are asked for when the capacity holds the whole stencil (one
        // segment, no search), or for tracks of at most 64 pieces whose stencil holds at least four frames' worth of
        // tiles, at a capacity of at least one footprint's area in tiles (below it a refusal is certain: one pose's
        // tiles must be resident together), and, for the seamless policy, at least a quarter of the stencil.
        let capacity = budget?.capacity(for: format) ?? 0
        let t = track.grid.tileLength
        let footprintTiles = (s.along.upper - s.along.lower) * (s.across.upper - s.across.lower) / (t * t)
        let frameTiles =
            ((s.along.upper - s.along.lower) / t + 1)
            * ((s.across.upper - s.across.lower + 2 * track.lateralBand) / t + 1)
        let quickPlan =
            capacity >= stencil.real.count
            || (track.pieces.count <= 64 && Double(stencil.real.count) >= 4 * frameTiles
                && Double(capacity) >= footprintTiles && (policy == .pause || capacity >= stencil.real.count / 4))
        if let budget, capacity >= stencil.real.count / 256, !quick || quickPlan {
            trace(
                "BudgetPlan(budget: \(budget.bytes), format: \(format), policy: \(policy), clip: \(clip)); stencil \(stencil.real.count) tiles"
            )
            plan = try? BudgetPlan(track: track, budget: budget, format: format, policy: policy, clipToTerrain: clip)
            if let plan {
                require(plan.peakResidentTiles <= plan.capacity, "peak \(plan.peakResidentTiles) > capacity")
                require(plan.segmentCount >= 1, "a plan without segments")
                for segment in plan.segments {
                    require(segment.workingSet.isSubset(of: stencil.real), "a working set outside the stencil")
                }
            }
        }
        var poses: [TrackPose] = []
        let pieceStep = max(1, track.pieces.count / (quick ? 16 : 64))
        for piece in stride(from: 0, to: track.pieces.count, by: pieceStep) {
            let limit = track.pieces[piece].parameterLimit
            let parameters = quick ? 8 : 16
            for k in 0...parameters {
                if let pose = try? track.pose(piece: piece, parameter: limit * Double(k) / Double(parameters)) {
                    poses.append(pose)
                }
            }
        }
        if let frames = flown ?? timing.flatMap({ try? track.frames(at: $0) }) {
            let step = max(1, frames.count / (quick ? 16 : 32))
            for k in stride(from: 0, to: frames.count, by: step) { poses.append(frames.pose(ofFrame: k)) }
        }
        var visible: [VisibleTile] = []
        let band = track.lateralBand
        for pose in poses {
            for offset in [0, band, -band, band / 3] {
                guard (try? track.cull(pose, lateralOffset: offset, into: &visible)) != nil else {
                    fatalError("culling a pose of the track threw: \(pose), offset \(offset) — \(context)")
                }
                let resident = plan?.residentTiles(for: pose)
                for tile in visible {
                    require(stencil.unwrapped.contains(tile.tile), "culled \(tile.tile) outside the stencil at \(pose)")
                    require(stencil.real.contains(tile.realTile), "culled real \(tile.realTile) not in the stencil")
                    if let resident {
                        require(resident.contains(tile.realTile), "visible \(tile.realTile) not resident at \(pose)")
                    }
                    require(tile.distance.isFinite && tile.origin.x.isFinite, "non-finite draw data")
                }
            }
        }
    }

    /// Set FUZZ_TRACE=1 to print the inputs of the cases that trace them before they run, to reproduce a finding
    /// from its artifact: `FUZZ_TRACE=1 .build/fuzz/fuzz-api .build/fuzz/artifacts/api-crash-…`.
    static let tracing = getenv("FUZZ_TRACE") != nil

    static func trace(_ text: @autoclosure () -> String) {
        if tracing { FileHandle.standardError.write(Data("[fuzz] \(text())\n".utf8)) }
    }

    static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError("invariant violated: \(message())") }
    }
}
