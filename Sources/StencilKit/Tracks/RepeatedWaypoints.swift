import MercatorMath

extension Track {
    /// `waypoints` with repeated points dropped, for routes read from files (a GPX track often repeats a point):
    /// every waypoint at the same place as the last one kept is dropped, and for a ``TrackClosure/loop`` so are
    /// the last waypoints at W₀'s place (the closing leg would have no length).
    ///
    /// Two waypoints are at the same place when their latitudes are equal and their longitudes, normalised to
    /// [−180°, 180°) as `GeoCoordinate.longitude` is, are equal (so ±180° at one latitude is one place). Distinct
    /// points so close that they fall on one pixel of the grid are kept, and
    /// ``Track/init(waypoints:on:screen:legs:turnRadius:closure:tolerance:lateralBand:)`` still refuses them with
    /// ``StencilError/coincidentWaypoints(first:second:latitude:longitude:)``, naming both; its indices then count
    /// the waypoints kept.
    /// - Parameters:
    ///   - waypoints: W₀…Wₙ as read.
    ///   - closure: how the route closes; only ``TrackClosure/loop`` drops a tail at W₀'s place.
    /// - Returns: the waypoints kept, in order, and the indices in `waypoints` of those dropped, ascending (its
    ///   count is how many were dropped).
    /// - Complexity: O(n).
    public static func droppingRepeatedWaypoints(_ waypoints: [GeoCoordinate], closure: TrackClosure = .oneWay)
        -> (waypoints: [GeoCoordinate], dropped: [Int])
    {
        func samePlace(_ a: GeoCoordinate, _ b: GeoCoordinate) -> Bool {
            a.latitude == b.latitude && a.longitude == b.longitude
        }
        var kept: [GeoCoordinate] = []
        var keptIndices: [Int] = []
        kept.reserveCapacity(waypoints.count)
        var dropped: [Int] = []
        for (index, waypoint) in waypoints.enumerated() {
            if let last = kept.last, samePlace(last, waypoint) {
                dropped.append(index)
            } else {
                kept.append(waypoint)
                keptIndices.append(index)
            }
        }
        if closure == .loop {
            var tail: [Int] = []
            while kept.count > 1, samePlace(kept[kept.count - 1], kept[0]) {
                kept.removeLast()
                tail.append(keptIndices.removeLast())
            }
            dropped += tail.reversed()
            dropped.sort()
        }
        return (kept, dropped)
    }
}
