import Foundation
import StencilKit

/// libFuzzer target `api`: the public API of MercatorMath and StencilKit called with extreme doubles and integers
/// drawn from the input (NaN, ±∞, subnormals, 10³⁰⁸, values one ulp from a limit, raw bit patterns, and ordinary
/// values). A typed error is a fine answer; a trap, a non-finite result from a call that succeeded, or a broken
/// invariant is a finding (`fatalError`).
///
/// Each input is a sequence of calls, each chosen by one byte mod 16: ops 0…7 here (coordinates, grids, maps, rhumb
/// lines, racetracks, points, tile sets, packed coordinates); ops 8…13 in APIRoutes.swift (waypoint tracks, tracks
/// from steps, viewports and prefetch rings, levels of detail and parent fallback, pyramid stencils, needs, schedules
/// and the schedule driver), whose invariants are in RouteChecks.swift; ops 14 and 15 in APIPerspective.swift
/// (perspective cameras and their covers; terrain bounds, cameras over terrain and their covers). `FUZZ_TRACE=1 .build/fuzz/fuzz-api FILE`
/// prints what the route cases build from an input, to reproduce a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPI(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    while !input.isEmpty {
        switch input.byte() % 16 {
        case 0: APICalls.coordinates(&input)
        case 1: APICalls.grids(&input)
        case 2: APICalls.maps(&input)
        case 3: APICalls.rhumbLines(&input)
        case 4: APICalls.flights(&input)
        case 5: APICalls.points(&input)
        case 6: APICalls.tileSets(&input)
        case 7: APICalls.packed(&input)
        // APIRoutes.swift: routes, views, levels and streaming, with the invariants of RouteChecks.swift.
        case 8: APICalls.waypointTracks(&input)
        case 9: APICalls.handTracks(&input)
        case 10: APICalls.views(&input)
        case 11: APICalls.levels(&input)
        case 12: APICalls.pyramids(&input)
        case 13: APICalls.schedules(&input)
        // APIPerspective.swift: perspective cameras and their covers, and over terrain.
        case 14: APICalls.perspective(&input)
        default: APICalls.terrain(&input)
        }
    }
    return 0
}

/// Reads values from the fuzzer's bytes; past the end every read is 0.
struct FuzzInput {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isEmpty: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func uint64() -> UInt64 {
        var v: UInt64 = 0
        for _ in 0..<8 { v = v << 8 | UInt64(byte()) }
        return v
    }

    /// Values at the edges of every range the API has.
    static let special: [Double] = [
        0, -0.0, 1, -1, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, .leastNormalMagnitude,
        0x7e8p-1074, 0x0.fd1d7d505cd02p-1022,  // 1e-320 and 2.2e-308 (subnormal), exactly
        1e-183, 1e-12, 1e-9, 1e-3, 0.5, 1e9, 1e12,
        1e15, 1e308, 180, -180, 180.0.nextDown, (-180.0).nextUp, 90, 90.0.nextDown, -90.0.nextUp, 85.0511287798,
        64.0042253130, 360, 128, 256, 0x1p40, 0x1p41, 0x1p52, 0x1p53, 0x1p62, 0x1p63, 11520, 5376, 2688,
        1099511627776.5, -1e-300, 45, 90.0.nextUp, 179.99999999999997,
    ]

    /// A double: a special value, a raw bit pattern, or an ordinary value in ±1000 (or ±10⁶).
    mutating func double() -> Double {
        let kind = byte()
        switch kind % 4 {
        case 0: return Self.special[Int(byte()) % Self.special.count]
        case 1: return Double(bitPattern: uint64())
        case 2: return (Double(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))) / 32.768)
        default: return Double(Int32(bitPattern: UInt32(truncatingIfNeeded: uint64()))) / 2048
        }
    }

    /// An integer: small, a power of two, or extreme.
    mutating func int() -> Int {
        let kind = byte()
        switch kind % 4 {
        case 0: return Int(byte() % 200) - 20
        case 1: return 1 << Int(byte() % 63)
        case 2: return [Int.max, Int.min, Int.max - 1, Int.min + 1, 0, -1, 1 << 31, 1 << 53][Int(byte()) % 8]
        default: return Int(truncatingIfNeeded: uint64())
        }
    }

    /// A small positive count in 1…`limit`.
    mutating func count(_ limit: Int) -> Int { Int(byte()) % limit + 1 }
}

enum APICalls {
    static func finite(_ values: Double..., what: String) {
        for v in values where !v.isFinite { fatalError("\(what) returned a non-finite value: \(values)") }
    }

    static func grid(_ input: inout FuzzInput) -> TileGrid? {
        switch input.byte() % 4 {
        case 0: return .marsViking
        case 1: return try? TileGrid.xyz(level: input.int())
        case 2: return try? TileGrid.xyz(level: Int(input.byte() % 31))
        default: return try? TileGrid(columns: input.int(), rows: input.int(), tileSize: input.int())
        }
    }

