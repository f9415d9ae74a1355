/// A convex polygon of at most 8 vertices in the camera's frame (a, b, d), on the stack: a face of a box clipped by
/// the four planes of a view volume (4 vertices, at most one more per plane). Vertex i is stored at 3i, 3i + 1,
/// 3i + 2 of a tuple of 24 `Double`s, read and written through one pointer (no heap, no SIMD lane shuffles).
struct ClipPolygon {
    typealias Storage = (
        Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
        Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double
    )
    var storage: Storage = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0

    @inline(__always)
    mutating func append(_ x: Double, _ y: Double, _ z: Double) {
        let i = 3 * count
        withUnsafeMutableBytes(of: &storage) { raw in
            let p = raw.baseAddress!.assumingMemoryBound(to: Double.self)
            p[i] = x
            p[i + 1] = y
            p[i + 2] = z
        }
        count += 1
    }

    /// The a (ahead) coordinate of vertex i.
    @inline(__always)
    func a(_ i: Int) -> Double {
        withUnsafeBytes(of: storage) { $0.baseAddress!.assumingMemoryBound(to: Double.self)[3 * i] }
    }

    /// One Sutherland–Hodgman pass: the part of the polygon `s` (n vertices) where `plane` ≥ 0 written to `o`; a
    /// vertex on the plane is kept, a crossing edge gives the point where the plane's value interpolates to 0.
    /// Returns the vertex count written, or −1 when every vertex is inside (nothing written: keep `s`).
    @inline(__always)
    static func pass(_ s: UnsafePointer<Double>, _ n: Int, _ o: UnsafeMutablePointer<Double>, _ plane: VolumePlane)
        -> Int
    {
        var inside = 0
        for i in 0..<n where plane.value(s[3 * i], s[3 * i + 1], s[3 * i + 2]) >= 0 { inside += 1 }
        if inside == n { return -1 }
        if inside == 0 { return 0 }
        var m = 0
        var fi = plane.value(s[0], s[1], s[2])
        for i in 0..<n {
            let j = i + 1 == n ? 0 : i + 1
            let fj = plane.value(s[3 * j], s[3 * j + 1], s[3 * j + 2])
            if fi >= 0, m < 8 {
                o[3 * m] = s[3 * i]
                o[3 * m + 1] = s[3 * i + 1]
                o[3 * m + 2] = s[3 * i + 2]
                m += 1
            }
            if (fi >= 0) != (fj >= 0), m < 8 {
                let t = fi / (fi - fj)
                for c in 0..<3 { o[3 * m + c] = s[3 * i + c] + t * (s[3 * j + c] - s[3 * i + c]) }
                m += 1
            }
            fi = fj
        }
        return m
    }

    /// The polygon's part where `plane` ≥ 0.
    @inline(__always)
    mutating func clip(by plane: VolumePlane) {
        clip(by: (plane, plane, plane, plane))
    }

    /// Clipped by all four planes: passes alternate between the polygon's storage and a scratch tuple, and a pass
    /// with every vertex inside writes nothing. Returns whether any plane cut the polygon (false: it is unchanged).
    @inline(__always)
    @discardableResult
    mutating func clip(by planes: (VolumePlane, VolumePlane, VolumePlane, VolumePlane)) -> Bool {
        guard count > 0 else { return false }
        var cut = false
        var scratch = storage
        var n = count
        var inScratch = false
        withUnsafeMutableBytes(of: &storage) { mainRaw in
            withUnsafeMutableBytes(of: &scratch) { scratchRaw in
                let main = mainRaw.baseAddress!.assumingMemoryBound(to: Double.self)
                let other = scratchRaw.baseAddress!.assumingMemoryBound(to: Double.self)
                for k in 0..<4 where n > 0 {
                    let plane = k == 0 ? planes.0 : k == 1 ? planes.1 : k == 2 ? planes.2 : planes.3
                    let m = inScratch ? Self.pass(other, n, main, plane) : Self.pass(main, n, other, plane)
                    if m >= 0 {
                        n = m
                        inScratch.toggle()
                        cut = true
                    }
                }
                if inScratch && n > 0 { main.update(from: other, count: 3 * n) }
            }
        }
        count = n
        return cut
    }

    /// The least of sin p·a + cos p·d over the vertices (+∞ when empty).
    @inline(__always)
    func leastDepth(sinPitch s: Double, cosPitch c: Double) -> Double {
        var least = Double.infinity
        let n = count
        withUnsafeBytes(of: storage) { raw in
            let p = raw.baseAddress!.assumingMemoryBound(to: Double.self)
            for i in 0..<n { least = min(least, s * p[3 * i] + c * p[3 * i + 2]) }
        }
        return least
    }

    /// The least a over the vertices (+∞ when empty).
    @inline(__always)
    func leastAhead() -> Double {
        var least = Double.infinity
        let n = count
        withUnsafeBytes(of: storage) { raw in
            let p = raw.baseAddress!.assumingMemoryBound(to: Double.self)
            for i in 0..<n { least = min(least, p[3 * i]) }
        }
        return least
    }
}
