import Foundation
import Testing

@testable import StencilKit

/// Every refusal of a pitched camera and its cover, each with the typed error the model asks for, and the values just
/// inside each limit accepted.
struct PitchedRefusalTests {
    static let levels = try! LevelOfDetail(minLevel: 0, maxLevel: 22)
    static let screen = try! Screen(width: 1024, height: 768, scale: 0.8122523964)
    static let c = PixelPoint(x: 2_196_670.0180, y: 1_468_785.1114)

    static func make(
        center: PixelPoint = c, referenceLevel: Int = 14, bearing: Double = 37, pitch: Double = 60,
        fieldOfView: Double = 36.87, horizon: Double = 89.25, screen: Screen = screen, levels: LevelOfDetail = levels,
        maximumPitch: Double = 85
    ) throws(StencilError) -> PerspectiveCamera {
        try PerspectiveCamera(
            center: center, referenceLevel: referenceLevel, bearing: bearing, pitch: pitch, fieldOfView: fieldOfView,
            horizon: horizon, screen: screen, levels: levels, maximumPitch: maximumPitch)
    }

    /// The error `body` throws, or nil when it returns (an error of another type is recorded as an issue).
    static func err<T>(_ body: () throws -> T) -> StencilError? {
        do {
            _ = try body()
            return nil
        } catch let error as StencilError {
            return error
        } catch {
            Issue.record("not a StencilError: \(error)")
            return nil
        }
    }

    static func isOutOfRange(_ e: StencilError?) -> Bool {
        if case .outOfRange = e { return true }
        return false
    }

    static func isNonFinite(_ e: StencilError?) -> Bool {
        if case .nonFinite = e { return true }
        return false
    }

    @Test func pitchLimits() {
        #expect(Self.err { try Self.make(pitch: 0) } == nil)
        #expect(Self.err { try Self.make(pitch: 85) } == nil)
        #expect(Self.isOutOfRange(Self.err { try Self.make(pitch: -1e-12) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(pitch: 85.000_000_001) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(pitch: 86, maximumPitch: 85.5) }))
        #expect(Self.err { try Self.make(pitch: 88, horizon: 89.5, maximumPitch: 88) } == nil)
        #expect(Self.err { try Self.make(pitch: 10, maximumPitch: 89.999) } == nil)
        #expect(Self.isOutOfRange(Self.err { try Self.make(pitch: 10, maximumPitch: 90) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(pitch: 10, maximumPitch: 95) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(pitch: 0, maximumPitch: -1) }))
        let message = Self.err { try Self.make(pitch: 87) }?.description ?? ""
        #expect(message.contains("87") && message.contains("85"), "\(message)")
    }

    @Test func fieldOfViewLimits() {
        #expect(Self.err { try Self.make(fieldOfView: 120) } == nil)
        #expect(Self.err { try Self.make(fieldOfView: 1e-6) } == nil)
        #expect(Self.isOutOfRange(Self.err { try Self.make(fieldOfView: 0) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(fieldOfView: -10) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(fieldOfView: 120.000_000_001) }))
    }

    @Test func horizonLimits() {
        #expect(Self.err { try Self.make(pitch: 60, horizon: 60.000_001) } == nil)
        #expect(Self.err { try Self.make(pitch: 60, horizon: 89.999_999) } == nil)
        #expect(Self.isOutOfRange(Self.err { try Self.make(pitch: 60, horizon: 60) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(pitch: 60, horizon: 59) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(pitch: 60, horizon: 90) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(pitch: 0, horizon: 0) }))
    }