    static func coordinates(_ input: inout FuzzInput) {
        guard let c = try? GeoCoordinate(latitude: input.double(), longitude: input.double()) else { return }
        finite(c.latitude, c.longitude, what: "GeoCoordinate")
        FuzzChecks.require(abs(c.latitude) < 90 && c.longitude >= -180 && c.longitude < 180, "unnormalised \(c)")
        guard let body = try? Body(radius: input.double()) else { return }
        let mercator = SphericalMercator(body: body)
        let p = mercator.project(c)
        finite(p.x, p.y, what: "project")
        if let back = try? mercator.unproject(p) { finite(back.latitude, back.longitude, what: "unproject") }
        if let q = try? mercator.unproject(MercatorPoint(x: input.double(), y: input.double())) {
            finite(q.latitude, q.longitude, what: "unproject")
        }
    }

    static func grids(_ input: inout FuzzInput) {
        guard let grid = grid(&input) else { return }
        FuzzChecks.require(grid.width > 0 && grid.width.isFinite && grid.tileCount > 0, "grid sizes")
        if let c = try? GeoCoordinate(latitude: input.double(), longitude: input.double()) {
            if let p = try? grid.pixel(of: c) {
                finite(p.x, p.y, what: "pixel(of:)")
                FuzzChecks.require(p.x >= 0 && p.x < grid.width, "pixel x \(p.x) outside [0, \(grid.width))")
                if let tile = try? grid.tile(of: c) {
                    FuzzChecks.require(tile.column >= 0 && tile.column < grid.columns, "tile column \(tile)")
                    FuzzChecks.require(grid.containsRow(tile.row), "tile row \(tile)")
                    // The tile's column is the pixel's.
                    FuzzChecks.require(Int((p.x / grid.tileLength).rounded(.down)) == tile.column, "column of \(p)")
                }
            }
        }
        let pixel = PixelPoint(x: input.double(), y: input.double())
        if let c = try? grid.coordinate(at: pixel) { finite(c.latitude, c.longitude, what: "coordinate(at:)") }
        if let tile = try? grid.tile(containing: pixel) {
            let real = grid.realTile(of: tile)
            FuzzChecks.require(real.column >= 0 && real.column < grid.columns, "real column")
            _ = grid.worldCopy(of: tile.column)
        }
        let column = input.int()
        let real = grid.realColumn(of: column)
        FuzzChecks.require(real >= 0 && real < grid.columns, "realColumn(\(column)) = \(real)")
        _ = grid.worldCopy(of: column)
        _ = grid.latitude(atPixelY: input.double())
    }

    static func maps(_ input: inout FuzzInput) {
        guard let map = try? MapImage(width: input.double(), latitudeLimit: input.double()) else { return }
        finite(map.height, map.pixelsPerRadian, what: "MapImage")
        if let c = try? GeoCoordinate(latitude: input.double(), longitude: input.double()),
            let p = try? map.pixel(of: c)
        {
            finite(p.x, p.y, what: "map pixel")
            FuzzChecks.require(p.x >= 0 && p.x < map.width, "map x \(p.x) outside [0, \(map.width))")
        }
        let pixel = PixelPoint(x: input.double(), y: input.double())
        if let c = try? map.coordinate(at: pixel) { finite(c.latitude, c.longitude, what: "map coordinate") }
        if let grid = grid(&input), let t = try? map.terrainPixel(fromMapPixel: pixel, on: grid) {
            finite(t.x, t.y, what: "terrainPixel")
        }
    }

    static func rhumbLines(_ input: inout FuzzInput) {
        guard let a = try? GeoCoordinate(latitude: input.double(), longitude: input.double()),
            let b = try? GeoCoordinate(latitude: input.double(), longitude: input.double()),
            let body = try? Body(radius: input.double())
        else { return }
        if let line = try? RhumbLine(from: a, to: b, on: body) {
            finite(line.heading, line.distance, what: "rhumb inverse")
            // The fuzzer found a distance in metres that underflowed to 0 on a 1 mm sphere; such ends are refused now.
            FuzzChecks.require(line.heading >= 0 && line.heading < 360 && line.distance > 0, "rhumb \(line)")
            if let end = try? line.end { finite(end.latitude, end.longitude, what: "rhumb end") }
        }
        if let line = try? RhumbLine(from: a, heading: input.double(), distance: input.double(), on: body),
            let p = try? line.point(atDistance: input.double())
        {
            finite(p.latitude, p.longitude, what: "rhumb direct")
        }
    }

