import Foundation
import StencilKit

/// The `api` target's cases for routes, views, levels and streaming (ops 8…13 of ``fuzzAPI``): waypoint and
/// hand-built tracks, viewports and prefetch rings, levels of detail and parent fallback, pyramid stencils, and
/// needs, schedules and the schedule driver. Unlike the first cases, these draw mostly plausible values (a screen of
/// a few tiles, waypoints a few tiles apart) with an extreme double one time in sixteen (``FuzzInput/value(_:_:)``),
/// so that most inputs build something whose invariants can be checked. Every case bounds its work before it is done
/// (``FuzzChecks/maximumBoxTiles`` and the bounds below), so an input runs in milliseconds.
extension FuzzInput {
    /// A value in [0, 1) from two bytes.
    mutating func unit() -> Double { Double(UInt16(byte()) << 8 | UInt16(byte())) / 65536 }

    /// Usually a value in `lo`…`hi`; one time in sixteen any double (``double()``).
    mutating func value(_ lo: Double, _ hi: Double) -> Double {
        if byte() >= 240 { return double() }
        return lo + (hi - lo) * unit()
    }

    /// One of `options`.
    mutating func pick<T>(_ options: [T]) -> T { options[Int(byte()) % options.count] }

    /// Whether the next byte is odd.
    mutating func flag() -> Bool { byte() & 1 == 1 }
}

extension APICalls {
    /// Bounds of the streaming cases: frames of a flight, and frames × the tiles one frame can need.
    static let maximumFrames = 240.0
    static let maximumFrameTiles = 10_000.0
    /// The most great-circle chain points a waypoint route may be estimated to need here (the library's own limit,
    /// 2²⁰ pieces, is a second of work).
    static let maximumChainPoints = 4_000.0

    /// A grid for a route or a view: mostly small or ordinary ones, sometimes the first cases' extreme ones.
    static func routeGrid(_ input: inout FuzzInput) -> TileGrid? {
        switch input.byte() % 8 {
        case 0: return .marsViking
        case 1: return .marsVikingDouble
        case 2, 3, 4:
            return try? TileGrid.xyz(level: Int(input.byte() % 19), tileSize: input.pick([256, 512, 64, 16, 1, 3]))
        case 5, 6:
            return try? TileGrid(
                columns: input.count(16), rows: input.count(16),
                tileSize: input.pick([1, 3, 10, 16, 32, 64, 100, 255, 256]))
        default: return grid(&input)
        }
    }

    /// A screen a few tiles across on `grid`.
    static func routeScreen(_ input: inout FuzzInput, grid: TileGrid) -> Screen? {
        let t = grid.tileLength
        let scale: Double
        switch input.byte() % 4 {
        case 0: scale = 1
        case 1: scale = Double(sign: .plus, exponent: Int(input.byte() % 9) - 4, significand: 1)
        case 2: scale = input.value(1e-3, 16)
        default: scale = input.double()
        }
        let width = input.value(0.05, 10) * t / scale
        let height = input.value(0.05, 10) * t / scale
        let anchor: Screen.Anchor
        switch input.byte() % 4 {
        case 0, 1: anchor = .center
        case 2: anchor = Screen.Anchor(x: Double(input.byte() % 2), y: Double(input.byte() % 2))
        default: anchor = Screen.Anchor(x: input.value(0, 1), y: input.value(0, 1))
        }
        let margin = input.flag() ? 0 : input.value(0, 2 * t)
        return try? Screen(width: width, height: height, scale: scale, anchor: anchor, margin: margin)
    }

    /// A lateral band: 0 half the time, else up to two tiles.
    static func band(_ input: inout FuzzInput, grid: TileGrid) -> Double {
        input.flag() ? 0 : input.value(0, 2 * grid.tileLength)
    }

    /// A heading: a multiple of 45°, one a hair off a multiple of 90°, any angle, or any double.
    static func heading(_ input: inout FuzzInput) -> Double {
        switch input.byte() % 4 {
        case 0: return Double(Int(input.byte() % 17) - 8) * 45
        case 1: return Double(Int(input.byte() % 9) - 4) * 90 + (input.flag() ? 1 : -1) * input.value(1e-14, 1e-9)
        case 2: return input.value(-720, 720)
        default: return input.double()
        }
    }

    /// The reach of a footprint corner from its pose, band included, as ``FuzzChecks/boxTiles(of:)`` measures it.
    static func reach(_ screen: Screen, band: Double) -> Double {
        max(abs(screen.along.lower), abs(screen.along.upper)) + max(abs(screen.across.lower), abs(screen.across.upper))
            + band
    }

