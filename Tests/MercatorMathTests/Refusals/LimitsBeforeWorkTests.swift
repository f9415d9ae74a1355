import Foundation
import MercatorMath
import TestSupport
import Testing

/// The fuzzing campaign's wrong answers in MercatorMath: a rhumb line solved to a point next to a pole whose `end`
/// threw, and a map of zero height. Each test failed on the code before its fix.
@Suite
struct LimitsBeforeWorkTests {
    // MARK: Rhumb lines that end next to a pole

    /// (0°, 0°) → (89.99999999999999°, 0°) on the Earth was built, but its `end` threw "would reach latitude
    /// 90.00000000000001°, past a pole": s·cos θ/R rounded past 90°. A line solved from its ends gives those ends back.
    @Test("a rhumb line solved to a point next to a pole gives that point back as its end")
    func rhumbEndNextToThePole() throws {
        let start = geo(0, 0)
        let end = geo(89.99999999999999, 0)
        let line = try RhumbLine(from: start, to: end, on: .earth)
        #expect(thrown(try line.end) == nil)
        #expect(try line.end == end)
        #expect(try line.point(atDistance: line.distance) == end)
    }

    /// Near-pole ends at both poles and every heading, on a fixed seed: ends 1 to 2⁴⁰ ulps short of ±90° (and
    /// starts there too), any longitudes. Every line is either refused with a typed error when built, or its `end`
    /// is exactly the end given and every point from 0 to the distance lies between the two ends' latitudes,
    /// strictly inside the poles.
    @Test(
        "near-pole rhumb lines: the end is the point given, points along never pass the pole",
        arguments: [Body.earth, Body.mars])
    func nearPoleRhumbLines(body: Body) throws {
        var rng = SplitMix64(seed: 0x9013_E5 ^ UInt64(body.radius))
        var built = 0
        for i in 0..<4000 {
            let pole: Double = i % 2 == 0 ? 90 : -90
            // 90 − k·2⁻⁴⁶ (2⁻⁴⁶ is the spacing of the Doubles just below 90), k = 1 … 2⁴⁰: up to 1/64° short.
            let k = Double(1 << Int(rng.uniform(0, 41)))
            let nearPole = (pole > 0 ? 1 : -1) * (90 - k * 0x1p-46)
            let other = rng.uniform(-89.9, 89.9)
            let near = geo(nearPole, rng.uniform(-180, 180))
            let far = geo(other, rng.uniform(-180, 180))
            // Towards the pole (the fuzzer's case), away from it, and along it (both ends near the pole).
            let pairs = [(far, near), (near, far), (near, geo(nearPole, rng.uniform(-180, 180)))]
            for (a, b) in pairs {
                let line: RhumbLine
                do { line = try RhumbLine(from: a, to: b, on: body) } catch { continue }
                built += 1
                #expect(thrown(try line.end) == nil, "\(a) → \(b)")
                let end = try line.end
                #expect(end == b, "\(a) → \(b)")
                let low = min(a.latitude, b.latitude)
                let high = max(a.latitude, b.latitude)
                for fraction in [0.0, 0.25, 0.5, 0.999, 0.999_999_999_999, 1] {
                    let s = line.distance * fraction
                    #expect(thrown(try line.point(atDistance: s)) == nil, "\(a) → \(b) at \(fraction)")
                    let point = try line.point(atDistance: s)
                    #expect(point.latitude >= low && point.latitude <= high, "\(a) → \(b) at \(fraction)")
                }
            }
        }
        #expect(built >= 11_000)
    }

    /// The direct problem is unchanged: a line given by heading and distance that passes a pole still throws from
    /// `end`, naming the latitude it would reach.
    @Test("a line given by heading and distance past a pole still throws passesPole")
    func directLinesPastThePoleStillThrow() throws {
        let line = try RhumbLine(from: geo(89, 0), heading: 0, distance: 1_000_000, on: .earth)
        guard case .passesPole? = thrown(try line.end) else {
            Issue.record("expected passesPole")
            return
        }
    }

    // MARK: Maps of no height

    /// `MapImage(width: 2048, latitudeLimit: 5e-324)` was accepted with height 0. A limit whose height falls under
    /// ``MapImage/minimumHeight`` (2⁻⁹⁰⁰ px) is refused, and the message names the width (as an integer) and the
    /// smallest valid limit for it.
    @Test("a latitude limit too small for any height is refused, naming the smallest valid limit")
    func mapOfNoHeight() throws {
        let error = thrown(try MapImage(width: 2048, latitudeLimit: .leastNonzeroMagnitude))
        guard case .outOfRange(let field, let value, let range)? = error else {
            Issue.record("expected outOfRange, got \(String(describing: error))")
            return
        }
        let smallest = MapImage.smallestLatitudeLimit(width: 2048)
        #expect(value == .leastNonzeroMagnitude)
        #expect(range.lowerBound == smallest)
        #expect(field.contains("2048 px") && !field.contains("2048.0"))
        expectDescription(of: error, mentions: ["Map latitude limit", "5e-324", "\(smallest)", "2⁻⁹⁰⁰"])
        // About 180·2⁻⁹⁰⁰/2048 degrees; a map of that limit is valid and at least 2⁻⁹⁰⁰ px high, one of the next
        // smaller Double is not.
        #expect(abs(smallest / (180 * 0x1p-900 / 2048) - 1) < 1e-12)
        let map = try MapImage(width: 2048, latitudeLimit: smallest)
        #expect(map.height >= MapImage.minimumHeight && map.height > 0)
        #expect(thrown(try MapImage(width: 2048, latitudeLimit: smallest.nextDown)) != nil)
    }

    /// Every width, from 1 px to 2⁵³ px: the smallest valid limit is valid, the Double below it is not, and the
    /// limits the existing maps use (a 1-px map of ±60°, 0.42 px high; a 512-px map of ±10⁻⁷°) stay valid.
    @Test("the smallest valid limit is exact for every width, and sub-pixel maps stay valid")
    func smallestLimitForEveryWidth() throws {
        var rng = SplitMix64(seed: 0x3A9_4E1)
        var widths: [Double] = [1, 2, 3, 512, 2048, 3333.3, 0x1p53]
        for _ in 0..<200 { widths.append(min(0x1p53, exp2(rng.uniform(0, 53)).rounded())) }
        for width in widths {
            let smallest = MapImage.smallestLatitudeLimit(width: width)
            #expect(smallest > 0 && smallest < 1e-250, "width \(width)")
            #expect(try MapImage(width: width, latitudeLimit: smallest).height >= MapImage.minimumHeight)
            #expect(thrown(try MapImage(width: width, latitudeLimit: smallest.nextDown)) != nil, "width \(width)")
        }
        #expect(try MapImage(width: 1, latitudeLimit: 60).height < 1)
        #expect(try MapImage(width: 512, latitudeLimit: 1e-7).height > 0)
    }
}