    static func flights(_ input: inout FuzzInput) {
        guard let grid = grid(&input) else { return }
        let route: PixelRoute?
        if input.byte() % 2 == 0 {
            let w = grid.width
            let start = PixelPoint(x: input.double() * w / 1000, y: grid.height / 2 + input.double())
            route = try? PixelRoute(
                start: start, end: start + PixelPoint(x: input.double(), y: input.double()), on: grid)
        } else if let a = try? GeoCoordinate(latitude: input.double(), longitude: input.double()),
            let b = try? GeoCoordinate(latitude: input.double(), longitude: input.double())
        {
            route = try? PixelRoute(from: a, to: b, on: grid, way: input.byte() % 2 == 0 ? .short : .direct)
        } else {
            route = nil
        }
        guard let route else { return }
        finite(route.length, route.heading, route.ahead.x, route.ahead.y, what: "route")
        FuzzChecks.require(route.length > 0 && route.heading >= 0 && route.heading < 360, "route \(route)")
        guard
            let screen = try? Screen(
                width: input.double(), height: input.double(), scale: input.double(),
                anchor: Screen.Anchor(x: input.double(), y: input.double()), margin: input.double()),
            let turn = try? Turn(radius: input.double(), direction: input.byte() % 2 == 0 ? .right : .left),
            let flight = try? Racetrack(route: route, screen: screen, turn: turn, lateralBand: input.double())
        else { return }
        let along = screen.along
        let across = screen.across
        finite(along.lower, along.upper, across.lower, across.upper, what: "screen extents")
        let loop = Track(racetrack: flight)
        finite(loop.length, what: "loop length")
        // A pose of the loop and its transform.
        if let pose = try? loop.pose(piece: Int(input.byte()) % 4, parameter: input.double()) {
            finite(pose.position.x, pose.position.y, pose.heading, what: "pose")
            var tiles: [VisibleTile] = []
            if let box = FuzzChecks.boxTiles(of: flight), box <= FuzzChecks.maximumBoxTiles,
                let view = try? loop.cull(pose, lateralOffset: input.double(), into: &tiles)
            {
                let t = view.transform
                finite(t.a, t.b, t.c, t.d, t.tx, t.ty, what: "transform")
            }
        }
        let timing = try? FlightTiming(speed: input.double(), framesPerSecond: input.double(), turnRate: input.double())
        if let timing {
            finite(loop.duration(at: timing), what: "duration")
            if let pose = try? loop.pose(atTime: input.double(), timing: timing) {
                finite(pose.position.x, pose.position.y, pose.heading, what: "pose(atTime:)")
            }
        }
        let budget = try? MemoryBudget(bytes: input.int())
        let format = (try? TextureFormat(bytesPerTile: input.int())) ?? .rgba8Tile128
        FuzzChecks.check(
            loop, clip: input.byte() % 2 == 0, budget: budget, format: format,
            policy: input.byte() % 2 == 0 ? .pause : .seamless, timing: timing)
    }

    static func points(_ input: inout FuzzInput) {
        guard let grid = grid(&input) else { return }
        let points = (0..<input.count(12)).map { _ in PixelPoint(x: input.double(), y: input.double()) }
        let band: Double? = input.byte() % 2 == 0 ? nil : input.double()
        guard let index = try? PointIndex(points: points, grid: grid, bandHeight: band) else { return }
        let footprint = Footprint(
            origin: PixelPoint(x: input.double(), y: input.double()), heading: input.double(),
            along: Interval(input.double(), input.double()), across: Interval(input.double(), input.double()))
        guard let count = try? index.count(in: footprint) else { return }
        var listed = 0
        do {
            try index.forEachPoint(in: footprint) { i, p in
                listed += 1
                FuzzChecks.require(i >= 0 && i < points.count && p.x.isFinite, "listed point \(i) \(p)")
                FuzzChecks.require(footprint.contains(p), "listed \(p) outside the footprint")
            }
        } catch {
            fatalError("count(in:) answered but forEachPoint threw \(error)")
        }
        FuzzChecks.require(count == listed, "count(in:) \(count) ≠ \(listed) listed for \(footprint)")
    }

    static func tileSets(_ input: inout FuzzInput) {
        func set() -> TileSet {
            TileSet(
                spans: (0..<input.count(6)).map { _ in
                    ColumnSpan(row: Int(input.byte() % 5) - 2, first: input.int(), last: input.int())
                })
        }
        let a = set()
        let b = set()
        let sum = a.spans.reduce(0) { $0.addingReportingOverflow($1.count).overflow ? .max : $0 + $1.count }
        FuzzChecks.require(a.count == sum || a.count == .max, "count \(a.count) ≠ Σ runs \(sum)")
        FuzzChecks.require(a.count >= 0 && a.subtracting(a).isEmpty, "a − a")
        let union = a.union(b)
        FuzzChecks.require(a.isSubset(of: union) && b.isSubset(of: union), "a, b ⊆ a ∪ b")
        let common = a.intersection(b)
        FuzzChecks.require(common.isSubset(of: a) && common.isSubset(of: b), "a ∩ b ⊆ a, b")
        for span in a.spans.prefix(4) {
            FuzzChecks.require(a.contains(TileIndex(column: span.first, row: span.row)), "contains first")
            FuzzChecks.require(a.contains(TileIndex(column: span.last, row: span.row)), "contains last")
            FuzzChecks.require(span.count >= 1, "empty stored run")
        }
    }

    static func packed(_ input: inout FuzzInput) {
        let bytes = (0..<input.count(8)).map { _ in input.byte() }
        if let packed = try? PackedCoordinate(bytes: bytes) {
            let c = packed.coordinate
            finite(c.latitude, c.longitude, what: "packed coordinate")
            FuzzChecks.require(
                PackedCoordinate(c) == packed || packed.latitudeCode >= PackedCoordinate.codeCount
                    || packed.longitudeCode >= PackedCoordinate.codeCount, "pack(unpack) ≠ identity")
        }
    }
}
