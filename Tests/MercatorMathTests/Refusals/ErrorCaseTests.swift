import MercatorMath
import TestSupport
import Testing

/// Error cases of the model's types not covered next to their features: each is checked for its case
/// and for a description that names the offending value and what would be valid.
@Suite("Errors: bodies, grids, pixels and image limits")
struct ErrorCaseTests {
    @Test("a body's radius must be finite and positive")
    func bodyRadius() throws {
        for r in [0.0, -1, -6_378_137] {
            let error = thrown(try Body(radius: r))
            #expect(error == .nonPositive(field: "Body radius", value: r))
            expectDescription(of: error, mentions: ["Body radius", printed(r), "greater than zero"])
        }
        for r in [Double.nan, .infinity, -.infinity] {
            let error = thrown(try Body(radius: r))
            guard case .nonFinite(let field, _)? = error else {
                Issue.record("expected nonFinite, got \(String(describing: error))")
                continue
            }
            #expect(field == "Body radius")
            expectDescription(of: error, mentions: [printed(r), "finite"])
        }
        #expect(try Body(radius: 1).radius == 1)
        #expect(try Body(radius: 3_396_190) == Body.mars)
        #expect(Body.earth.description.contains("6378137"))
    }

    @Test(
        "grid sizes must be at least 1",
        arguments: [
            (0, 42, 128, "Grid columns", 0), (-1, 42, 128, "Grid columns", -1),
            (90, 0, 128, "Grid rows", 0), (90, -42, 128, "Grid rows", -42),
            (90, 42, 0, "Tile size", 0), (90, 42, -128, "Tile size", -128),
        ])
    func gridSizes(columns: Int, rows: Int, tileSize: Int, field: String, value: Int) {
        let error = thrown(try TileGrid(columns: columns, rows: rows, tileSize: tileSize))
        #expect(error == .nonPositiveCount(field: field, value: value))
        expectDescription(of: error, mentions: [field, "\(value)", "at least 1"])
    }

    @Test("grids whose pixel size overflows are refused")
    func gridOverflow() {
        #expect(thrown(try TileGrid(columns: Int.max / 2, rows: 1, tileSize: 4)) != nil)
        #expect(thrown(try TileGrid(columns: 1, rows: 1 << 40, tileSize: 1 << 30)) != nil)
        #expect(thrown(try TileGrid(columns: 1 << 20, rows: 1 << 20, tileSize: 1 << 12)) == nil)
    }

    @Test("a latitude past an image's limit is refused, naming it and the limit")
    func pastTheImageLimit() throws {
        let grid = TileGrid.marsViking
        for lat in [64.01, -64.01, 70, -89] {
            let error = thrown(try grid.pixel(of: geo(lat, 0)))
            #expect(error == .latitudeOutOfRange(field: "Latitude", latitude: lat, limit: grid.latitudeLimit))
            expectDescription(of: error, mentions: [printed(lat), "64.0042"])
            #expect(thrown(try grid.tile(of: geo(lat, 0))) == error)
        }
        // The limit itself is on the image.
        #expect(thrown(try grid.pixel(of: geo(grid.latitudeLimit, 0))) == nil)
        let web = try TileGrid.xyz(level: 4)
        let error = thrown(try web.pixel(of: geo(85.06, 0)))
        expectDescription(of: error, mentions: ["85.06", "85.0511"])
    }

    @Test("converting a non-finite pixel, or one beyond a pole, is refused")
    func pixelConversionErrors() {
        let grid = TileGrid.marsViking
        for (p, field) in [(PixelPoint(x: .nan, y: 0), "Pixel x"), (PixelPoint(x: 0, y: -.infinity), "Pixel y")] {
            let error = thrown(try grid.coordinate(at: p))
            guard case .nonFinite(let f, _)? = error else {
                Issue.record("expected nonFinite, got \(String(describing: error))")
                continue
            }
            #expect(f == field)
            expectDescription(of: error, mentions: [field, "finite"])
        }
        // Some 40 image heights above the top, φ rounds to 90°.
        let error = thrown(try grid.coordinate(at: PixelPoint(x: 0, y: -200_000)))
        guard case .latitudeOutOfRange(_, let lat, let limit)? = error else {
            Issue.record("expected latitudeOutOfRange, got \(String(describing: error))")
            return
        }
        #expect(lat == 90 && limit == 90)
        expectDescription(of: error, mentions: ["90", "±90"])
    }

    @Test(
        "every case's description names its values",
        arguments: [
            MercatorError.nonFinite(field: "F", value: -.infinity),
            .latitudeOutOfRange(field: "F", latitude: 64.5, limit: 64.25),
            .nonPositive(field: "F", value: -2.5),
            .nonPositiveCount(field: "F", value: -7),
            .outOfRange(field: "F", value: 31, range: 0...30),
            .coincidentEndpoints(longitude: 12.5, latitude: -3.25),
            .passesPole(latitude: 91.5),
            .invalidPackedCoordinate(reason: "the reason"),
            .antipodalEndpoints(longitude: 12.5, latitude: -3.25),
            .outOfHalfOpenRange(field: "F", value: 1, range: 0..<1),
            .notXYZLevel(columns: 90, rows: 42),
            .invalidQuadkey(quadkey: "0124", reason: "the reason"),
            .levelsOutOfOrder(minimum: 14, maximum: 12),
            .tooManyTiles(count: 4_194_304, limit: 1_048_576),
            .notPowerOfTwo(field: "F", value: 300),
        ])
    func descriptions(error: MercatorError) {
        let fragments: [String]
        switch error {
        case .nonFinite: fragments = ["F", "-inf", "finite"]
        case .latitudeOutOfRange: fragments = ["F", "64.5", "64.25"]
        case .nonPositive: fragments = ["F", "-2.5", "greater than zero"]
        case .nonPositiveCount: fragments = ["F", "-7", "at least 1"]
        case .outOfRange: fragments = ["F", "31", "[0, 30]"]
        case .coincidentEndpoints: fragments = ["12.5", "-3.25"]
        case .passesPole: fragments = ["91.5", "±90"]
        case .invalidPackedCoordinate: fragments = ["the reason"]
        case .antipodalEndpoints: fragments = ["12.5", "-3.25", "antipode"]
        case .outOfHalfOpenRange: fragments = ["F", "1", "[0, 1)"]
        case .notXYZLevel: fragments = ["90 × 42", "2ⁿ × 2ⁿ", "0 ≤ n ≤ 30"]
        case .invalidQuadkey: fragments = ["\"0124\"", "the reason", "30 digits", "0, 1, 2 or 3"]
        case .levelsOutOfOrder: fragments = ["14", "12", "at most the maximum"]
        case .tooManyTiles: fragments = ["4194304", "1048576", "maximumCoverCount", "smaller box"]
        case .notPowerOfTwo: fragments = ["F", "300", "power of two"]
        }
        expectDescription(of: error, mentions: fragments)
    }

    @Test("an image limit is inclusive and its message says so; the poles are exclusive")
    func limitWording() {
        let image = MercatorError.latitudeOutOfRange(field: "Latitude", latitude: 64.5, limit: 64.25)
        #expect(!image.description.contains("strictly"))
        let pole = MercatorError.latitudeOutOfRange(field: "Latitude", latitude: 90, limit: 90)
        #expect(pole.description.contains("strictly inside ±90"))
    }
}