    /// A timing, a budget, a format and a policy from the input, then ``FuzzChecks/check(_:clip:budget:format:policy:timing:)``.
    static func checkTrack(_ track: Track, _ input: inout FuzzInput, plans: Bool = true, headingJumps: Bool = false) {
        FuzzChecks.checkPieces(track, headingJumps: headingJumps)
        let timing = try? FlightTiming(
            speed: input.value(0.5, 40) * track.grid.tileLength, framesPerSecond: input.pick([5, 10, 30, 60]),
            turnRate: input.value(30, 720))
        let budget = plans ? try? MemoryBudget(bytes: input.flag() ? input.int() : Int(input.byte()) * 65_536) : nil
        let format =
            input.flag()
            ? TextureFormat.rgba8Tile128 : ((try? TextureFormat(bytesPerTile: input.int())) ?? .rgb565Tile128)
        // Frames of a long flight at a slow speed are bounded in the check (it samples 32 of them), but computing
        // them costs one pose each: keep to flights of a bounded frame count.
        let frames = timing.map { track.duration(at: $0) * $0.framesPerSecond } ?? 0
        FuzzChecks.trace("check: budget \(String(describing: budget)), \(format), timing \(String(describing: timing))")
        FuzzChecks.check(
            track, clip: input.flag(), budget: budget, format: format, policy: input.flag() ? .pause : .seamless,
            timing: frames <= 100_000 ? timing : nil, quick: true)
    }

    // MARK: Tracks

    /// `Track(waypoints:on:screen:legs:turnRadius:closure:tolerance:lateralBand:)`: 2…6 waypoints a few tiles apart
    /// (sometimes anywhere), rhumb or great-circle legs, one-way, loop or racetrack, fly-by radii.
    static func waypointTracks(_ input: inout FuzzInput) {
        guard let grid = routeGrid(&input), let screen = routeScreen(&input, grid: grid) else { return }
        let t = grid.tileLength
        let degreesPerTile = 360 * t / grid.width
        var waypoints: [GeoCoordinate] = []
        var latitude = input.value(-0.9, 0.9) * grid.latitudeLimit
        var longitude = input.value(-180, 180)
        let count = Int(input.byte() % 6) + 1  // 1 (refused) … 6
        for _ in 0..<count {
            if let c = try? GeoCoordinate(latitude: latitude, longitude: longitude) { waypoints.append(c) }
            if input.byte() % 8 == 0 {
                latitude = input.value(-90, 90)
                longitude = input.value(-540, 540)
            } else {
                // A few tiles away; at a pole the latitude step is far larger in pixels (bounded below).
                latitude += input.value(-6, 6) * degreesPerTile * cos(latitude * .pi / 180)
                longitude += input.value(-6, 6) * degreesPerTile
            }
        }
        let legs: LegKind = input.byte() % 3 == 0 ? .greatCircle : .rhumb
        let closure = input.pick(TrackClosure.allCases)
        let radius = input.flag() ? 0 : input.value(0, 3 * t)
        let tolerance: Double
        switch input.byte() % 4 {
        case 0: tolerance = 0.5
        case 1, 2: tolerance = input.value(1e-3, 1) * t
        default: tolerance = input.double()
        }
        let band = band(&input, grid: grid)
        // Bound the work before it is done: the route's length in pixels (each leg the short way round, a
        // great-circle leg's bulge at most the image's height) and the chain points it may need.
        let r = reach(screen, band: band)
        var length = 0.0
        var points = 0.0
        let pixels = waypoints.map { grid.unclampedPixel(of: $0) }
        let legEnds = closure == .loop ? pixels.count : pixels.count - 1
        if legEnds >= 1 {
            for leg in 0..<legEnds {
                let a = pixels[leg]
                let b = pixels[(leg + 1) % pixels.count]
                let dx = abs(a.x - b.x).truncatingRemainder(dividingBy: grid.width)
                var legLength = min(dx, grid.width - dx) + abs(a.y - b.y)
                if legs == .greatCircle {
                    legLength += 2 * grid.height
                    points += 2 * Double.pi * r / tolerance + (legLength * 2 * .pi / (2 * tolerance)).squareRoot() + 2
                }
                length += legLength
            }
        }
        guard length.isFinite, points.isFinite, points <= maximumChainPoints || legs == .rhumb else { return }
        FuzzChecks.trace(
            "Track(waypoints: \(waypoints), on: \(grid), screen: \(screen), legs: .\(legs), turnRadius: \(radius), "
                + "closure: .\(closure), tolerance: \(tolerance), lateralBand: \(band))")
        let track: Track
        do {
            track = try Track(
                waypoints: waypoints, on: grid, screen: screen, legs: legs, turnRadius: radius, closure: closure,
                tolerance: tolerance, lateralBand: band)
        } catch {
            return  // A typed refusal.
        }
        FuzzChecks.require(track.closure == closure, "closure \(track.closure) ≠ \(closure)")
        FuzzChecks.checkWaypointEnds(track, waypoints: waypoints, closure: closure, radius: radius, legs: legs)
        // The fuzzer found a great-circle waypoint a hair north of the equator losing its pivot (the chain repeated
        // its last point); the heading is continuous on every track now.
        checkTrack(track, &input, headingJumps: false)
    }

