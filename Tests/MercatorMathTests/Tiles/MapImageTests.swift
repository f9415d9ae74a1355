import MercatorMath
import TestSupport
import Testing

/// Mars Flyer's ±60° route-picking map and its conversion to terrain pixels (MODEL.md §1).
@Suite("MapImage: map ↔ terrain")
struct MapImageTests {
    let grid = TileGrid.marsViking

    @Test("Mars Flyer's map covers ±60°, inside the terrain's limit")
    func marsFlyerMap() throws {
        let map = try MapImage.marsFlyer()
        #expect(map.latitudeLimit == 60)
        #expect(map.width == 2048)
        #expect(map.latitudeLimit < grid.latitudeLimit)
        #expect(try MapImage.marsFlyer(width: 1000).width == 1000)
        // Height is 2·k·asinh(tan 60°) = (2048/π)·asinh(√3).
        #expect(abs(map.height - 2048 / Double.pi * 1.3169578969248166) < 1e-9)
    }

    @Test("the map's top edge is latitude 60, which is terrain row grid.pixelY(ofLatitude: 60)")
    func topAndBottomEdges() throws {
        let map = try MapImage.marsFlyer()
        let top = try map.coordinate(at: PixelPoint(x: 1024, y: 0))
        #expect(abs(top.latitude - 60) < 1e-12 && top.longitude == 0)
        let bottom = try map.coordinate(at: PixelPoint(x: 1024, y: map.height))
        #expect(abs(bottom.latitude + 60) < 1e-12)

        let terrainTop = try map.terrainPixel(fromMapPixel: PixelPoint(x: 1024, y: 0), on: grid)
        #expect(terrainTop.x == 5760)
        #expect(abs(terrainTop.y - grid.pixelY(ofLatitude: 60)) < 1e-9)
        let terrainBottom = try map.terrainPixel(fromMapPixel: PixelPoint(x: 0, y: map.height), on: grid)
        #expect(terrainBottom.x == 0)
        #expect(abs(terrainBottom.y - grid.pixelY(ofLatitude: -60)) < 1e-9)

        // And back: the terrain pixels of latitude ±60 are the map's edges.
        let mapTop = try map.mapPixel(fromTerrainPixel: PixelPoint(x: 5760, y: grid.pixelY(ofLatitude: 60)), on: grid)
        #expect(abs(mapTop.x - 1024) < 1e-9 && abs(mapTop.y) < 1e-9)
        let mapBottom = try map.mapPixel(
            fromTerrainPixel: PixelPoint(x: 0, y: grid.pixelY(ofLatitude: -60)), on: grid)
        #expect(abs(mapBottom.x) < 1e-9 && abs(mapBottom.y - map.height) < 1e-9)
    }

    @Test("the edges of maps of many sizes and limits survive terrain → map")
    func edgesOfManyMaps() throws {
        for width in [512.0, 1000.0, 2048.0, 4096.0, 3333.3] {
            for limit in [10.0, 33.3, 45.0, 59.9, 60.0, 63.9, 64.0] {
                let map = try MapImage(width: width, latitudeLimit: limit)
                for lat in [limit, -limit] {
                    for g in [grid, TileGrid.marsVikingDouble] {
                        let terrain = PixelPoint(x: 1234, y: g.pixelY(ofLatitude: lat))
                        let back = try map.mapPixel(fromTerrainPixel: terrain, on: g)
                        #expect(abs(back.y - (lat > 0 ? 0 : map.height)) < 1e-9, "w \(width) lim \(lat)")
                        let edge = PixelPoint(x: 17, y: lat > 0 ? 0 : map.height)
                        let there = try map.terrainPixel(fromMapPixel: edge, on: g)
                        #expect(abs(there.y - terrain.y) < 1e-9)
                    }
                }
            }
        }
    }

