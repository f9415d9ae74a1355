/// How tiles are swapped when the aircraft crosses a split point.
public enum LoadPolicy: String, Sendable, Hashable, CaseIterable {
    /// Evict the tiles the next segment drops, then load the ones it adds (the flight pauses while they load):
    /// the resident peak is the largest working set.
    case pause
    /// Load the next segment's new tiles before evicting (no pause): the resident peak is the largest union of
    /// two neighbouring working sets, so segments are chosen to keep every such union within capacity — about
    /// twice as many segments as `pause`, each about half a window long (not always the fewest possible).
    case seamless
}

/// One part of a split route: the poses whose along-track position lies in ``range`` (the end segments also
/// own their U-turns), and every real tile they can show over the whole band.
public struct RouteSegment: Sendable, Hashable {
    /// Along-track positions covered, in pixels from P_A along u(θ).
    public let range: Interval
    /// The distinct real tiles visible from the segment's poses: what must be resident while it is flown.
    public let workingSet: TileSet
}

/// What to load and evict when the aircraft passes a split point.
public struct SplitCrossing: Sendable, Hashable {
    /// The split's along-track position.
    public let position: Double
    /// The segment being left and the one being entered.
    public let from: Int, to: Int
    /// Real tiles the entered segment adds (load these).
    public let load: TileSet
    /// Real tiles the entered segment drops (evict these); tiles both segments share stay resident.
    public let evict: TileSet
}

/// A memory plan for a flight (MODEL.md §5): the segments (for ``LoadPolicy/pause``, the fewest whose working sets
/// fit the capacity), and the loads and evictions at every split point crossed outbound and on the way back.
public struct BudgetPlan: Sendable, Hashable {
    /// The flight planned.
    public let flight: Flight
    /// Resident textures allowed.
    public let capacity: Int
    /// The texture format the capacity was counted in.
    public let format: TextureFormat
    /// The swap policy.
    public let policy: LoadPolicy
    /// The segments from A to B.
    public let segments: [RouteSegment]
    /// Crossings in flying order over one loop: outbound splits from A to B, then the return splits back to A.
    public let crossings: [SplitCrossing]

    /// Plans `flight` within `budget`, counting textures in `format` (by default the flight's grid at RGBA8,
    /// ``TextureFormat/init(grid:bytesPerPixel:)``).
    /// - Throws: ``StencilError/budgetTooSmall(budgetBytes:bytesPerTile:capacity:minimumTiles:)`` when no split fits,
    ///   naming the smallest budget that works; ``StencilError/leavesTerrain(rows:gridRows:latitudeReached:latitudeLimit:)``
    ///   as ``Stencil`` does.
    public init(
        flight: Flight, budget: MemoryBudget, format given: TextureFormat? = nil, policy: LoadPolicy = .pause,
        clipToTerrain: Bool = false
    ) throws(StencilError) {
        // The default format is the flight's grid at RGBA8 (T²·4 bytes a tile), never a fixed tile size.
        let format: TextureFormat
        if let given { format = given } else { format = try TextureFormat(grid: flight.grid) }
        let planner = try SegmentPlanner(flight: flight, clipToTerrain: clipToTerrain)
        let capacity = budget.capacity(for: format)
        guard let splits = planner.splits(capacity: capacity, policy: policy) else {
            let minimum = planner.minimumCapacity(policy: policy)
            throw .budgetTooSmall(
                budgetBytes: budget.bytes, bytesPerTile: format.bytesPerTile, capacity: capacity, minimumTiles: minimum)
        }
        self.flight = flight
        self.capacity = capacity
        self.format = format
        self.policy = policy
        let bounds = [0] + splits + [planner.legLength]
        let segments = (0..<(bounds.count - 1)).map { i in
            RouteSegment(
                range: Interval(bounds[i], bounds[i + 1]),
                workingSet: planner.workingSet(bounds[i], bounds[i + 1], first: i == 0, last: i == bounds.count - 2))
        }
        self.segments = segments
        splitPositions = splits
        let last = segments.count - 1
        let outbound = (0..<last).map { ($0, $0 + 1) }
        let inbound = (0..<last).reversed().map { ($0 + 1, $0) }
        var crossings: [SplitCrossing] = []
        for (from, to) in outbound + inbound {
            let a = segments[from].workingSet
            let b = segments[to].workingSet
            crossings.append(
                SplitCrossing(
                    position: bounds[Swift.max(from, to)], from: from, to: to, load: b.subtracting(a),
                    evict: a.subtracting(b)))
        }
        self.crossings = crossings
    }

    /// Number of segments.
    public var segmentCount: Int { segments.count }

    /// The along-track split positions, from A to B.
    public let splitPositions: [Double]

    /// The most textures resident at once under the policy.
    public var peakResidentTiles: Int {
        let single = segments.map(\.workingSet.count).max() ?? 0
        guard policy == .seamless else { return single }
        return crossings.map { segments[$0.from].workingSet.union(segments[$0.to].workingSet).count }.max() ?? single
    }

    /// Peak resident texture bytes (saturating at `Int.max` when the product does not fit in an `Int`).
    public var peakBytes: Int { format.bytes(forTiles: peakResidentTiles) }

    /// Textures loaded per loop once flying (the first segment's initial load not counted).
    public var loadsPerLoop: Int { crossings.reduce(0) { $0 + $1.load.count } }

    /// Textures loaded before take-off: the first segment's working set.
    public var initialLoads: Int { segments.first?.workingSet.count ?? 0 }

    /// The segment a pose is in: the end segments own their U-turns; on a leg, the segment holding the pose's
    /// along-track position (at a split point exactly, the one being entered in the direction of travel).
    public func segmentIndex(for pose: Pose) -> Int {
        switch pose.phase {
        case .turnAtStart: return 0
        case .turnAtEnd: return segments.count - 1
        case .outbound, .inbound:
            let s = FlightLoop(flight).alongTrackPosition(of: pose)
            // Splits are few and sorted; a linear scan allocates nothing.
            var index = 0
            if pose.phase == .outbound {
                while index < splitPositions.count && splitPositions[index] <= s { index += 1 }
            } else {
                while index < splitPositions.count && splitPositions[index] < s { index += 1 }
            }
            return index
        }
    }

    /// The real tiles that must be resident while flying `pose`: its segment's working set.
    public func residentTiles(for pose: Pose) -> TileSet { segments[segmentIndex(for: pose)].workingSet }
}
