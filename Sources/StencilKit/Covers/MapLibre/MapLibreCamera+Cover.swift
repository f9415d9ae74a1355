import Foundation
import MercatorMath

extension MapLibreCamera {
    /// The most tiles one cover may hold, ``FootprintLimits/maximumTilesPerFrame`` = 2²⁰: past it a cover is
    /// refused before it takes more memory.
    public static var maximumCoverTiles: Int { FootprintLimits.maximumTilesPerFrame }

    /// Fills `cover` with the tiles MapLibre GL JS 5.14 requests for this camera and source (see ``MapLibreCamera``),
    /// in MapLibre's order.
    ///
    /// How (maplibre-gl-js 5.14.0 `coveringTiles`): a depth-first descent from the roots of the worlds −3…3 (pushed
    /// −1, 1, −2, 2, −3, 3, then 0; children pushed in the order (2x, 2y), (2x+1, 2y), (2x, 2y+1), (2x+1, 2y+1)).
    /// A tile whose square lies wholly outside a frustum plane or the frustum's box is dropped, one wholly inside
    /// every plane passes its descendants untested; a tile at or past its wanted level min(ℓ, maxzoom) is kept
    /// (unless below minzoom), any other is split. The kept tiles are then sorted, stably, by
    /// (c_x − ½ − x)² + (c_y − ½ − y)² with c the centre in tiles of the nominal level min(c, maxzoom).
    /// - Throws: ``StencilError/tooLarge(what:value:limit:advice:)`` once the cover passes ``maximumCoverTiles``.
    /// - Complexity: O(tiles visited), no allocation once `cover` has grown; plus O(tiles · log tiles) for the sort.
    public func cover(into cover: inout MapLibreCover) throws(StencilError) {
        let s = setup
        cover.count = 0
        cover.stack.removeAll(keepingCapacity: true)
        cover.keys.removeAll(keepingCapacity: true)
        for i in 1...3 {
            cover.stack.append(MapLibreCandidate(level: 0, x: 0, y: 0, wrap: -i, fullyVisible: false))
            cover.stack.append(MapLibreCandidate(level: 0, x: 0, y: 0, wrap: i, fullyVisible: false))
        }
        cover.stack.append(MapLibreCandidate(level: 0, x: 0, y: 0, wrap: 0, fullyVisible: false))
        let nominalTiles = Double(1 << s.nominalLevel)
        let centerPoint = s.center * nominalTiles
        while let it = cover.stack.popLast() {
            let tiles = Double(1 << it.level)
            let lower = SIMD2(Double(it.wrap) + Double(it.x) / tiles, Double(it.y) / tiles)
            let upper = SIMD2(Double(it.wrap) + Double(it.x + 1) / tiles, Double(it.y + 1) / tiles)
            var fullyVisible = it.fullyVisible
            if !fullyVisible {
                guard let full = s.visibility(lower: lower, upper: upper) else { continue }
                fullyVisible = full
            }
            var wanted = Double(s.desiredLevel)
            if s.variableLevels {
                let nearest = SIMD2(
                    max(min(upper.x, s.camera.x), lower.x) - s.camera.x,
                    max(min(upper.y, s.camera.y), lower.y) - s.camera.y)
                wanted = s.wantedLevel(groundDistance: hypot(nearest.x, nearest.y))
            }
            wanted = max(0, s.rounds ? MapLibreMercator.round(wanted) : wanted.rounded(.down))
            let wantedLevel = wanted >= Double(Int.max / 2) ? Int.max / 2 : Int(wanted)
            let level = min(wantedLevel, s.maxLevel)
            if it.level >= level {
                if it.level < s.minLevel { continue }
                guard cover.count < Self.maximumCoverTiles else {
                    throw .tooLarge(
                        what: "Tiles of the MapLibre camera's cover", value: Double(cover.count + 1),
                        limit: Double(Self.maximumCoverTiles),
                        advice: "use a smaller canvas, a lower pitch or a narrower field of view")
                }
                let overscaled = s.reportsOverscaled ? max(it.level, wantedLevel) : it.level
                let tile = MapLibreTile(
                    tile: UnwrappedTileID(unchecked: it.level, it.wrap << it.level + it.x, it.y),
                    overscaledLevel: it.level == s.maxLevel ? overscaled : it.level)
                let dx = centerPoint.x - 0.5 - Double(it.x)
                let dy = centerPoint.y - 0.5 - Double(it.y)
                cover.keys.append((dx * dx + dy * dy, cover.count, tile))
                cover.count += 1
                continue
            }
            for i in 0..<4 {
                cover.stack.append(
                    MapLibreCandidate(
                        level: it.level + 1, x: it.x << 1 + i % 2, y: it.y << 1 + i >> 1, wrap: it.wrap,
                        fullyVisible: fullyVisible))
            }
        }
        // A stable sort by distance: ties keep the order found.
        InPlaceSort.sort(&cover.keys) { a, b in
            a.distance < b.distance || (a.distance == b.distance && a.index < b.index)
        }
        for k in 0..<cover.count {
            if k < cover.storage.count {
                cover.storage[k] = cover.keys[k].tile
            } else {
                cover.storage.append(cover.keys[k].tile)
            }
        }
    }

    /// The cover in a new array (see ``cover(into:)``); allocates, so a render loop keeps a ``MapLibreCover``.
    /// - Throws: as ``cover(into:)``.
    public func cover() throws(StencilError) -> [MapLibreTile] {
        var buffer = MapLibreCover()
        try cover(into: &buffer)
        return Array(buffer.tiles)
    }
}

extension MapLibreCoverSetup {
    /// MapLibre's `Aabb.intersectsFrustum` on a flat tile square: nil when it lies wholly outside a plane or the
    /// frustum's box, true when wholly inside every plane, false when it meets the frustum's boundary.
    /// - Complexity: O(1), six planes.
    func visibility(lower: SIMD2<Double>, upper: SIMD2<Double>) -> Bool? {
        // Each plane: 1 wholly inside, 0 across, −1 wholly outside (`Aabb.intersectsPlane`, z = 0).
        func side(_ plane: SIMD3<Double>) -> Int {
            var distMin = plane.z
            var distMax = plane.z
            if plane.x > 0 {
                distMin += plane.x * lower.x
                distMax += plane.x * upper.x
            } else {
                distMax += plane.x * lower.x
                distMin += plane.x * upper.x
            }
            if plane.y > 0 {
                distMin += plane.y * lower.y
                distMax += plane.y * upper.y
            } else {
                distMax += plane.y * lower.y
                distMin += plane.y * upper.y
            }
            if distMin >= 0 { return 1 }
            return distMax < 0 ? -1 : 0
        }
        let sides = (
            side(planes.near), side(planes.far), side(planes.left), side(planes.right), side(planes.bottom),
            side(planes.top)
        )
        if sides.0 < 0 || sides.1 < 0 || sides.2 < 0 || sides.3 < 0 || sides.4 < 0 || sides.5 < 0 { return nil }
        let fullyInside = sides.0 + sides.1 + sides.2 + sides.3 + sides.4 + sides.5 == 6
        if fullyInside { return true }
        if boxMin.x > upper.x || boxMin.y > upper.y || !boxMeetsGround || boxMax.x < lower.x || boxMax.y < lower.y {
            return nil
        }
        return false
    }
}
