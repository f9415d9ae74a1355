extension Needs {
    /// The fewest loads any policy needs to hold every frame's whole need with `capacity` resident tiles and no
    /// latency: the misses of Belady's MIN on the sequence N_0, N_1, … (the geometry model's *Streaming schedule*
    /// (§9)), the first load of every tile
    /// counted. A frame's need must be resident all at once, so a tile needed at frame k is never evicted to serve
    /// frame k; an eviction takes the resident tile whose next need is farthest away (see `FarthestNextUse` for
    /// why that is optimal). Every valid streaming schedule makes at least this many requests.
    ///
    /// Returns nil when some frame needs more than `capacity` tiles (no policy can hold it).
    /// - Complexity: O(runs · log runs): the rule acts only where runs start and end, never per frame and tile.
    public func beladyBound(capacity: Int) -> Int? {
        guard capacity >= 0 else { return nil }
        let n = runCount
        var start: [Double] = []
        var end: [Double] = []
        start.reserveCapacity(n)
        end.reserveCapacity(n)
        for i in 0..<n {
            start.append(Double(runFirst[i]))
            end.append(Double(runLast[i]))
        }
        return FarthestNextUse.run(
            tile: runTile, start: start, end: end, endOrder: FarthestNextUse.endOrder(lastFrames: runLast),
            tileCount: tiles.count,
            capacity: capacity, record: false
        ).misses
    }
}
