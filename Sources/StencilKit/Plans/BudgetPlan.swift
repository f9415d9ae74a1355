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

/// One part of a split route: the poses whose along-track position lies in ``range`` (on a racetrack the end
/// segments also own their U-turns), and every real tile they can show over the whole band.
public struct RouteSegment: Sendable, Hashable {
    /// Along-track positions covered: on a racetrack, pixels from P_A along u(θ) (covering both legs); on any
    /// other track, arc length from the track's start.
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

/// A memory plan for a track (MODEL.md §5, §7): the segments (for ``LoadPolicy/pause``, the fewest whose working
/// sets fit the capacity), and the loads and evictions at every split point in flying order.
///
/// On a racetrack the split points are along-track positions projected on u(θ), shared by both legs: crossings run
/// outbound from A to B, then back. On any other track they are arc lengths: crossings run in flying order, and on a
/// loop the lap's end crosses from the last segment back to the first.
public struct BudgetPlan: Sendable, Hashable {
    /// The track planned.
    public let track: Track
    /// Resident textures allowed.
    public let capacity: Int
    /// The texture format the capacity was counted in.
    public let format: TextureFormat
    /// The swap policy.
    public let policy: LoadPolicy
    /// The segments in flying order (from A to B on a racetrack).
    public let segments: [RouteSegment]
    /// Crossings in flying order over one lap (on a racetrack: outbound splits from A to B, then the return
    /// splits back to A).
    public let crossings: [SplitCrossing]
    /// The split positions, in flying order (from A to B on a racetrack).
    public let splitPositions: [Double]

    /// The most segments a plan may have, 10,000: a budget that would need more (at least stencil tiles ÷
    /// capacity) is refused up front as too large, before any split is searched.
    public static let maximumSegments = 10_000

    /// The flight planned, for a racetrack.
    public var flight: Flight? { track.flight }

    /// Plans `flight` within `budget`: the plan of its racetrack, counting textures in `format` (by default the
    /// flight's grid at RGBA8, ``TextureFormat/init(grid:bytesPerPixel:)``).
    /// - Throws: ``StencilError/budgetTooSmall(budgetBytes:bytesPerTile:capacity:minimumTiles:)`` when no split fits,
    ///   naming the smallest budget that works; ``StencilError/leavesTerrain(rows:gridRows:latitudeReached:latitudeLimit:)``
    ///   as ``Stencil`` does.
    public init(
        flight: Flight, budget: MemoryBudget, format given: TextureFormat? = nil, policy: LoadPolicy = .pause,
        clipToTerrain: Bool = false
    ) throws(StencilError) {
        try self.init(
            track: Track(racetrack: flight), budget: budget, format: given, policy: policy,
            clipToTerrain: clipToTerrain)
    }

    /// Plans `track` within `budget`, counting textures in `format` (by default the track's grid at RGBA8).
    /// - Complexity: about O(splits · (pieces per segment + 60 · tiles of a piece)) for a track; a refused budget
    ///   costs a bisection over the capacity on top.
    /// - Throws: ``StencilError/budgetTooSmall(budgetBytes:bytesPerTile:capacity:minimumTiles:)`` when no split fits,
    ///   naming the smallest budget that works; ``StencilError/leavesTerrain(rows:gridRows:latitudeReached:latitudeLimit:)``
    ///   as ``Stencil`` does.
    public init(
        track: Track, budget: MemoryBudget, format given: TextureFormat? = nil, policy: LoadPolicy = .pause,
        clipToTerrain: Bool = false
    ) throws(StencilError) {
        // The default format is the track's grid at RGBA8 (T²·4 bytes a tile), never a fixed tile size.
        let format: TextureFormat
        if let given { format = given } else { format = try TextureFormat(grid: track.grid) }
        let capacity = budget.capacity(for: format)
        self.track = track
        self.capacity = capacity
        self.format = format
        self.policy = policy
        func refuse(_ minimum: Int) -> StencilError {
            .budgetTooSmall(
                budgetBytes: budget.bytes, bytesPerTile: format.bytesPerTile, capacity: capacity, minimumTiles: minimum)
        }
        var crossings: [SplitCrossing] = []
        let segments: [RouteSegment]
        let splits: [Double]
        // Segments cover every stencil tile and hold at most `capacity` each: refuse up front a plan that would need
        // more than maximumSegments.
        func requireFewSegments(tiles: Int) throws(StencilError) {
            guard capacity > 0 else { return }  // nothing fits: budgetTooSmall names the minimum
            let needed = (tiles + capacity - 1) / capacity
            guard needed <= Self.maximumSegments else {
                throw .tooLarge(
                    what: "Plan segments (at least stencil tiles ÷ capacity)", value: Double(needed),
                    limit: Double(Self.maximumSegments),
                    advice: "raise the budget or use a coarser grid: a plan of that many swaps is not one to fly")
            }
        }
        if let flight = track.flight {
            let planner = try SegmentPlanner(flight: flight, clipToTerrain: clipToTerrain)
            try requireFewSegments(tiles: planner.stencilTiles)
            guard let found = planner.splits(capacity: capacity, policy: policy) else {
                throw refuse(planner.minimumCapacity(policy: policy))
            }
            splits = found
            let bounds = [0] + splits + [planner.legLength]
            segments = (0..<(bounds.count - 1)).map { i in
                RouteSegment(
                    range: Interval(bounds[i], bounds[i + 1]),
                    workingSet: planner.workingSet(
                        bounds[i], bounds[i + 1], first: i == 0, last: i == bounds.count - 2))
            }
            let last = segments.count - 1
            let outbound = (0..<last).map { ($0, $0 + 1) }
            let inbound = (0..<last).reversed().map { ($0 + 1, $0) }
            for (from, to) in outbound + inbound {
                crossings.append(
                    SplitCrossing(
                        position: bounds[Swift.max(from, to)], from: from, to: to, segments: segments))
            }
        } else {
            let planner = try TrackSegmentPlanner(track: track, clipToTerrain: clipToTerrain)
            try requireFewSegments(tiles: planner.stencilTiles)
            guard let found = planner.splits(capacity: capacity, policy: policy) else {
                throw refuse(planner.minimumCapacity(policy: policy))
            }
            splits = found
            let bounds = [0] + splits + [planner.length]
            segments = (0..<(bounds.count - 1)).map { i in
                RouteSegment(
                    range: Interval(bounds[i], bounds[i + 1]), workingSet: planner.workingSet(bounds[i], bounds[i + 1]))
            }
            for i in 0..<(segments.count - 1) {
                crossings.append(SplitCrossing(position: bounds[i + 1], from: i, to: i + 1, segments: segments))
            }
            if track.closure == .loop && segments.count > 1 {
                crossings.append(
                    SplitCrossing(position: planner.length, from: segments.count - 1, to: 0, segments: segments))
            }
        }
        self.segments = segments
        self.crossings = crossings
        splitPositions = splits
    }

