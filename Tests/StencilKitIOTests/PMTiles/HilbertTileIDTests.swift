import MercatorMath
import StencilKitIO
import TestSupport
import Testing

/// Hilbert order of level k built by the curve's recursive construction (an independent derivation, no bit
/// tricks): H₁ = (0,0), (0,1), (1,1), (1,0); H_{k+1} = H_k transposed, H_k shifted up by s, shifted by (s, s), then
/// H_k anti-transposed and shifted right by s (s = 2^k), so each quarter's end touches the next one's start.
private func hilbertOrder(level: Int) -> [(x: UInt64, y: UInt64)] {
    var curve: [(x: UInt64, y: UInt64)] = [(0, 0)]
    if level == 0 { return curve }
    curve = [(0, 0), (0, 1), (1, 1), (1, 0)]
    for k in 1..<level {
        let s = UInt64(1) << k
        var next: [(x: UInt64, y: UInt64)] = []
        next += curve.map { ($0.y, $0.x) }
        next += curve.map { ($0.x, $0.y + s) }
        next += curve.map { ($0.x + s, $0.y + s) }
        next += curve.map { (s - 1 - $0.y + s, s - 1 - $0.x) }
        curve = next
    }
    return curve
}

@Test func theSpecsExamples() throws {
    let examples: [(Int, UInt64, UInt64, UInt64)] = [
        (0, 0, 0, 0), (1, 0, 0, 1), (1, 0, 1, 2), (1, 1, 1, 3), (1, 1, 0, 4), (2, 0, 0, 5),
        (12, 3423, 1763, 19_078_479),
    ]
    for (z, x, y, id) in examples {
        let h = try HilbertTileID(level: z, x: x, y: y)
        #expect(h.rawValue == id)
        #expect(h.coordinates == (z, x, y))
    }
}

@Test func bothWaysAgainstTheRecursiveCurveUpToLevel8() throws {
    var first: UInt64 = 0
    for level in 0...8 {
        let curve = hilbertOrder(level: level)
        #expect(first == HilbertTileID.firstID(ofLevel: level))
        for (d, p) in curve.enumerated() {
            let id = try HilbertTileID(level: level, x: p.x, y: p.y)
            #expect(id.rawValue == first + UInt64(d), "level \(level) (\(p.x), \(p.y))")
            let back = id.coordinates
            #expect(back.level == level && back.x == p.x && back.y == p.y)
        }
        first += UInt64(curve.count)
    }
}

/// Deep levels: the curve's self-similarity. The tiles of level z + 1 inside tile t of level z have ids whose
/// in-level distances are 4·d(t) … 4·d(t) + 3, and the round trip holds at random tiles of every level to 31.
@Test func deepLevelsRoundTripAndNestChildrenUnderTheirParent() throws {
    var rng = SplitMix64(seed: 31)
    for level in 0...31 {
        for _ in 0..<200 {
            let n = UInt64(1) << level
            let x = rng.next() % n
            let y = rng.next() % n
            let id = try HilbertTileID(level: level, x: x, y: y)
            #expect(id.coordinates == (level, x, y))
            guard level < 31 else { continue }
            let d = id.rawValue - HilbertTileID.firstID(ofLevel: level)
            let child = try HilbertTileID(level: level + 1, x: 2 * x + rng.next() % 2, y: 2 * y + rng.next() % 2)
            #expect((child.rawValue - HilbertTileID.firstID(ofLevel: level + 1)) / 4 == d)
        }
    }
}

@Test func level31IsTheLastAndItsBoundariesAreExact() throws {
    let n = UInt64(1) << 31
    // The last id of level 31 is (4^32 − 1)/3 − 1; level 31's first is (4^31 − 1)/3.
    #expect(HilbertTileID.maximumRawValue == UInt64.max / 3 - 1)
    #expect(HilbertTileID.firstID(ofLevel: 31) == ((UInt64(1) << 62) - 1) / 3)
    #expect(try HilbertTileID(level: 31, x: 0, y: 0).rawValue == HilbertTileID.firstID(ofLevel: 31))
    // Level 31's curve ends at (n − 1, 0), like every level's.
    #expect(try HilbertTileID(level: 31, x: n - 1, y: 0).rawValue == HilbertTileID.maximumRawValue)
    #expect(try HilbertTileID(rawValue: HilbertTileID.maximumRawValue).coordinates == (31, n - 1, 0))
    #expect(throws: PMTilesError.tileIDTooLarge(HilbertTileID.maximumRawValue + 1)) {
        try HilbertTileID(rawValue: HilbertTileID.maximumRawValue + 1)
    }
    #expect(throws: PMTilesError.tileOutOfRange(level: 32, x: 0, y: 0)) { try HilbertTileID(level: 32, x: 0, y: 0) }
    #expect(throws: PMTilesError.tileOutOfRange(level: 3, x: 8, y: 0)) { try HilbertTileID(level: 3, x: 8, y: 0) }
    #expect(throws: PMTilesError.tileOutOfRange(level: -1, x: 0, y: 0)) { try HilbertTileID(level: -1, x: 0, y: 0) }
    // Level 31 has no TileID (TileID stops at 30); level 30 does.
    #expect(try HilbertTileID(level: 31, x: 5, y: 7).tileID == nil)
    #expect(try HilbertTileID(level: 30, x: 5, y: 7).tileID == TileID(level: 30, x: 5, y: 7))
}
