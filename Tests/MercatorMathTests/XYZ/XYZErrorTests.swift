import MercatorMath
import Testing

/// Bad input to the XYZ vocabulary is answered with a typed error naming the value and what would be valid.
@Suite("XYZ: bad input")
struct XYZErrorTests {
    @Test("tile ids: the level must be 0…30 and x, y in 0…2ⁿ − 1")
    func tileIDs() {
        for level in [-1, 31, Int.min, Int.max] {
            let error = thrown(try TileID(level: level, x: 0, y: 0))
            #expect(error == .outOfRange(field: "XYZ level", value: Double(level), range: 0...30))
            expectDescription(of: error, mentions: ["XYZ level", "[0, 30]"])
            #expect(thrown(try UnwrappedTileID(level: level, x: 0, y: 0)) == error)
            #expect(thrown(try TileGrid.xyz(level: level)) == error)
        }
        for (x, y) in [(4096, 0), (-1, 0), (Int.min, 0), (0, 4096), (0, -1), (0, Int.max)] {
            let error = thrown(try TileID(level: 12, x: x, y: y))
            let field = x != 0 ? "Tile x at level 12" : "Tile y at level 12"
            #expect(error == .outOfRange(field: field, value: Double(x != 0 ? x : y), range: 0...4095))
            expectDescription(of: error, mentions: [field, "[0, 4095]"])
        }
        // An unwrapped column may be anything; its row may not.
        #expect(thrown(try UnwrappedTileID(level: 12, x: Int.min, y: 0)) == nil)
        #expect(
            thrown(try UnwrappedTileID(level: 12, x: 0, y: 4096))
                == .outOfRange(field: "Tile y at level 12", value: 4096, range: 0...4095))
    }

    @Test("an unwrapped id whose column would overflow Int is refused")
    func worldCopyOverflow() throws {
        let tile = try TileID(level: 30, x: 1, y: 0)
        let limit = Double(Int.max >> 30)
        for w in [1 << 33, -(1 << 33) - 1, Int.max, Int.min] {
            let error = thrown(try UnwrappedTileID(tile, worldCopy: w))
            #expect(error == .outOfRange(field: "World copy at level 30", value: Double(w), range: -limit...limit))
        }
        #expect(try UnwrappedTileID(tile, worldCopy: -(1 << 33)).x == Int.min + 1)
        #expect(try UnwrappedTileID(tile, worldCopy: (1 << 33) - 1).worldCopy == (1 << 33) - 1)
    }

    @Test(
        "quadkeys: only the digits 0–3, at most 30 of them",
        arguments: [
            ("1204", "\"4\" at position 4"), ("12a", "\"a\" at position 3"), (" 1", "\" \" at position 1"),
            ("-1", "\"-\" at position 1"), ("1٣", "\"٣\" at position 2"), ("０", "\"０\" at position 1"),
            (String(repeating: "0", count: 31), "31 digits, more than 30"),
        ])
    func quadkeys(quadkey: String, reason: String) {
        let error = thrown(try TileID(quadkey: quadkey))
        guard case .invalidQuadkey(let echoed, _)? = error else {
            Issue.record("expected invalidQuadkey, got \(String(describing: error))")
            return
        }
        #expect(echoed == quadkey)
        expectDescription(of: error, mentions: [reason, "0 to 30 digits"])
    }

    @Test("a huge quadkey is refused after 31 digits and echoed to 40 characters")
    func hugeQuadkey() {
        let error = thrown(try TileID(quadkey: String(repeating: "1", count: 100_000)))
        guard case .invalidQuadkey(let echoed, _)? = error else {
            Issue.record("expected invalidQuadkey, got \(String(describing: error))")
            return
        }
        #expect(echoed.count == 40)
        expectDescription(of: error, mentions: ["100000 digits"])
    }

    @Test("pixel bounds and grids: the tile size must be 1…2⁵³⁻ⁿ")
    func tileSizes() throws {
        let tile = try TileID(level: 30, x: 0, y: 0)
        for size in [0, -256, 1 << 24, Int.max] {
            let error = thrown(try tile.pixelBounds(tileSize: size))
            #expect(error == .outOfRange(field: "Tile size at level 30", value: Double(size), range: 1...8_388_608))
            #expect(thrown(try TileGrid.xyz(level: 30, tileSize: size)) == error)
        }
        #expect(try tile.pixelBounds(tileSize: 1 << 23).maxX == 0x1p23)
        #expect(try TileID.world.pixelBounds(tileSize: 1 << 53).maxX == 0x1p53)
    }

    @Test("a coordinate past φlim has no tile")
    func pastTheLimit() {
        let error = thrown(try TileID(containing: geo(85.06, 0), atLevel: 3))
        guard case .latitudeOutOfRange(_, let latitude, let limit)? = error else {
            Issue.record("expected latitudeOutOfRange, got \(String(describing: error))")
            return
        }
        #expect(latitude == 85.06 && abs(limit - 85.0511287798) < 1e-9)
        #expect(thrown(try TileID(containing: geo(0, 0), atLevel: 31)) != nil)
    }

    @Test("map scale: finite and in [0, 30]", arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteMapZoom(z: Double) throws {
        let error = thrown(try LevelOfDetail().drawLevel(forMapZoom: z))
        guard case .nonFinite(let field, _)? = error else {
            Issue.record("expected nonFinite, got \(String(describing: error))")
            return
        }
        #expect(field == "Map zoom")
        expectDescription(of: error, mentions: ["Map zoom", "finite"])
    }

    @Test("map zoom out of range", arguments: [-0.5, -1e-300, 30.000000000000004, 31, 1e300])
    func mapZoomOutOfRange(z: Double) throws {
        let error = thrown(try LevelOfDetail().drawLevel(forMapZoom: z))
        #expect(error == .outOfRange(field: "Map zoom", value: z, range: 0...30))
        // A whole zoom prints as an integer (31, not 31.0); 1e300 as 1e+300.
        let printed = z == z.rounded() && abs(z) < 0x1p53 ? "\(Int(z))" : z == 1e300 ? "1e+300" : "\(z)"
        expectDescription(of: error, mentions: ["Map zoom", printed, "[0, 30]"])
    }

    @Test("level bias outside [0, 1)", arguments: [1.0, -0.1, 1.5, -1e-300, 0.9999999999999999.nextUp])
    func biasOutOfRange(bias: Double) {
        let error = thrown(try LevelOfDetail(levelBias: bias))
        #expect(error == .outOfHalfOpenRange(field: "Level bias", value: bias, range: 0..<1))
        // A whole bias prints as an integer (1, not 1.0).
        let printed = bias == bias.rounded() ? "\(Int(bias))" : "\(bias)"
        expectDescription(of: error, mentions: ["Level bias", printed, "[0, 1)"])
        #expect(thrown(try LevelOfDetail(levelBias: 0.9999999999999999)) == nil)
    }

    @Test("level bias that is not a number")
    func nonFiniteBias() {
        for bias in [Double.nan, .infinity] {
            guard case .nonFinite(let field, _)? = thrown(try LevelOfDetail(levelBias: bias)) else {
                Issue.record("expected nonFinite for \(bias)")
                continue
            }
            #expect(field == "Level bias")
        }
    }

    @Test("levels out of range or out of order; a tile size too large for the finest level")
    func levels() {
        #expect(
            thrown(try LevelOfDetail(minLevel: -1)) == .outOfRange(field: "Minimum level", value: -1, range: 0...30))
        #expect(
            thrown(try LevelOfDetail(maxLevel: 31)) == .outOfRange(field: "Maximum level", value: 31, range: 0...30))
        let order = thrown(try LevelOfDetail(minLevel: 14, maxLevel: 12))
        #expect(order == .levelsOutOfOrder(minimum: 14, maximum: 12))
        expectDescription(of: order, mentions: ["14", "12", "at most the maximum"])
        // A size below 1 is refused for itself: no level is named (the caller gave none).
        for size in [0, -256, Int.min] {
            let error = thrown(try LevelOfDetail(tileSize: size))
            #expect(error == .nonPositiveCount(field: "Tile size", value: size))
            #expect(error.map { !$0.description.contains("level") && !$0.description.contains("30") } == true)
        }
        #expect(thrown(try LevelOfDetail(tileSize: 1, maxLevel: 30)) == nil)
        #expect(thrown(try LevelOfDetail(tileSize: 1 << 24, maxLevel: 29)) == nil)
        // Too large for the finest level: 2²⁴ × 2³⁰ px passes 2⁵³; the message names maxLevel and the largest size.
        let large = thrown(try LevelOfDetail(tileSize: 1 << 24))
        guard case .outOfRange(let field, 16_777_216, 1...8_388_608)? = large else {
            Issue.record("expected outOfRange, got \(String(describing: large))")
            return
        }
        #expect(field.contains("maxLevel 30"))
        expectDescription(of: large, mentions: ["16777216", "[1, 8388608]"])
    }
}
