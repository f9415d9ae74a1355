// The cheapest exact shortcut of one box decision, alone: a box's eight corners (four at its top drop, four at its
// bottom drop; SIMD4 over the corners) against the four planes of a view volume, and the least depth of its top
// corners, for 332 boxes (as many as the Alps frame of stencil-bench decides). No walk, no bounds, no output.
// Usage: corners. Build it with and without `-Xswiftc -target-cpu -Xswiftc haswell` (AVX2 and FMA).

struct Plane {
    var a, b, d, c: Double
    @inline(__always)
    func values(_ x: SIMD4<Double>, _ y: SIMD4<Double>, _ z: Double) -> SIMD4<Double> { a * x + b * y + d * z + c }
}

typealias Box = (x: Double, y: Double, low: Double, high: Double)

@inline(never)
func decide(_ boxes: [Box], _ p0: Plane, _ p1: Plane, _ p2: Plane, _ p3: Plane) -> Int {
    let (ux, uy, eyeHeight, side) = (0.6, 0.8, 500.0, 64.0)
    var n = 0
    for box in boxes {
        let xs = SIMD4<Double>(box.x, box.x + side, box.x + side, box.x)
        let ys = SIMD4<Double>(box.y, box.y, box.y + side, box.y + side)
        let a = xs * ux + ys * uy
        let b = ys * ux - xs * uy
        let (top, bottom) = (eyeHeight - box.high, eyeHeight - box.low)
        let inTop =
            (p0.values(a, b, top) .>= 0) .& (p1.values(a, b, top) .>= 0) .& (p2.values(a, b, top) .>= 0)
            .& (p3.values(a, b, top) .>= 0)
        let inBottom =
            (p0.values(a, b, bottom) .>= 0) .& (p1.values(a, b, bottom) .>= 0) .& (p2.values(a, b, bottom) .>= 0)
            .& (p3.values(a, b, bottom) .>= 0)
        let depth = (a * 0.96).min() + top * 0.26
        n &+= (any(inTop .| inBottom) ? 1 : 0) &+ (all(inTop .& inBottom) ? 2 : 0) &+ (depth < 300 ? 4 : 0)
    }
    return n
}

/// The same decision with scalar arithmetic: the corners one by one, a corner's planes stopping at the first it is
/// outside of (the first corner inside answers "meets"; all eight inside answers "whole box inside").
@inline(never)
func decideScalar(_ boxes: [Box], _ p0: Plane, _ p1: Plane, _ p2: Plane, _ p3: Plane) -> Int {
    let (ux, uy, eyeHeight, side) = (0.6, 0.8, 500.0, 64.0)
    @inline(__always)
    func inside(_ a: Double, _ b: Double, _ d: Double) -> Bool {
        p0.a * a + p0.b * b + p0.d * d + p0.c >= 0 && p1.a * a + p1.b * b + p1.d * d + p1.c >= 0
            && p2.a * a + p2.b * b + p2.d * d + p2.c >= 0 && p3.a * a + p3.b * b + p3.d * d + p3.c >= 0
    }
    var n = 0
    for box in boxes {
        let (top, bottom) = (eyeHeight - box.high, eyeHeight - box.low)
        var any = false
        var all = true
        var least = Double.infinity
        for k in 0..<4 {
            let x = k == 1 || k == 2 ? box.x + side : box.x
            let y = k >= 2 ? box.y + side : box.y
            let a = x * ux + y * uy
            let b = y * ux - x * uy
            least = min(least, a)
            let t = inside(a, b, top)
            let u = inside(a, b, bottom)
            any = any || t || u
            all = all && t && u
        }
        let depth = least * 0.96 + top * 0.26
        n &+= (any ? 1 : 0) &+ (all ? 2 : 0) &+ (depth < 300 ? 4 : 0)
    }
    return n
}

/// A linear congruential generator on a fixed seed (the same boxes every run).
struct Generator {
    var state: UInt64 = 12345
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}
var generator = Generator()
var boxes: [Box] = []
for _ in 0..<332 {
    boxes.append(
        (generator.next() * 2000 - 1000, generator.next() * 2000, generator.next() * 100, 100 + generator.next() * 200))
}
boxes.sort { $0.x < $1.x }
let planes = (
    Plane(a: 1, b: 0, d: -0.88, c: 0), Plane(a: -1, b: 0, d: 4.9, c: 0), Plane(a: 0.43, b: -1, d: 0.11, c: 0),
    Plane(a: 0.43, b: 1, d: 0.11, c: 0)
)
let clock = ContinuousClock()
for (name, body) in [("SIMD4", decide), ("scalar", decideScalar)] {
    var sum = 0
    for _ in 0..<10_000 { sum &+= body(boxes, planes.0, planes.1, planes.2, planes.3) }
    let start = clock.now
    let frames = 200_000
    for _ in 0..<frames { sum &+= body(boxes, planes.0, planes.1, planes.2, planes.3) }
    let perFrame = (clock.now - start) / frames
    let seconds = Double(perFrame.components.attoseconds) * 1e-18
    print("\(name): 332 boxes in \(seconds * 1e6) µs a frame, \(seconds / 332 * 1e9) ns a box (checksum \(sum))")
}