    /// `Track(start:heading:steps:on:screen:lateralBand:closure:)` with any steps: straights, fly-by turns, pivots,
    /// angles past ±360°, zero and negative lengths, and sometimes a long repeated pattern.
    static func handTracks(_ input: inout FuzzInput) {
        guard let grid = routeGrid(&input), let screen = routeScreen(&input, grid: grid) else { return }
        let t = grid.tileLength
        let start = PixelPoint(x: input.value(-1, 2) * grid.width, y: input.value(0, 1) * grid.height)
        let heading = heading(&input)
        var steps: [TrackStep] = []
        for _ in 0..<Int(input.byte() % 9) {
            if input.byte() % 2 == 0 {
                steps.append(.straight(length: input.value(0, 6) * t))
            } else {
                let radius = input.flag() ? 0 : input.value(0, 3) * t
                let degrees =
                    input.byte() % 4 == 0 ? input.pick([90, -90, 180, -180, 360, -360, 0]) : input.value(-400, 400)
                steps.append(.turn(radius: radius, degrees: degrees))
            }
        }
        if input.byte() % 16 == 0, !steps.isEmpty {
            // A long route: the pattern repeated (bounded by the box estimate in the check).
            let pattern = steps
            for _ in 0..<Int(input.byte()) { steps += pattern }
        }
        let closure = input.pick(TrackClosure.allCases)
        let band = band(&input, grid: grid)
        FuzzChecks.trace(
            "Track(start: \(start), heading: \(heading), steps: \(steps.count): \(steps.prefix(8)), on: \(grid), screen: \(screen), "
                + "lateralBand: \(band), closure: .\(closure))")
        let track: Track
        do {
            track = try Track(
                start: start, heading: heading, steps: steps, on: grid, screen: screen, lateralBand: band,
                closure: closure)
        } catch {
            return
        }
        FuzzChecks.checkSteps(track, start: start, heading: heading, steps: steps)
        // A hand-built track declared closed whose pieces do not return to its start is planned on a line (its lap's
        // end crosses back to the first segment): a plan round the circle is for tracks that close on themselves
        // (found by the fuzzer: such a track was planned round the circle with a peak above the capacity).
        checkTrack(track, &input, plans: true)
    }

    // MARK: Views

    /// `Viewport(grid:center:bearing:screen:)` at a pixel or a geographic centre, its visible tiles in both orders
    /// and a prefetch ring (``FuzzChecks/checkView(_:ring:)``).
    static func views(_ input: inout FuzzInput) {
        guard let grid = routeGrid(&input), let screen = routeScreen(&input, grid: grid) else { return }
        let t = grid.tileLength
        let bearing = heading(&input)
        let view: Viewport
        switch input.byte() % 4 {
        case 0:
            // On tile corners and half tiles, so edges land on tile boundaries.
            let center = PixelPoint(
                x: Double(Int(input.byte()) - 64) * t / 2, y: Double(Int(input.byte() % 80) - 8) * t / 2)
            guard let v = try? Viewport(grid: grid, center: center, bearing: bearing, screen: screen) else { return }
            view = v
        case 1:
            guard let c = try? GeoCoordinate(latitude: input.value(-90, 90), longitude: input.value(-540, 540))
            else { return }
            guard let v = try? Viewport(grid: grid, center: c, bearing: bearing, screen: screen) else { return }
            FuzzChecks.require(v.center == grid.unclampedPixel(of: c), "geographic centre \(v.center) for \(c)")
            view = v
        default:
            let center = PixelPoint(x: input.value(-1.5, 2.5) * grid.width, y: input.value(-0.3, 1.3) * grid.height)
            guard let v = try? Viewport(grid: grid, center: center, bearing: bearing, screen: screen) else { return }
            FuzzChecks.require(v.center == center && v.bearing == bearing, "view centre or bearing changed")
            view = v
        }
        let ring: Double
        switch input.byte() % 4 {
        case 0: ring = 0
        case 1: ring = Double(input.byte() % 3) * t
        case 2: ring = input.value(0, 2 * t)
        default: ring = input.double()
        }
        FuzzChecks.trace(
            "Viewport(grid: \(grid), center: \(view.center), bearing: \(view.bearing), screen: \(screen)), ring \(ring)"
        )
        FuzzChecks.checkView(view, ring: ring)
    }

