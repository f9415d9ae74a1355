import MercatorMath

/// What a streaming schedule (the geometry model's §9) keeps in texture memory over time: for every load, the tile, when it was requested,
/// when it completed and when it was evicted (nil: kept to the end), so a picture can ask what is loading and what
/// is resident at any time t.
///
/// A tile's k-th eviction ends its k-th load: a schedule never evicts a tile it has not requested, and never requests
/// a tile it holds. Times are seconds from take-off; the preload's requests are at −w (the take-off wait).
public struct Residency<Tile: StreamedTile>: Sendable {
    /// One slot held by one tile: from its request through its eviction.
    public struct Hold: Sendable, Hashable {
        /// The real tile.
        public let tile: Tile
        /// The request time: the slot is taken from here.
        public let request: Double
        /// The completion time: the texture can be drawn from here.
        public let completion: Double
        /// The eviction time, or nil when the tile stays to the end of the flight.
        public let eviction: Double?

        /// A hold of `tile` from `request` through `eviction` (nil: to the end), drawable from `completion`.
        public init(tile: Tile, request: Double, completion: Double, eviction: Double?) {
            self.tile = tile
            self.request = request
            self.completion = completion
            self.eviction = eviction
        }
    }

    /// What a hold is at one time.
    public enum State: Sendable, Hashable {
        /// Requested, not yet complete: t ∈ [request, completion).
        case loading
        /// Complete and not evicted: t ∈ [completion, eviction).
        case resident
    }

    /// The holds, in request order (ties in the order given).
    public let holds: [Hold]

    /// Pairs `requests` (tile, request time, completion time) with `evictions` (tile, time): each tile's k-th
    /// eviction, in time order, ends its k-th request.
    /// - Throws: ``ResidencyError`` when an eviction has no request before it, or a tile is requested again while
    ///   it holds a slot.
    /// - Complexity: O(n log n) for n requests and evictions.
    public init(
        requests: [(tile: Tile, time: Double, completion: Double)], evictions: [(tile: Tile, time: Double)]
    ) throws(ResidencyError<Tile>) {
        let orderedRequests = requests.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }
        var evictionTimes: [Tile: [Double]] = [:]
        for eviction in evictions { evictionTimes[eviction.tile, default: []].append(eviction.time) }
        for key in Array(evictionTimes.keys) { evictionTimes[key]?.sort() }
        var used: [Tile: Int] = [:]
        // The eviction time of each tile's latest hold (an inner nil: never evicted).
        var lastEnd: [Tile: Double?] = [:]
        var holds: [Hold] = []
        holds.reserveCapacity(requests.count)
        for (_, request) in orderedRequests {
            let k = used[request.tile, default: 0]
            used[request.tile] = k + 1
            if let previous = lastEnd[request.tile] {
                guard let end = previous, request.time >= end else {
                    throw .requestedWhileHeld(request.tile, at: request.time)
                }
            }
            let times = evictionTimes[request.tile] ?? []
            let eviction = k < times.count ? times[k] : nil
            if let eviction, eviction < request.time { throw .evictedBeforeRequest(request.tile, at: eviction) }
            lastEnd[request.tile] = .some(eviction)
            holds.append(
                Hold(tile: request.tile, request: request.time, completion: request.completion, eviction: eviction))
        }
        for (tile, times) in evictionTimes where times.count > used[tile, default: 0] {
            throw .evictedBeforeRequest(tile, at: times[used[tile, default: 0]])
        }
        self.holds = holds
    }

    /// The holds of a schedule: its preload and requests, paired with its evictions.
    /// - Throws: ``ResidencyError`` (never, for a schedule the library planned).
    public init(schedule: StreamingSchedule<Tile>) throws(ResidencyError<Tile>) {
        try self.init(
            requests: (schedule.preload + schedule.requests).map { ($0.tile, $0.time, $0.completion) },
            evictions: schedule.evictions.map { ($0.tile, $0.time) })
    }

    /// What `hold` is at time t: loading on [request, completion), resident on [completion, eviction), nil outside.
    public static func state(of hold: Hold, at t: Double) -> State? {
        guard t >= hold.request else { return nil }
        if let eviction = hold.eviction, t >= eviction { return nil }
        return t < hold.completion ? .loading : .resident
    }

    /// The tiles resident and loading at time t, each sorted (row-major on a grid).
    /// - Complexity: O(holds + tiles · log tiles).
    public func tiles(at t: Double) -> (resident: [Tile], loading: [Tile]) {
        var resident: [Tile] = []
        var loading: [Tile] = []
        for hold in holds {
            switch Self.state(of: hold, at: t) {
            case .resident: resident.append(hold.tile)
            case .loading: loading.append(hold.tile)
            case nil: break
            }
        }
        return (resident.sorted(), loading.sorted())
    }

    /// The most slots held at once (loading and resident): the schedule's peak.
    /// - Complexity: O(n log n).
    public var peakSlots: Int {
        // At equal times an eviction frees its slot before a request takes one (a schedule evicts before it requests).
        var events: [(time: Double, change: Int)] = []
        for hold in holds {
            events.append((hold.request, 1))
            if let eviction = hold.eviction { events.append((eviction, -1)) }
        }
        events.sort { ($0.time, $0.change) < ($1.time, $1.change) }
        var current = 0
        var peak = 0
        for event in events {
            current += event.change
            peak = max(peak, current)
        }
        return peak
    }
}

/// A schedule whose requests and evictions do not pair up into holds.
public enum ResidencyError<Tile: StreamedTile>: Error, Sendable, Hashable, CustomStringConvertible {
    /// An eviction of a tile that holds no slot at that time.
    case evictedBeforeRequest(Tile, at: Double)
    /// A request of a tile that already holds a slot.
    case requestedWhileHeld(Tile, at: Double)

    /// What was wrong, naming the tile and the time.
    public var description: String {
        switch self {
        case .evictedBeforeRequest(let tile, let t):
            return "tile \(tile) is evicted at t = \(MessageNumber.text(t)) s without a request before it"
        case .requestedWhileHeld(let tile, let t):
            return "tile \(tile) is requested at t = \(MessageNumber.text(t)) s while it still holds a slot"
        }
    }
}
