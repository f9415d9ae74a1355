import MercatorMath

extension PerspectiveCamera {
    /// The least distance ahead of e over tile ∩ footprint (δ is increasing in it, so it orders by least depth): the
    /// tile square, in the camera's (s, l) frame (s ahead of e, l right), clipped to the trapezoid
    /// s₀ ≤ s ≤ s₁, |l| ≤ w₀ + (s − s₀)·k (Sutherland–Hodgman, at most 8 vertices), its least s. A tile the rounding
    /// clips to nothing (it meets the footprint by no more than the tolerance) takes its nearest corner's s, at
    /// least s₀.
    /// - Complexity: O(1), no allocation.
    func leastDistanceAhead(of tile: PitchedTile) -> Double {
        let k = sideSlope
        var count = 4
        var xs: (Double, Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0, 0)
        var ys = xs
        let corners = tile.corners
        var nearestCorner = Double.infinity
        withUnsafeMutableBytes(of: &xs) { sBytes in
            withUnsafeMutableBytes(of: &ys) { lBytes in
                let s = sBytes.bindMemory(to: Double.self)
                let l = lBytes.bindMemory(to: Double.self)
                for i in 0..<4 {
                    let v = corners[i] - eye
                    s[i] = v.dot(ahead)
                    l[i] = v.dot(right)
                    nearestCorner = min(nearestCorner, s[i])
                }
                // Half-planes a·s + b·l + c ≥ 0: s ≥ s₀, s ≤ s₁, w₀ + (s − s₀)k − l ≥ 0, w₀ + (s − s₀)k + l ≥ 0.
                let side = nearHalfWidth - nearDistance * k
                var outS: (Double, Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0, 0)
                var outL = outS
                withUnsafeMutableBytes(of: &outS) { osBytes in
                    withUnsafeMutableBytes(of: &outL) { olBytes in
                        let os = osBytes.bindMemory(to: Double.self)
                        let ol = olBytes.bindMemory(to: Double.self)
                        for plane in 0..<4 where count > 0 {
                            let (a, b, c): (Double, Double, Double) =
                                switch plane {
                                case 0: (1, 0, -nearDistance)
                                case 1: (-1, 0, farDistance)
                                case 2: (k, -1, side)
                                default: (k, 1, side)
                                }
                            var m = 0
                            for i in 0..<count {
                                let j = (i + 1) % count
                                let fi = a * s[i] + b * l[i] + c
                                let fj = a * s[j] + b * l[j] + c
                                if fi >= 0, m < 8 {
                                    os[m] = s[i]
                                    ol[m] = l[i]
                                    m += 1
                                }
                                if (fi >= 0) != (fj >= 0), m < 8 {
                                    let t = fi / (fi - fj)
                                    os[m] = s[i] + t * (s[j] - s[i])
                                    ol[m] = l[i] + t * (l[j] - l[i])
                                    m += 1
                                }
                            }
                            for i in 0..<m {
                                s[i] = os[i]
                                l[i] = ol[i]
                            }
                            count = m
                        }
                    }
                }
                var least = Double.infinity
                for i in 0..<count { least = min(least, s[i]) }
                nearestCorner = count > 0 ? least : max(nearestCorner, nearDistance)
            }
        }
        return nearestCorner
    }

    /// Sorts `cover`'s tiles by least distance ahead, then level, then row-major, in place (insertion sort up to 32
    /// tiles, heap sort beyond; the standard library's sort allocates). At pitch 0 every depth is H (the distance
    /// ahead of e no longer measures depth), so every key is 0 and the order is level, then row-major.
    func sortNearestFirst(_ cover: inout PitchedCover) {
        cover.keyed.removeAll(keepingCapacity: true)
        for tile in cover.storage[..<cover.count] {
            cover.keyed.append((pitch > 0 ? leastDistanceAhead(of: tile) : 0, tile))
        }
        InPlaceSort.sort(&cover.keyed) { x, y in
            if x.key != y.key { return x.key < y.key }
            if x.tile.level != y.tile.level { return x.tile.level < y.tile.level }
            return x.tile.tile.y != y.tile.tile.y ? x.tile.tile.y < y.tile.tile.y : x.tile.tile.x < y.tile.tile.x
        }
        for i in cover.keyed.indices { cover.storage[i] = cover.keyed[i].tile }
    }
}

/// An in-place sort that does not allocate: insertion sort up to ``NearestFirstSort/insertionLimit`` elements,
/// ``HeapSort`` beyond (not stable; give a total order).
enum InPlaceSort {
    static func sort<T>(_ array: inout [T], by less: (T, T) -> Bool) {
        let n = array.count
        guard n > 1 else { return }
        array.withUnsafeMutableBufferPointer { a in
            guard n <= NearestFirstSort.insertionLimit else {
                HeapSort.sort(a, by: less)
                return
            }
            for i in 1..<n {
                let x = a[i]
                var j = i
                while j > 0, less(x, a[j - 1]) {
                    a[j] = a[j - 1]
                    j -= 1
                }
                a[j] = x
            }
        }
    }
}
