import TestSupport
import Testing

@testable import StencilKit

/// Invalid input is refused with a typed error whose message names the value and what would be valid.
struct BadInputTests {
    /// The error a throwing expression raises, or nil.
    static func error<T>(_ body: @autoclosure () throws(StencilError) -> T) -> StencilError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    static func expect(
        _ error: StencilError?, is expected: StencilError, mentions fragments: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(error == expected, sourceLocation: sourceLocation)
        let text = error?.description ?? ""
        for fragment in fragments {
            #expect(text.contains(fragment), "“\(text)” should mention “\(fragment)”", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [0.0, -1, -0.0])
    func nonPositiveScreenSizesAndZoom(value: Double) {
        Self.expect(
            Self.error(try Screen(width: value, height: 100)),
            is: .outOfRange(field: "Screen width", value: value, valid: "greater than 0"),
            mentions: ["Screen width", printed(value), "greater than 0"])
        Self.expect(
            Self.error(try Screen(width: 100, height: value)),
            is: .outOfRange(field: "Screen height", value: value, valid: "greater than 0"),
            mentions: ["Screen height", printed(value), "greater than 0"])
        Self.expect(
            Self.error(try Screen(width: 100, height: 100, scale: value)),
            is: .outOfRange(field: "Scale", value: value, valid: "greater than 0"),
            mentions: ["Scale", printed(value), "greater than 0"])
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteValues(value: Double) throws {
        func check(_ error: StencilError?, _ field: String, sourceLocation: SourceLocation = #_sourceLocation) {
            guard case .nonFinite(let f, let v)? = error else {
                Issue.record(
                    "expected nonFinite for \(field), got \(String(describing: error))", sourceLocation: sourceLocation)
                return
            }
            #expect(f == field, sourceLocation: sourceLocation)
            #expect(v.isNaN == value.isNaN && (value.isNaN || v == value), sourceLocation: sourceLocation)
            #expect(
                error!.description.contains(field) && error!.description.contains("finite"),
                sourceLocation: sourceLocation)
            #expect(error!.description.contains(printed(value)), sourceLocation: sourceLocation)
        }
        check(Self.error(try Screen(width: value, height: 1)), "Screen width")
        check(Self.error(try Screen(width: 1, height: value)), "Screen height")
        check(Self.error(try Screen(width: 1, height: 1, scale: value)), "Scale")
        check(Self.error(try Screen(width: 1, height: 1, anchor: .init(x: value, y: 0.5))), "Anchor x")
        check(Self.error(try Screen(width: 1, height: 1, anchor: .init(x: 0.5, y: value))), "Anchor y")
        check(Self.error(try Screen(width: 1, height: 1, margin: value)), "Margin")
        check(Self.error(try Turn(radius: value)), "Turn radius")
        let route = try PixelRoute(start: PixelPoint(x: 0, y: 100), end: PixelPoint(x: 10, y: 100), on: .marsViking)
        let screen = try Screen(width: 10, height: 10)
        check(Self.error(try Flight(route: route, screen: screen, lateralBand: value)), "Lateral band")
        let loop = FlightLoop(try Flight(route: route, screen: screen))
        check(Self.error(try loop.pose(.outbound, at: value)), "Piece parameter")
        check(Self.error(try loop.pose(atArcLength: value)), "Arc length")
        let pose = try loop.pose(.outbound, at: 0)
        check(Self.error(try loop.footprint(of: pose, lateralOffset: value)), "Lateral offset")
        // Route endpoints: MercatorMath's own typed error.
        #expect(throws: MercatorError.nonFinite(field: "Start x", value: .infinity)) {
            try PixelRoute(start: PixelPoint(x: .infinity, y: 0), end: PixelPoint(x: 1, y: 0), on: .marsViking)
        }
        #expect(throws: MercatorError.self) { try GeoCoordinate(latitude: value, longitude: 0) }
    }

    @Test(arguments: [-0.01, 1.01, -3, 7])
    func anchorsOutsideTheUnitSquare(value: Double) {
        Self.expect(
            Self.error(try Screen(width: 10, height: 10, anchor: .init(x: value, y: 0.5))),
            is: .outOfRange(field: "Anchor x", value: value, valid: "in [0, 1]"),
            mentions: ["Anchor x", printed(value), "[0, 1]"])
        Self.expect(
            Self.error(try Screen(width: 10, height: 10, anchor: .init(x: 0.5, y: value))),
            is: .outOfRange(field: "Anchor y", value: value, valid: "in [0, 1]"),
            mentions: ["Anchor y", printed(value), "[0, 1]"])
    }

    @Test func anchorsOnTheUnitSquaresEdgesAreValid() throws {
        for (x, y) in [(0.0, 0.0), (0, 1), (1, 0), (1, 1), (0.5, 0.75)] {
            _ = try Screen(width: 10, height: 10, anchor: .init(x: x, y: y))
        }
    }

    @Test(arguments: [-1e-9, -1, -500])
    func negativeRadiusBandMargin(value: Double) throws {
        Self.expect(
            Self.error(try Turn(radius: value)),
            is: .outOfRange(field: "Turn radius", value: value, valid: "0 or more"),
            mentions: ["Turn radius", printed(value), "0 or more"])
        Self.expect(
            Self.error(try Screen(width: 10, height: 10, margin: value)),
            is: .outOfRange(field: "Margin", value: value, valid: "0 or more"),
            mentions: ["Margin", printed(value), "0 or more"])
        let route = try PixelRoute(start: PixelPoint(x: 0, y: 100), end: PixelPoint(x: 10, y: 100), on: .marsViking)
        let screen = try Screen(width: 10, height: 10)
        Self.expect(
            Self.error(try Flight(route: route, screen: screen, lateralBand: value)),
            is: .outOfRange(field: "Lateral band", value: value, valid: "0 or more"),
            mentions: ["Lateral band", printed(value), "0 or more"])
    }

    @Test func coincidentEndpointsAreRefused() throws {
        let screen = try Screen(width: 10, height: 10)
        let a = try GeoCoordinate(latitude: 12.5, longitude: -40)
        let error = Self.error(try Flight(from: a, to: a, on: .marsViking, screen: screen))
        guard case .geometry(.coincidentEndpoints(let lon, let lat))? = error else {
            Issue.record("expected geometry(coincidentEndpoints), got \(String(describing: error))")
            return
        }
        #expect(lon == -40 && lat == 12.5)
        #expect(error!.description.contains("-40") && error!.description.contains("12.5"))
        #expect(error!.description.contains("same point"))
        // λ = −180° and λ = +180° are the same meridian: the short way makes them coincide.
        let west = try GeoCoordinate(latitude: 0, longitude: -180)
        let east = try GeoCoordinate(latitude: 0, longitude: 180)
        guard
            case .geometry(.coincidentEndpoints)? = Self.error(
                try Flight(from: west, to: east, on: .marsViking, screen: screen))
        else {
            Issue.record("−180° and 180° should coincide")
            return
        }
        #expect(throws: MercatorError.self) {
            try PixelRoute(start: PixelPoint(x: 5, y: 5), end: PixelPoint(x: 5, y: 5), on: .marsViking)
        }
    }