    // MARK: Levels

    /// `LevelOfDetail` from any tile size, bias and level range; `drawLevel(forMapZoom:)` at any zooms; the view
    /// at a draw level and the parent fallback of its tiles through a residency set; fallbacks of any unwrapped ids.
    static func levels(_ input: inout FuzzInput) {
        let tileSize = input.flag() ? input.pick([256, 512, 1, 3, 1 << 23, 1 << 24, 1 << 53]) : input.int()
        let bias =
            input.flag() ? input.pick([0, 0.5, 0.25, 0.9999999999999999, 1, -0.0, 0.5.nextDown]) : input.double()
        let minLevel = input.flag() ? Int(input.byte() % 34) - 2 : input.int()
        let maxLevel = input.flag() ? Int(input.byte() % 34) - 2 : input.int()
        let rule = try? LevelOfDetail(tileSize: tileSize, levelBias: bias, minLevel: minLevel, maxLevel: maxLevel)
        let valid =
            bias.isFinite && bias >= 0 && bias < 1 && (0...30).contains(minLevel) && (0...30).contains(maxLevel)
            && minLevel <= maxLevel && tileSize >= 1 && tileSize <= (1 << 53) >> maxLevel
        FuzzChecks.require(
            (rule != nil) == valid,
            "LevelOfDetail(tileSize: \(tileSize), levelBias: \(bias), minLevel: \(minLevel), maxLevel: \(maxLevel)) "
                + (valid ? "refused" : "accepted"))
        FuzzChecks.trace(
            "LevelOfDetail(tileSize: \(tileSize), levelBias: \(bias), minLevel: \(minLevel), maxLevel: \(maxLevel))")
        guard let rule else { return }
        func zoom() -> Double {
            switch input.byte() % 4 {
            case 0: return Double(input.byte() % 32) - input.pick([0, 0.5, 1e-15, 0x1p-52, 0.5 - 0x1p-54, -1e-300])
            case 1: return input.value(0, 30)
            case 2:
                return input.pick([0.49999999999999994, 30, 30.0.nextUp, 0, -0.0, -0.0.nextDown, 29.999999999999996])
            default: return input.double()
            }
        }
        var drawn: [DrawLevel] = []
        for _ in 0..<3 {
            let z = zoom()
            let level = try? rule.drawLevel(forMapZoom: z)
            FuzzChecks.trace("drawLevel(forMapZoom: \(z)) = \(String(describing: level))")
            FuzzChecks.require(
                (level != nil) == (z >= 0 && z <= 30),
                "drawLevel(forMapZoom: \(z)) answered \(String(describing: level))")
            if let level {
                FuzzChecks.checkDrawLevel(level, rule: rule)
                drawn.append(level)
            }
        }
        for a in drawn {
            for b in drawn where a.mapZoom <= b.mapZoom {
                FuzzChecks.require(a.level <= b.level, "level falls as the zoom rises: \(a), \(b)")
            }
        }
        // A view at the last draw level, its tiles as unwrapped XYZ ids, and their parent fallback.
        if let level = drawn.last,
            let screen = try? Screen(
                width: input.value(1, 800), height: input.value(1, 800), scale: level.scale,
                anchor: input.flag() ? .center : Screen.Anchor(x: input.value(0, 1), y: input.value(0, 1))),
            let c = try? GeoCoordinate(latitude: input.value(-85, 85), longitude: input.value(-540, 540)),
            let view = try? Viewport(grid: level.grid, center: c, bearing: heading(&input), screen: screen)
        {
            let box = FuzzChecks.boxTiles(of: view.footprint, on: level.grid)
            if let box, box <= FuzzChecks.maximumViewTiles {
                var tiles: [VisibleTile] = []
                view.visibleTiles(into: &tiles)
                var resident = Set<TileID>()
                if !tiles.isEmpty {
                    for _ in 0..<Int(input.byte() % 6) {
                        let v = tiles[Int(input.byte()) % tiles.count]
                        guard let id = try? level.grid.tileID(of: v.tile) else { continue }
                        if let a = id.ancestor(atLevel: Int(input.byte()) % (id.level + 1)) { resident.insert(a) }
                    }
                }
                let minLevel = input.flag() ? rule.minLevel : Int(input.byte() % 34) - 2
                for v in tiles {
                    let id: UnwrappedTileID
                    do { id = try level.grid.unwrappedTileID(of: v.tile) } catch {
                        fatalError("unwrappedTileID(of:) threw for a visible tile \(v.tile) of \(level): \(error)")
                    }
                    FuzzChecks.require(
                        id.canonical.tileIndex == v.realTile, "canonical \(id.canonical) ≠ real \(v.realTile)")
                    FuzzChecks.checkFallback(id, resident: resident, minLevel: minLevel)
                }
            }
        }
        // Any unwrapped id and any residency.
        if let id = try? UnwrappedTileID(level: Int(input.byte() % 32), x: input.int(), y: input.int()) {
            var resident = Set<TileID>()
            for _ in 0..<Int(input.byte() % 4) {
                if let a = id.canonical.ancestor(atLevel: input.int() % 31) { resident.insert(a) }
            }
            FuzzChecks.checkFallback(id, resident: resident, minLevel: input.flag() ? 0 : input.int())
            if let copy = try? UnwrappedTileID(id.canonical, worldCopy: input.int()) {
                FuzzChecks.require(copy.canonical == id.canonical, "world copy of \(id) has another real tile")
            }
        }
    }

