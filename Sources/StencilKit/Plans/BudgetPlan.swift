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

/// One part of a split route: the poses whose plan position (``PlanMeasure``) lies in ``range``, and every real
/// tile they can show over the whole band.
public struct RouteSegment: Sendable, Hashable {
    /// Plan positions covered (on a racetrack, pixels from P_A along u(θ), covering both legs; on any other track,
    /// arc length from the track's start). On a loop the segment holding the take-off point may run through it: its
    /// range then starts below 0 (at its split minus the lap's length).
    public let range: Interval
    /// The distinct real tiles visible from the segment's poses: what must be resident while it is flown.
    public let workingSet: TileSet
}

/// What to load and evict when the aircraft passes a split point.
public struct SplitCrossing: Sendable, Hashable {
    /// The split's plan position.
    public let position: Double
    /// The segment being left and the one being entered.
    public let from: Int, to: Int
    /// Real tiles the entered segment adds (load these).
    public let load: TileSet
    /// Real tiles the entered segment drops (evict these); tiles both segments share stay resident.
    public let evict: TileSet
}

/// A memory plan for a track (the geometry model's *Stencil, culling and budget* and *Tracks* articles): the
/// segments (for ``LoadPolicy/pause``, the fewest whose working sets fit the capacity), and the loads and evictions
/// at every split point in flying order.
///
/// Split points are positions in the track's ``Track/planMeasure``: arc length on most tracks, the legs' projection
/// on u(θ) on a racetrack (whose crossings then run outbound from A to B and back). Crossings are listed in flying
/// order over one lap; on a loop the lap's end crosses from the last segment back to the first, or a segment runs
/// through the take-off point when that saves one (a loop's fewest segments are counted round the circle).
public struct BudgetPlan: Sendable, Hashable {
    /// The track planned.
    public let track: Track
    /// Resident textures allowed.
    public let capacity: Int
    /// The texture format the capacity was counted in.
    public let format: TextureFormat
    /// The swap policy.
    public let policy: LoadPolicy
    /// The segments in the order of their positions (the first holds position 0).
    public let segments: [RouteSegment]
    /// Crossings in flying order over one lap.
    public let crossings: [SplitCrossing]
    /// The split positions, ascending.
    public let splitPositions: [Double]

    /// The most segments a plan may have, 10,000: a budget that would need more (at least stencil tiles ÷
    /// capacity) is refused up front as too large, before any split is searched.
    public static let maximumSegments = 10_000

    /// Plans `track` within `budget`, counting textures in `format` (by default the track's grid at RGBA8).
    /// - Complexity: about O(splits · (pieces per segment + 60 · tiles of a piece)); a refused budget costs a
    ///   bisection over the capacity on top; a loop's search round the circle costs O(candidate starts · segments)
    ///   reaches more.
    /// - Throws: ``StencilError/budgetTooSmall(budgetBytes:bytesPerTile:capacity:minimumTiles:)`` when no split fits,
    /// naming the smallest budget that works;
    /// ``StencilError/leavesTerrain(rows:gridRows:latitudeReached:latitudeLimit:)``
    ///   as ``Stencil`` does; ``StencilError/tooLarge(what:value:limit:advice:)`` when the plan would need more than
    ///   ``maximumSegments`` segments.
    public init(
        track: Track, budget: MemoryBudget, format given: TextureFormat? = nil, policy: LoadPolicy = .pause,
        clipToTerrain: Bool = false
    ) throws(StencilError) {
        // The default format is the track's grid at RGBA8 (T²·4 bytes a tile), never a fixed tile size.
        let format: TextureFormat
        if let given { format = given } else { format = try TextureFormat(grid: track.grid) }
        let capacity = budget.capacity(for: format)
        let planner = try SegmentPlanner(track: track, clipToTerrain: clipToTerrain)
        // Segments cover every stencil tile and hold at most `capacity` each: refuse up front a plan that would need
        // more than maximumSegments (⌈tiles / capacity⌉, computed without overflow for any capacity).
        if capacity > 0 {
            let tiles = planner.stencilTiles
            let needed = tiles / capacity + (tiles % capacity == 0 ? 0 : 1)
            guard needed <= Self.maximumSegments else {
                throw .tooLarge(
                    what: "Plan segments (at least stencil tiles ÷ capacity)", value: Double(needed),
                    limit: Double(Self.maximumSegments),
                    advice: "raise the budget or use a coarser grid: a plan of that many swaps is not one to fly")
            }
        }
        guard var splits = planner.splits(capacity: capacity, policy: policy) else {
            throw .budgetTooSmall(
                budgetBytes: budget.bytes, bytesPerTile: format.bytesPerTile, capacity: capacity,
                minimumTiles: planner.minimumCapacity(policy: policy))
        }
        // On a loop, a plan round the circle may need a segment fewer: its first segment runs through take-off.
        var wraps = false
        if planner.isCircular, let pause = policy == .pause ? splits : planner.pauseSplits(capacity: capacity),
            let round = planner.circularPauseSplits(pause, capacity: capacity)
        {
            let better =
                policy == .pause
                ? round.splits
                : planner.circularSeamlessSplits(splits, start: round.start, capacity: capacity)
            if let better {
                wraps = better.first != 0
                splits = wraps ? better : Array(better.dropFirst())
            }
        }
        self.init(
            track: track, splits: splits, wraps: wraps, planner: planner, capacity: capacity, format: format,
            policy: policy)
    }

    /// The plan of given split positions (ascending, strictly inside (0, M)). Without `wraps` the segments are
    /// [0, p₁], …, [pₙ, M]; with it, on a circular measure, [pₙ − M, p₁], [p₁, p₂], …, [pₙ₋₁, pₙ].
    init(
        track: Track, splits: [Double], wraps: Bool = false, planner: SegmentPlanner, capacity: Int,
        format: TextureFormat, policy: LoadPolicy
    ) {
        self.track = track
        self.capacity = capacity
        self.format = format
        self.policy = policy
        let length = planner.length
        let bounds = wraps ? [splits[splits.count - 1] - length] + splits : [0] + splits + [length]
        let segments = (0..<(bounds.count - 1)).map { i in
            // The first segment of a wrapping plan is measured in the lap before: [pₙ, p₁ + M] there.
            let shift = wraps && i == 0 ? length : 0
            return RouteSegment(
                range: Interval(bounds[i], bounds[i + 1]),
                workingSet: planner.workingSet(bounds[i] + shift, bounds[i + 1] + shift))
        }
        self.segments = segments
        splitPositions = splits
        crossings = planner.crossings(splits, wraps: wraps).map {
            SplitCrossing(position: $0.position, from: $0.from, to: $0.to, segments: segments)
        }
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

    /// Textures loaded per lap once flying (the first segment's initial load not counted).
    public var loadsPerLoop: Int { crossings.reduce(0) { $0 + $1.load.count } }

    /// Textures loaded before take-off: the working set of the segment holding the take-off point.
    public var initialLoads: Int { segments.first?.workingSet.count ?? 0 }

    /// The segment a pose of the track is in: the one holding its plan position (at a split point exactly, the one
    /// being entered in the direction the pose walks its piece; a piece held whole is walked forward).
    /// - Complexity: O(log segments), no allocation.
    public func segmentIndex(for pose: TrackPose) -> Int {
        let (u, backward) = track.planMeasure.position(of: pose, in: track)
        let index = splitPositions.partitioningIndex { backward ? $0 >= u : $0 > u }
        return index % segments.count
    }

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