    @Test("map → terrain → map round trips, and x scales by W_terrain / W_map")
    func roundTripAndProportionality() throws {
        let map = try MapImage.marsFlyer()
        var rng = SplitMix64(seed: 0x3A9)
        for _ in 0..<5000 {
            let p = PixelPoint(x: rng.uniform(0, map.width), y: rng.uniform(0, map.height))
            let terrain = try map.terrainPixel(fromMapPixel: p, on: grid)
            #expect(abs(terrain.x - p.x * grid.width / map.width) < 1e-9)
            let back = try map.mapPixel(fromTerrainPixel: terrain, on: grid)
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
    }

    @Test("terrain rows map to map rows monotonically, with the equator on the map's middle row")
    func equatorAndMonotone() throws {
        let map = try MapImage.marsFlyer()
        let middle = try map.mapPixel(fromTerrainPixel: PixelPoint(x: 5760, y: 2688), on: grid)
        #expect(abs(middle.y - map.height / 2) < 1e-12 && middle.x == 1024)
        var previous = -Double.infinity
        for y in stride(from: grid.pixelY(ofLatitude: 59.99), through: grid.pixelY(ofLatitude: -59.99), by: 7) {
            let m = try map.mapPixel(fromTerrainPixel: PixelPoint(x: 0, y: y), on: grid).y
            #expect(m > previous)
            previous = m
        }
    }

    @Test("map pixels above or below the map are refused, naming the row and the map's range")
    func outsideTheMap() throws {
        let map = try MapImage.marsFlyer()
        for y in [-0.001, -100, map.height + 0.001] {
            let error = thrown(try map.terrainPixel(fromMapPixel: PixelPoint(x: 10, y: y), on: grid))
            #expect(error == .outOfRange(field: "Map pixel y", value: y, range: 0...map.height))
            expectDescription(of: error, mentions: [printed(y), printed(map.height)])
            #expect(thrown(try map.coordinate(at: PixelPoint(x: 10, y: y))) != nil)
        }
        let nan = thrown(try map.coordinate(at: PixelPoint(x: .nan, y: 0)))
        guard case .nonFinite(let field, _)? = nan else {
            Issue.record("expected nonFinite, got \(String(describing: nan))")
            return
        }
        #expect(field == "Map pixel x")
    }

    @Test("terrain pixels past the map's ±60° are refused, naming the latitude and 60")
    func terrainOutsideTheMap() throws {
        let map = try MapImage.marsFlyer()
        let y = grid.pixelY(ofLatitude: 62)  // on the terrain, above the map
        let error = thrown(try map.mapPixel(fromTerrainPixel: PixelPoint(x: 0, y: y), on: grid))
        guard case .latitudeOutOfRange(_, let lat, let limit)? = error else {
            Issue.record("expected latitudeOutOfRange, got \(String(describing: error))")
            return
        }
        #expect(abs(lat - 62) < 1e-9 && limit == 60)
        expectDescription(of: error, mentions: ["62", "60"])
        #expect(thrown(try map.pixel(of: geo(-60.5, 0))) != nil)
    }

    @Test("a map reaching past the terrain's limit cannot convert its edge rows")
    func mapPastTheTerrain() throws {
        let map = try MapImage(width: 2048, latitudeLimit: 70)
        let error = thrown(try map.terrainPixel(fromMapPixel: PixelPoint(x: 0, y: 0), on: grid))
        guard case .latitudeOutOfRange(_, let lat, let limit)? = error else {
            Issue.record("expected latitudeOutOfRange, got \(String(describing: error))")
            return
        }
        #expect(abs(lat - 70) < 1e-9 && limit == grid.latitudeLimit)
        expectDescription(of: error, mentions: ["70", "64.0042"])
    }

    @Test("invalid maps are refused: width ≤ 0 or non-finite, limit outside (0, 90)")
    func invalidMaps() {
        let zero = thrown(try MapImage(width: 0, latitudeLimit: 60))
        #expect(zero == .nonPositive(field: "Map width", value: 0))
        expectDescription(of: zero, mentions: ["0", "greater than zero"])
        #expect(thrown(try MapImage(width: -5, latitudeLimit: 60)) == .nonPositive(field: "Map width", value: -5))
        #expect(thrown(try MapImage(width: .infinity, latitudeLimit: 60)) != nil)
        #expect(
            thrown(try MapImage(width: 100, latitudeLimit: 0))
                == .nonPositive(field: "Map latitude limit", value: 0))
        let pole = thrown(try MapImage(width: 100, latitudeLimit: 90))
        #expect(pole == .latitudeOutOfRange(field: "Map latitude limit", latitude: 90, limit: 90))
        expectDescription(of: pole, mentions: ["90", "±90"])
        #expect(thrown(try MapImage(width: 100, latitudeLimit: .nan)) != nil)
        #expect(thrown(try MapImage.marsFlyer(width: 0)) != nil)
    }
}