    // MARK: Pyramids

    /// `PyramidStencil` of a hand-built track on an XYZ level over up to six levels below it.
    static func pyramids(_ input: inout FuzzInput) {
        let top = Int(input.byte() % 19)
        guard let grid = try? TileGrid.xyz(level: top, tileSize: input.pick([256, 512, 64, 16])),
            let screen = routeScreen(&input, grid: grid)
        else { return }
        let t = grid.tileLength
        var steps: [TrackStep] = []
        for _ in 0..<Int(input.byte() % 4) + 1 {
            if input.byte() % 2 == 0 {
                steps.append(.straight(length: input.value(0.1, 6) * t))
            } else {
                steps.append(.turn(radius: input.flag() ? 0 : input.value(0, 3) * t, degrees: input.value(-360, 360)))
            }
        }
        let start = PixelPoint(x: input.value(0, 1) * grid.width, y: input.value(0.1, 0.9) * grid.height)
        guard
            let track = try? Track(
                start: start, heading: heading(&input), steps: steps, on: grid, screen: screen,
                lateralBand: band(&input, grid: grid), closure: input.pick(TrackClosure.allCases))
        else { return }
        guard let box = FuzzChecks.boxTiles(of: track), box <= FuzzChecks.maximumBoxTiles else { return }
        let bottom = top - Int(input.byte() % 7)
        let levels = (input.byte() % 16 == 0 ? bottom - 1 : bottom)...top
        let clip = input.flag()
        FuzzChecks.trace(
            "PyramidStencil of Track(start: \(start), steps: \(steps), on: \(grid), screen: \(screen), band "
                + "\(track.lateralBand), closure .\(track.closure)), levels \(levels), clip \(clip)")
        let pyramid: PyramidStencil
        do { pyramid = try PyramidStencil(track: track, levels: levels, clipToTerrain: clip) } catch { return }
        FuzzChecks.checkPyramid(pyramid, track: track, clip: clip)
    }

    // MARK: Needs, schedules and the driver