    @Test func nonFiniteValues() {
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(Self.isNonFinite(Self.err { try Self.make(center: PixelPoint(x: bad, y: 0)) }), "x \(bad)")
            #expect(Self.isNonFinite(Self.err { try Self.make(center: PixelPoint(x: 0, y: bad)) }), "y \(bad)")
            #expect(Self.isNonFinite(Self.err { try Self.make(bearing: bad) }), "bearing \(bad)")
            #expect(Self.isNonFinite(Self.err { try Self.make(pitch: bad) }), "pitch \(bad)")
            #expect(Self.isNonFinite(Self.err { try Self.make(fieldOfView: bad) }), "fov \(bad)")
            #expect(Self.isNonFinite(Self.err { try Self.make(horizon: bad) }), "horizon \(bad)")
            #expect(Self.isNonFinite(Self.err { try Self.make(maximumPitch: bad) }), "maximum pitch \(bad)")
            #expect(
                Self.err {
                    try PerspectiveCamera(
                        center: GeoCoordinate(latitude: 47, longitude: 8), mapZoom: bad, bearing: 0, pitch: 30,
                        width: 100, height: 100, levels: Self.levels)
                } != nil, "map zoom \(bad)")
        }
    }

    @Test func levelAndZoomLimits() {
        #expect(Self.isOutOfRange(Self.err { try Self.make(referenceLevel: -1) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(referenceLevel: 31) }))
        for zoom in [-0.5, 30.5] {
            let e = Self.err {
                try PerspectiveCamera(
                    center: GeoCoordinate(latitude: 47, longitude: 8), mapZoom: zoom, bearing: 0, pitch: 30,
                    width: 100, height: 100, levels: Self.levels)
            }
            if case .geometry = e {} else { Issue.record("map zoom \(zoom): \(String(describing: e))") }
        }
    }

    @Test func anchorMustBeTheCentre() throws {
        let offCentre = try Screen(width: 1024, height: 768, scale: 1, anchor: Screen.Anchor(x: 0.5, y: 0.75))
        #expect(Self.isOutOfRange(Self.err { try Self.make(screen: offCentre) }))
        let corner = try Screen(width: 1024, height: 768, scale: 1, anchor: Screen.Anchor(x: 0, y: 0))
        #expect(Self.isOutOfRange(Self.err { try Self.make(screen: corner) }))
    }

    /// m·sin p must stay below the near edge's depth: example 7's near edge is at depth 593.2170 px, so at 60°
    /// m < 593.2170/sin 60° = 684.9880 px — less the draw tolerance (about 6·10⁻⁷ px here), which the library keeps
    /// as the least depth of a margined near edge so that every depth on the footprint stays positive after rounding.
    @Test func marginReachingTheEye() throws {
        let o = PitchedOracle.example7()
        let near = o.depth(o.corners[0])
        let limit = near / o.sinP
        #expect(abs(limit - 684.9880) < 1e-3)
        func screen(_ m: Double) throws -> Screen { try Screen(width: 1024, height: 768, scale: o.scale, margin: m) }
        #expect(Self.err { try Self.make(screen: screen(limit * (1 - 1e-8))) } == nil)
        #expect(Self.isOutOfRange(Self.err { try Self.make(screen: screen(limit * (1 + 1e-9))) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(screen: screen(limit * 2)) }))
        // At pitch 0, sin p = 0: any margin the screen accepts.
        #expect(Self.err { try Self.make(pitch: 0, screen: screen(1e6)) } == nil)
        // The same through the geographic initializer.
        let e = Self.err {
            try PerspectiveCamera(
                center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), mapZoom: 14.3, bearing: 37, pitch: 60,
                width: 1024, height: 768, margin: limit * 1.01, levels: Self.levels)
        }
        #expect(Self.isOutOfRange(e))
    }

    /// Extents past 2⁴⁰ px: a centre there, or a footprint reaching there.
    @Test func extentPastTheLimit() {
        let limit = FootprintLimits.maximumExtent
        #expect(limit == 0x1p40)
        #expect(Self.isOutOfRange(Self.err { try Self.make(center: PixelPoint(x: limit * 1.01, y: 0)) }))
        #expect(Self.isOutOfRange(Self.err { try Self.make(center: PixelPoint(x: 0, y: -limit * 1.01)) }))
        // The far edge is 2286.3063 − 810.3503 px ahead of c (bearing 37: −0.7986 of it in y): a centre 1000 px
        // inside the limit in y puts the far edge past it, and a centre 3000 px inside keeps it in.
        #expect(Self.isOutOfRange(Self.err { try Self.make(center: PixelPoint(x: 0, y: -(limit - 1000))) }))
        #expect(Self.err { try Self.make(center: PixelPoint(x: 0, y: -(limit - 3000))) } == nil)
    }

    /// A cover past ``PerspectiveCamera/maximumCoverTiles`` (2²⁰) is refused before it takes memory: one level (14, the
    /// view's) over a 4096 × 4096 screen at 8 px per point, 85° pitch with a 120° field of view and θ_max 89.9°, is a
    /// trapezoid of about 4·10¹¹ px², millions of level-14 tiles. With levels by depth the same camera covers it in a few hundred.
    @Test func coverPastTheTileLimit() throws {
        #expect(PerspectiveCamera.maximumCoverTiles == 1 << 20)
        let big = try Screen(width: 4096, height: 4096, scale: 8)
        let single = try LevelOfDetail(minLevel: 14, maxLevel: 14)
        let camera = try Self.make(pitch: 85, fieldOfView: 120, horizon: 89.9, screen: big, levels: single)
        let o = PitchedOracle(
            center: .init(x: Self.c.x, y: Self.c.y), referenceLevel: 14, bearing: 37, pitch: 85, fieldOfView: 120,
            horizon: 89.9, width: 4096, height: 4096, scale: 8, minLevel: 14, maxLevel: 14)
        // The trapezoid's area over the tile's, a lower bound of the tiles it needs.
        let area = (o.farAhead - o.nearAhead) * (o.nearHalfWidth + o.farHalfWidth)
        #expect(area / (256 * 256) > Double(1 << 20))
        let e = Self.err { try camera.cover() }
        if case .tooLarge(_, let value, let limit, _) = e {
            #expect(limit == Double(1 << 20) && value > limit)
        } else {
            Issue.record("expected tooLarge, got \(String(describing: e))")
        }
        var buffer = PitchedCover()
        #expect(Self.err { try camera.cover(into: &buffer) } != nil)
        let byDepth = try Self.make(pitch: 85, fieldOfView: 120, horizon: 89.9, screen: big).cover()
        #expect(byDepth.count < 5000)
    }
}
