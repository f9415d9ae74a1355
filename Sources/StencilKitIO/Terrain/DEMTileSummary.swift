/// What the bounds of a DEM need of one present tile of S × S samples: the least and largest elevation of all its
/// samples, of each edge (its first and last column and row), and its four corner samples.
struct DEMTileSummary: Sendable {
    /// All S² samples.
    var all: (lo: Double, hi: Double)
    /// Column 0 (west), column S − 1 (east), row 0 (north), row S − 1 (south).
    var west, east, north, south: (lo: Double, hi: Double)
    /// Samples (0, 0), (S − 1, 0), (0, S − 1), (S − 1, S − 1).
    var northWest, northEast, southWest, southEast: Double

    /// The summary of an S × S image of `channels` bytes a pixel, R, G, B first (`pixels.count == channels·S²`,
    /// S ≥ 1), decoded with `encoding`.
    /// - Complexity: O(S²), on the 24-bit codes (both encodings increase with the code).
    init(pixels: UnsafeBufferPointer<UInt8>, size s: Int, channels: Int, encoding: ElevationEncoding) {
        @inline(__always) func code(_ p: Int) -> UInt32 {
            let o = channels * p
            return UInt32(pixels[o]) << 16 | UInt32(pixels[o + 1]) << 8 | UInt32(pixels[o + 2])
        }
        func span(_ start: Int, _ step: Int, _ count: Int) -> (lo: Double, hi: Double) {
            var lo = UInt32.max
            var hi = UInt32.min
            var p = start
            for _ in 0..<count {
                let c = code(p)
                lo = min(lo, c)
                hi = max(hi, c)
                p += step
            }
            return (encoding.elevation(code: lo), encoding.elevation(code: hi))
        }
        all = span(0, 1, s * s)
        west = span(0, s, s)
        east = span(s - 1, s, s)
        north = span(0, 1, s)
        south = span(s * (s - 1), 1, s)
        northWest = encoding.elevation(code: code(0))
        northEast = encoding.elevation(code: code(s - 1))
        southWest = encoding.elevation(code: code(s * (s - 1)))
        southEast = encoding.elevation(code: code(s * s - 1))
    }
}