    /// `Needs<TileIndex>` of a short flight, a `StreamingSchedule` at some capacity and `LoaderModel`, and the
    /// `ScheduleDriver` stepped frame by frame with completions fed back at the loader's times (and late or lost
    /// loads).
    static func schedules(_ input: inout FuzzInput) {
        guard let grid = routeGrid(&input), let screen = routeScreen(&input, grid: grid) else { return }
        let t = grid.tileLength
        var steps: [TrackStep] = []
        for _ in 0..<Int(input.byte() % 4) + 1 {
            if input.byte() % 2 == 0 {
                steps.append(.straight(length: input.value(0.1, 8) * t))
            } else {
                steps.append(.turn(radius: input.flag() ? 0 : input.value(0, 3) * t, degrees: input.value(-270, 270)))
            }
        }
        let start = PixelPoint(x: input.value(0, 1) * grid.width, y: input.value(0.2, 0.8) * grid.height)
        guard
            let track = try? Track(
                start: start, heading: heading(&input), steps: steps, on: grid, screen: screen,
                lateralBand: band(&input, grid: grid), closure: input.byte() % 4 == 0 ? .loop : .oneWay),
            let timing = try? FlightTiming(
                speed: input.value(0.5, 20) * t, framesPerSecond: input.pick([5, 10, 24, 30, 60, 1e-3, 1e6]),
                turnRate: input.value(30, 720))
        else { return }
        // Bound the work: frames, and frames × the tiles a frame can need.
        let frameCount = track.duration(at: timing) * timing.framesPerSecond
        let side = 2 * reach(screen, band: track.lateralBand) / t + 2
        guard frameCount.isFinite, frameCount <= maximumFrames, (frameCount + 2) * side * side <= maximumFrameTiles
        else { return }
        FuzzChecks.trace(
            "needs of Track(start: \(start), steps: \(steps), on: \(grid), screen: \(screen), band \(track.lateralBand), "
                + "closure .\(track.closure)) at \(timing)")
        let frames: TrackFrames
        let needs: Needs<TileIndex>
        do {
            frames = try track.frames(at: timing)
            needs = try track.needs(at: timing)
        } catch {
            return
        }
        let perFrame = FuzzChecks.checkNeeds(needs, frames: frames)
        guard !needs.tiles.isEmpty else { return }
        let fps = timing.framesPerSecond
        let latency: Double
        switch input.byte() % 5 {
        case 0: latency = 0
        case 1: latency = Double(input.byte() % 5) / fps
        case 2, 3: latency = input.value(0, 0.6)
        default: latency = input.double()
        }
        let throughput = input.byte() % 8 == 0 ? input.double() : (pow(10, input.value(0, 2.5)) * 1000).rounded() / 1000
        guard let base = try? LoaderModel(latency: latency, throughput: throughput) else { return }
        let stepped = input.flag()
        let planned: LoaderModel
        if stepped {
            guard let model = try? base.forSteps(every: 1 / fps) else { return }
            planned = model
        } else {
            planned = base
        }
        let smallest = StreamingSchedule.smallestCapacity(for: needs, loader: planned)
        let window = StreamingSchedule.windowBound(for: needs, latency: planned.latency)
        FuzzChecks.require(window <= smallest, "window bound \(window) > smallest capacity \(smallest)")
        FuzzChecks.require(
            window >= (perFrame.map(\.count).max() ?? 0), "window bound \(window) below one frame's need")
        let capacity = input.byte() % 8 == 0 ? input.int() : smallest + Int(input.byte() % 9) - 2
        FuzzChecks.trace(
            "StreamingSchedule(capacity: \(capacity), loader: \(planned)); stepped \(stepped), Ĉ = \(smallest), L = \(window)"
        )
        let schedule: StreamingSchedule<TileIndex>
        do {
            schedule = try StreamingSchedule(needs: needs, capacity: capacity, loader: planned)
        } catch {
            FuzzChecks.checkRefusal(error, capacity: capacity, smallest: smallest, window: window)
            return
        }
        FuzzChecks.require(capacity >= smallest, "planned at capacity \(capacity) below Ĉ = \(smallest)")
        FuzzChecks.checkSchedule(schedule, needs: perFrame, capacity: capacity, loader: planned)
        if stepped {
            FuzzChecks.driveStepped(schedule, needs: perFrame, loader: base, late: nil)
        } else {
            FuzzChecks.driveAtActions(schedule, needs: perFrame)
        }
        // A loader running late: some loads delayed or lost. Every frame that then lacks a tile must have been told.
        var delays: [Double?] = []
        for _ in 0..<Int(input.byte() % 8) {
            switch input.byte() % 3 {
            case 0: delays.append(nil)
            case 1: delays.append(0)
            default: delays.append(input.value(0, 4) / fps)
            }
        }
        FuzzChecks.trace("late loader: \(delays)")
        if !delays.isEmpty { FuzzChecks.driveStepped(schedule, needs: perFrame, loader: base, late: delays) }
    }
}