    /// Number of segments.
    public var segmentCount: Int { segments.count }

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

    /// The racetrack plan of given split positions (for tests comparing split rules), in the grid's RGBA8 format.
    init(track: Track, splits: [Double], planner: SegmentPlanner, capacity: Int) throws(StencilError) {
        self.track = track
        self.capacity = capacity
        format = try TextureFormat(grid: track.grid)
        policy = .pause
        let bounds = [0] + splits + [planner.legLength]
        let segments = (0..<(bounds.count - 1)).map { i in
            RouteSegment(
                range: Interval(bounds[i], bounds[i + 1]),
                workingSet: planner.workingSet(bounds[i], bounds[i + 1], first: i == 0, last: i == bounds.count - 2))
        }
        let last = segments.count - 1
        let pairs = (0..<last).map { ($0, $0 + 1) } + (0..<last).reversed().map { ($0 + 1, $0) }
        crossings = pairs.map {
            SplitCrossing(position: bounds[Swift.max($0.0, $0.1)], from: $0.0, to: $0.1, segments: segments)
        }
        self.segments = segments
        splitPositions = splits
    }

    /// The segment a racetrack pose is in: the end segments own their U-turns; on a leg, the segment holding the
    /// pose's along-track position (at a split point exactly, the one being entered in the direction of travel).
    /// For a plan of any other track, use ``segmentIndex(for:)-(TrackPose)``; a racetrack pose given to such a
    /// plan is placed by its arc length round the loop.
    public func segmentIndex(for pose: Pose) -> Int {
        guard let flight = track.flight else { return 0 }
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

    /// The segment a track pose is in: on a racetrack, as ``segmentIndex(for:)-(Pose)`` for the same pose;
    /// otherwise the segment holding its arc length (at a split point exactly, the one being entered).
    /// - Complexity: O(log segments), no allocation.
    public func segmentIndex(for pose: TrackPose) -> Int {
        if track.flight != nil {
            let phase = LoopPhase(rawValue: pose.piece) ?? .outbound
            return segmentIndex(
                for: Pose(phase: phase, parameter: pose.parameter, position: pose.position, heading: pose.heading))
        }
        var lo = 0
        var hi = splitPositions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if splitPositions[mid] <= pose.arcLength { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The real tiles that must be resident while flying `pose`: its segment's working set.
    public func residentTiles(for pose: Pose) -> TileSet { segments[segmentIndex(for: pose)].workingSet }

    /// The real tiles that must be resident while flying a track pose: its segment's working set.
    public func residentTiles(for pose: TrackPose) -> TileSet { segments[segmentIndex(for: pose)].workingSet }
}

extension SplitCrossing {
    /// The crossing from segment `from` to `to` at `position`, loading what `to` adds and evicting what it drops.
    init(position: Double, from: Int, to: Int, segments: [RouteSegment]) {
        let a = segments[from].workingSet
        let b = segments[to].workingSet
        self.init(position: position, from: from, to: to, load: b.subtracting(a), evict: a.subtracting(b))
    }
}