    @Test func endpointsPastTheTerrainAreRefused() throws {
        let screen = try Screen(width: 10, height: 10)
        let a = try GeoCoordinate(latitude: 65, longitude: 0)
        let b = try GeoCoordinate(latitude: 0, longitude: 10)
        let error = Self.error(try Flight(from: a, to: b, on: .marsViking, screen: screen))
        guard case .geometry(.latitudeOutOfRange(_, let latitude, let limit))? = error else {
            Issue.record("expected geometry(latitudeOutOfRange), got \(String(describing: error))")
            return
        }
        #expect(latitude == 65)
        #expect(abs(limit - 64.0042253130) < 1e-9)
        #expect(error!.description.contains("65") && error!.description.contains("64.004"))
    }

    @Test func loopParametersOutsideTheirRange() throws {
        let route = try PixelRoute(start: PixelPoint(x: 0, y: 100), end: PixelPoint(x: 30, y: 140), on: .marsViking)
        let loop = FlightLoop(try Flight(route: route, screen: try Screen(width: 10, height: 10), lateralBand: 4))
        for (phase, value) in [
            (LoopPhase.outbound, -1.0), (.outbound, 50.5), (.inbound, 51), (.turnAtEnd, 180.5),
            (.turnAtStart, -0.1),
        ] {
            let error = Self.error(try loop.pose(phase, at: value))
            guard case .outOfRange(let field, let v, let valid)? = error else {
                Issue.record("expected outOfRange for \(phase) \(value), got \(String(describing: error))")
                continue
            }
            #expect(field.contains("Piece \(phase.rawValue)") && v == value)
            #expect(valid.contains("[0, ") && valid.contains(phase.isTurn ? "180" : "50"))
            #expect(error!.description.contains(printed(value)))
        }
        let pose = try loop.pose(.inbound, at: 10)
        Self.expect(
            Self.error(try loop.footprint(of: pose, lateralOffset: -4.5)),
            is: .offsetOutsideBand(offset: -4.5, band: 4), mentions: ["-4.5", "[-4, 4]"])
        #expect(throws: StencilError.outOfRange(field: "Speed", value: 0, valid: "greater than 0")) {
            try FlightTiming(speed: 0)
        }
    }

    @Test func leavingTheTerrainNamesRowsAndLatitudes() throws {
        // Bottom edge: 90 × 42 grid, rows 0…41 (y < 5376). A due-east route at y = 5300 with a 200 × 200 centred
        // screen reaches y = 5300 + √(100² + 100²) ≈ 5441.4 (the pivot discs) → row 42 ([5376, 5504)) is needed.
        let flight = try HandWorked.flight((1000, 5300), (2000, 5300), screen: try Screen(width: 200, height: 200))
        let error = Self.error(try Stencil(flight: flight))
        guard case .leavesTerrain(let rows, let gridRows, let latitude, let limit)? = error else {
            Issue.record("expected leavesTerrain, got \(String(describing: error))")
            return
        }
        #expect(rows == 42...42)
        #expect(gridRows == 42)
        #expect(latitude < -limit)
        let text = error!.description
        #expect(text.contains("42") && text.contains("0…41") && text.contains("64.0042"))
        #expect(text.contains("\(StencilError.format(latitude))"))
    }
}
